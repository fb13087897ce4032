import Foundation
import Pipeline
import SpecModel
import TestSupport
import Testing
import Utilities

/// `build` as the pipeline does it, in process: the site it writes, what an edit renders
/// again, and what it does when something is wrong.
@Suite struct BuildTests {
    /// The committed site is a function of the repository: a build of `content/` into an empty
    /// folder gives it byte for byte (the Changes page included, whose baseline comes from git).
    @Test func aBuildIntoAnEmptyFolderEqualsTheCommittedSite() throws {
        let folder = try TemporaryFolder()
        let out = folder.url.appendingPathComponent("site")
        let result = pipeline(folder).build(into: out.path)
        #expect(result.failure == nil, "\(String(describing: result.failure))")
        #expect(result.stage == .write)
        #expect(result.passed, "\(result.errors)")
        let fresh = try files(under: out)
        let committed = try files(under: packageRoot.appendingPathComponent("site"))
        #expect(Set(fresh.keys) == Set(committed.keys), "site/ has other files than a fresh build; run 'make site'")
        let stale = fresh.keys.filter { fresh[$0] != committed[$0] }.sorted()
        #expect(stale.isEmpty, "stale in site/: \(stale); run 'make site'")
    }

    /// A build over the previous one gives the same bytes as a build into an empty folder.
    @Test func aBuildOverAnEarlierBuildEqualsABuildIntoAnEmptyFolder() throws {
        let folder = try TemporaryFolder()
        let content = try copyContent(into: folder)
        let first = folder.url.appendingPathComponent("first")
        let second = folder.url.appendingPathComponent("second")
        let build = pipeline(folder, in: folder.url, roots: [content])
        #expect(build.build(into: first.path).stage == .write)
        let guide = folder.url.appendingPathComponent("content/native/login-error-states.md")
        let text = try String(contentsOf: guide, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "Passkey Can’t Be Used", with: "Passkey Can’t Sign In").utf8).write(
            to: guide)
        #expect(build.build(into: first.path).stage == .write)
        #expect(build.build(into: second.path).stage == .write)
        #expect(try files(under: first) == files(under: second))
    }

    /// A one-word edit to a prose page renders that page alone, into a folder or into memory.
    @Test func aOneWordEditToAProsePageRendersThatPageAlone() throws {
        let folder = try TemporaryFolder()
        let content = try copyContent(into: folder)
        let build = pipeline(folder, in: folder.url, roots: [content])
        let out = folder.url.appendingPathComponent("out")
        let first = build.build(into: out.path)
        #expect((first.output?.renderedPages.count ?? 0) > 5)
        let preview = PreviewSession(build)
        #expect(preview.rebuild().stage == .write)

        let guide = folder.url.appendingPathComponent("content/writers-guide.md")
        let text = try String(contentsOf: guide, encoding: .utf8)
        let edited = text.replacingOccurrences(
            of: "stable", with: "steady", options: [], range: text.range(of: "stable"))
        #expect(edited != text)
        try Data(edited.utf8).write(to: guide)

        let second = build.build(into: out.path)
        #expect(second.output?.renderedPages == ["writers-guide.html"])
        #expect(second.output?.written == ["writers-guide.html"])
        let again = preview.rebuild()
        #expect(again.output?.renderedPages == ["writers-guide.html"])
        let page = try #require(preview.site["writers-guide.html"])
        #expect(String(decoding: page, as: UTF8.self).contains("steady"))
        #expect(try Data(contentsOf: out.appendingPathComponent("writers-guide.html")) == page)
    }

    /// A build reads an editor's unsaved text, as the lint does: the site shows what the
    /// writer sees, into memory (the preview) and into a folder alike.
    @Test func aBuildReadsTheEditorsUnsavedText() throws {
        let folder = try TemporaryFolder()
        let content = try copyContent(into: folder)
        let guide = folder.url.appendingPathComponent("content/writers-guide.md").path
        let text = try String(contentsOfFile: guide, encoding: .utf8)
        var configuration = pipeline(folder, in: folder.url, roots: [content]).configuration
        configuration.unsaved = [guide: Array((text + "\nA sentence not saved yet.\n").utf8)]
        let preview = PreviewSession(Pipeline(configuration))
        #expect(preview.rebuild().stage == .write)
        let page = String(decoding: try #require(preview.site["writers-guide.html"]), as: UTF8.self)
        #expect(page.contains("A sentence not saved yet."))
        let out = folder.url.appendingPathComponent("out")
        #expect(Pipeline(configuration).build(into: out.path).stage == .write)
        let written = try String(contentsOf: out.appendingPathComponent("writers-guide.html"), encoding: .utf8)
        #expect(written.contains("A sentence not saved yet."))
    }

    /// A page that does not parse renders nothing and leaves the previous site as it was.
    @Test func aPageThatDoesNotParseRendersNothing() throws {
        let folder = try TemporaryFolder()
        let content = try copyContent(into: folder)
        let build = pipeline(folder, in: folder.url, roots: [content])
        let out = folder.url.appendingPathComponent("out")
        #expect(build.build(into: out.path).stage == .write)
        let before = try files(under: out)
        try folder.write("content/broken.md", "# Broken\n<!-- spec: B1 -->\n")
        let result = build.build(into: out.path)
        #expect(result.output == nil)
        #expect(result.stage == .lint)
        #expect(result.errors.map(\.id).contains("missing-platforms"))
        #expect(try files(under: out) == before)
    }

    /// With no templates folder where it runs, a build uses the templates built into the tool,
    /// which are the repository's: the same site.
    @Test func aBuildFromAnyFolderUsesTheBuiltInTemplates() throws {
        let folder = try TemporaryFolder()
        let content = try copyContent(into: folder)
        let elsewhere = pipeline(folder, in: folder.url, roots: [content])
        let withFolder = pipeline(
            folder, in: folder.url, roots: [content], templates: packageRoot.appendingPathComponent("templates").path)
        #expect(elsewhere.build(into: "built-in").stage == .write)
        #expect(withFolder.build(into: "from-folder").stage == .write)
        #expect(
            try files(under: folder.url.appendingPathComponent("built-in"))
                == files(under: folder.url.appendingPathComponent("from-folder")))
    }

    /// A templates folder replaces the built-in files it has, and only those.
    @Test func aTemplatesFolderReplacesOnlyTheFilesItHas() throws {
        let folder = try TemporaryFolder()
        let content = try copyContent(into: folder)
        try folder.write("templates/page.mustache", "{{<layout}}{{$content}}<p>own page</p>{{/content}}{{/layout}}\n")
        let own = pipeline(folder, in: folder.url, roots: [content])
        let built = own.build(into: "out")
        #expect(built.stage == .write, "\(built.diagnostics) \(String(describing: built.failure))")
        let guide = try String(contentsOf: folder.url.appendingPathComponent("out/writers-guide.html"), encoding: .utf8)
        #expect(guide.contains("<p>own page</p>"))
        // The layout, the other templates and the stylesheet are still the built-in ones.
        #expect(guide.contains("assets/style.css"))
        #expect(FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out/copy.html").path))
    }

    /// A broken template is a located error at its file, and nothing is written.
    @Test func aBrokenTemplateIsLocatedAtItsFile() throws {
        let folder = try TemporaryFolder()
        let content = try copyContent(into: folder)
        try folder.write("mine/home.mustache", "{{<layout}}\n{{$content}}{{#specs}}{{/content}}{{/layout}}")
        let result = pipeline(folder, in: folder.url, roots: [content], templates: "mine").build(into: "out")
        #expect(result.output == nil)
        let error = try #require(
            result.errors.first { $0.id == "template-error" },
            "\(result.diagnostics) \(String(describing: result.failure))")
        #expect(error.location.file == "mine/home.mustache")
        #expect(error.location.line == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out").path))
    }

    /// A templates folder that does not exist is a usage error, not the built-in templates.
    @Test func aMissingTemplatesFolderIsAUsageError() throws {
        let folder = try TemporaryFolder()
        let content = try copyContent(into: folder)
        let result = pipeline(folder, in: folder.url, roots: [content], templates: "nowhere").build(into: "out")
        #expect(result.failure == PipelineFailure(.usage, .pathNotFound("nowhere"), argument: "nowhere"))
    }

    /// Content that does not exist is a usage error.
    @Test func contentThatDoesNotExistIsAUsageError() throws {
        let folder = try TemporaryFolder()
        let result = pipeline(folder, in: folder.url, roots: ["contents"]).build(into: "out")
        #expect(result.failure == PipelineFailure(.usage, .pathNotFound("contents"), argument: "contents"))
        #expect(result.stage == .none)
    }
}

/// What a build notices of an edit made right after the previous one.
@Suite struct RacyEditTests {
    /// An edit of the same size in the same tick of the file system's clock as the previous
    /// build keeps the file's stamp (size and time); the next build reads it again anyway.
    @Test func aSameSizeEditRightAfterABuildIsSeen() throws {
        let folder = try TemporaryFolder()
        let content = try copyContent(into: folder)
        let guide = folder.url.appendingPathComponent("content/writers-guide.md")
        let build = pipeline(folder, in: folder.url, roots: [content])
        // Saved a moment before the build lists the content.
        #expect(utimensat(AT_FDCWD, guide.path, nil, 0) == 0)
        let before = try #require(FileStamp(path: guide.path))
        #expect(build.build(into: "out").stage == .write)
        let text = try String(contentsOf: guide, encoding: .utf8)
        let edited = text.replacingOccurrences(
            of: "stable", with: "steady", options: [], range: text.range(of: "stable"))
        #expect(edited.utf8.count == text.utf8.count)
        // In place, as an editor saving over the file does: the same file, the same size.
        _ = try FileBytes.write(Array(edited.utf8), to: guide.path)
        // As if within the same tick of the file system's clock: the same time as the save
        // before the build, and the same size.
        let time = timespec(tv_sec: Int(before.seconds), tv_nsec: Int(before.nanoseconds))
        #expect(utimensat(AT_FDCWD, guide.path, [time, time], 0) == 0)
        let second = build.build(into: "out")
        #expect(second.output?.renderedPages == ["writers-guide.html"])
        let page = try String(contentsOf: folder.url.appendingPathComponent("out/writers-guide.html"), encoding: .utf8)
        #expect(page.contains("steady"))
    }
}
