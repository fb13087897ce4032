import Foundation
import Mustache
import PasskeyLoginEngine
import PasskeyLoginFlow
import ReportModel
import SpecModel
import SpecParser
import SpecRunner
import Testing

@testable import SiteBuilder

/// The project's content, with the frozen fixture as its spec page.
private func projectContentWithFixture() throws -> ContentSet {
    var content = projectLint().content
    var bag = DiagnosticBag()
    let text = try String(contentsOfFile: fixtureSpecPath, encoding: .utf8)
    let source = try #require(SourceFile.validate(Array(text.utf8), path: fixtureSpecPath, diagnostics: &bag))
    guard case .spec(let spec) = PageParser.parse(source, relativePath: "native/login-error-states.md").0 else {
        Issue.record("not a spec")
        return content
    }
    content.specs = [spec]
    return content
}

/// A spec for one platform only, under `folder/`, made from a spec of the content: its
/// copy is the first column of each table, moved to `platform`.
private func singlePlatformSpec(from spec: Spec, id: String, folder: String, platform: Platform) -> Spec {
    var copy = spec
    copy.id = id
    copy.path = "\(folder)/login-error-states.md"
    copy.platforms = [platform]
    for section in copy.sections.indices {
        for scenario in copy.sections[section].scenarios.indices {
            var column = copy.sections[section].scenarios[scenario].copy[0]
            column.platform = platform
            copy.sections[section].scenarios[scenario].copy = [column]
        }
    }
    return copy
}

/// The project's content with a web spec beside the native one.
private func contentWithWeb() throws -> ContentSet {
    var content = try projectContentWithFixture()
    content.specs.append(singlePlatformSpec(from: content.specs[0], id: "W1.4", folder: "web", platform: .web))
    return content
}

private let emptyReport = RunReport(flows: [], specs: [], diagnostics: [])

@Suite struct NavigationTests {
    @Test func sectionsFollowTheContentFolders() throws {
        let content = try projectContentWithFixture()
        let groups = SiteNavigation.groups(content)
        #expect(groups.map(\.title) == ["Overview", "Native", "Reference"])
        #expect(groups[0].links.map(\.href) == ["index.html", "writers-guide.html"])
        #expect(groups[0].links.map(\.label) == ["Home", "Writer’s guide"])
        #expect(
            groups[1].links.map(\.href) == [
                "native/login-error-states.html", "native/login-error-states/screens.html",
                "native/login-error-states/kit.html",
            ])
        #expect(
            groups[1].links.map(\.label) == [
                content.specs[0].title, "Screens of \(content.specs[0].title)",
                "Run \(content.specs[0].title) against your app",
            ])
        #expect(
            groups[2].links.map(\.label) == [
                "Copy index", "Platform errors", "Steps", "Decisions", "Flow diagrams", "Changes", "Search",
            ])
    }

    @Test func aWebFolderComesBetweenOverviewAndNative() throws {
        let groups = SiteNavigation.groups(try contentWithWeb())
        #expect(groups.map(\.title) == ["Overview", "Web", "Native", "Reference"])
        #expect(
            groups[1].links.map(\.href) == [
                "web/login-error-states.html", "web/login-error-states/screens.html", "web/login-error-states/kit.html",
            ])
        #expect(
            groups[2].links.map(\.href) == [
                "native/login-error-states.html", "native/login-error-states/screens.html",
                "native/login-error-states/kit.html",
            ])
    }

    @Test func otherFoldersFollowByNameAndRootPagesAreInTheOverview() throws {
        var content = try contentWithWeb()
        let native = content.specs[0]
        var rooted = native
        rooted.path = "extra.md"
        var nested = native
        nested.path = "account-recovery/deep/page.md"
        var early = native
        early.path = "aaa/page.md"
        content.specs += [rooted, nested, early]
        let groups = SiteNavigation.groups(content)
        #expect(groups.map(\.title) == ["Overview", "Web", "Native", "Aaa", "Account recovery", "Reference"])
        #expect(
            groups[0].links.map(\.href) == [
                "index.html", "extra.html", "extra/screens.html", "extra/kit.html", "writers-guide.html",
            ])
        #expect(
            groups[4].links.map(\.href) == [
                "account-recovery/deep/page.html", "account-recovery/deep/page/screens.html",
                "account-recovery/deep/page/kit.html",
            ])
    }

    @Test func aFolderNamedAfterAPlatformTakesItsName() {
        for platform in Platform.known {
            #expect(SiteNavigation.title(ofFolder: platform.rawValue) == platform.displayName)
        }
        #expect(SiteNavigation.title(ofFolder: "native") == "Native")
        #expect(SiteNavigation.sectionTitle(ofPage: "writers-guide.md") == "Overview")
        #expect(SiteNavigation.sectionTitle(ofPage: "native/a.md") == "Native")
    }

    @Test func theCurrentPageIsMarkedAndOnlyIt() throws {
        let views = ViewModels(content: try contentWithWeb(), report: emptyReport)
        func current(_ layout: LayoutView) -> [String] {
            layout.sections.flatMap(\.items).filter(\.current).map(\.href)
        }
        for page in [
            "index.html", "writers-guide.html", "web/login-error-states.html", "web/login-error-states/screens.html",
            "copy.html",
        ] {
            #expect(current(views.layout(page: page, title: "T")) == [page], "\(page)")
        }
        let layout = views.layout(page: "web/login-error-states.html", title: "T")
        #expect(layout.root == "../")
        #expect(layout.sections.map(\.id) == ["nav-section-1", "nav-section-2", "nav-section-3", "nav-section-4"])
        #expect(current(views.layout(page: "steps.html", title: "T")).count == 1)
    }

    @Test func theNavigationRendersAsLabelledListsWithRelativeLinks() throws {
        let files = try SiteBuilder().render(
            content: try contentWithWeb(), report: emptyReport, templates: siteTemplates)
        let page = text(files, "web/login-error-states.html")
        #expect(page.contains("<nav class=\"site-nav\" aria-label=\"Site\">"))
        #expect(page.contains("<span class=\"nav-title\" id=\"nav-section-2\">Web</span>"))
        #expect(page.contains("<ul aria-labelledby=\"nav-section-2\">"))
        #expect(
            page.contains(
                "<li><a href=\"../web/login-error-states.html\" aria-current=\"page\">Passkey Login: Error States</a></li>"
            ))
        #expect(page.contains("<li><a href=\"../native/login-error-states.html\">Passkey Login: Error States</a></li>"))
        #expect(page.components(separatedBy: "aria-current=\"page\"").count == 2)
        let index = text(files, "index.html")
        #expect(index.contains("<li><a href=\"index.html\" aria-current=\"page\">Home</a></li>"))
        #expect(index.contains("<li><a href=\"copy.html\">Copy index</a></li>"))
        for (path, data) in files where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            #expect(!html.contains("href=\"/"), "\(path) has a link from the server root")
        }
    }
}

@Suite struct PlatformFilterTests {
    @Test func theCopyIndexHasAColumnAndABoxPerPlatformPresent() throws {
        let content = try contentWithWeb()
        let page = ViewModels(content: content, report: emptyReport).copyIndex(page: "copy.html").content
        let present = Platform.known.filter { platform in content.specs.contains { $0.platforms.contains(platform) } }
        #expect(page.platforms.map(\.id) == present.map(\.rawValue))
        #expect(page.platforms.map(\.name) == present.map(\.displayName))
        #expect(page.platformFilter)
        // The English columns, then each translation's, a column per platform each.
        let languages = ["en"] + content.locales.map(\.rawValue)
        #expect(page.columns.map(\.language) == languages.flatMap { Array(repeating: $0, count: present.count) })
        #expect(page.languages.map(\.tag) == content.locales.map(\.rawValue))
        for entry in page.entries {
            #expect(entry.cells.map(\.platform) == page.columns.map(\.platform))
            #expect(entry.cells.map(\.language) == page.columns.map(\.language))
        }
        let webOnly = page.entries.filter { entry in
            entry.cells.contains { $0.platform == Platform.web.rawValue && !$0.none }
        }
        #expect(!webOnly.isEmpty, "the web spec's strings have a web cell")
    }

    @Test func oneColumnNeedsNoFilter() throws {
        var content = try projectContentWithFixture()
        content.specs = [singlePlatformSpec(from: content.specs[0], id: "W1.4", folder: "web", platform: .web)]
        // No translation: one column.
        content.translations = []
        let page = ViewModels(content: content, report: emptyReport).copyIndex(page: "copy.html").content
        #expect(page.platforms.map(\.id) == [Platform.web.rawValue])
        #expect(!page.platformFilter)
        let html = text(
            try SiteBuilder().render(content: content, report: emptyReport, templates: siteTemplates), "copy.html")
        #expect(!html.contains("column-filter"))
    }

    @Test func theFilterRendersHiddenWithACheckedBoxPerColumn() throws {
        let content = try contentWithWeb()
        let html = text(
            try SiteBuilder().render(content: content, report: emptyReport, templates: siteTemplates), "copy.html")
        #expect(html.contains("<fieldset class=\"column-filter\" data-columns-target=\"copy-index\" hidden>"))
        #expect(html.contains("<table class=\"copy-index\" id=\"copy-index\">"))
        for platform in Platform.known {
            #expect(
                html.contains(
                    "<label><input type=\"checkbox\" value=\"\(platform.rawValue)\" checked> \(platform.displayName)</label>"
                ))
            #expect(
                html.contains(
                    "<th scope=\"col\" data-platform=\"\(platform.rawValue)\" data-language=\"en\">\(platform.displayName)</th>"
                ))
            #expect(html.contains("<td data-platform=\"\(platform.rawValue)\" data-language=\"en\">"))
        }
    }
}

@Suite struct HomeBadgeTests {
    @Test func aSpecShowsABadgePerPlatformItCovers() throws {
        let content = try contentWithWeb()
        let report = CheckRunner(
            flows: FlowRegistry([PasskeyLoginFlow.make { _ in Explorer(worlds: [], comparesWorlds: false) }])
        ).run(content)
        let home = ViewModels(content: content, report: report).home(page: "index.html").content
        let native = try #require(home.specs.first { $0.id == content.specs[0].id })
        let web = try #require(home.specs.first { $0.id == "W1.4" })
        #expect(native.badges.map(\.label) == ["spec"] + content.specs[0].platforms.map(\.displayName))
        #expect(web.badges.map(\.label) == ["spec", Platform.web.displayName])
        #expect(web.platforms == Platform.web.displayName)
        #expect(web.section == Platform.web.displayName)
        #expect(native.section == "Native")
        #expect(home.badges.contains { $0.href == "badges/W1.4.svg" })
        let files = try SiteBuilder().render(content: content, report: report, templates: siteTemplates)
        #expect(files["badges/W1.4.svg"] != nil)
        #expect(files["badges/\(content.specs[0].id).svg"] != nil)
    }

    @Test func platformNamesJoinIntoAPhrase() {
        #expect(ViewModels.phrase([]) == "")
        #expect(ViewModels.phrase(["A"]) == "A")
        #expect(ViewModels.phrase(["A", "B"]) == "A and B")
        #expect(ViewModels.phrase(["A", "B", "C"]) == "A, B and C")
    }
}

/// A section too large to list links to its own page instead, so pages do not each carry a
/// list of every page.
@Suite struct CollapsedSectionTests {
    /// The project's content plus `count` prose pages under `notes/`.
    func content(notes count: Int) throws -> ContentSet {
        var content = try projectContentWithFixture()
        for number in 1...count {
            content.pages.append(
                Page(
                    id: "note-\(number)", title: "Note \(number) & more", path: "notes/note-\(1000 + number).md",
                    body: [], location: SourceLocation(file: "notes/note-\(1000 + number).md", line: 1, column: 1)))
        }
        return content
    }

    @Test func aSectionOfTwelvePagesIsListedInFull() throws {
        let views = ViewModels(content: try content(notes: SiteNavigation.maximumListed), report: emptyReport)
        let notes = try #require(views.layout(page: "index.html", title: "Home").sections.first { $0.title == "Notes" })
        #expect(notes.items.count == SiteNavigation.maximumListed)
        #expect(views.collapsedSections.isEmpty)
    }

    @Test func aLargerSectionListsItsPageAndTheCurrentPage() throws {
        let views = ViewModels(content: try content(notes: 30), report: emptyReport)
        let home = try #require(views.layout(page: "index.html", title: "Home").sections.first { $0.title == "Notes" })
        #expect(home.items.map(\.href) == ["notes/index.html"])
        #expect(home.items.map(\.label) == ["All 30 pages"])
        let onNote = try #require(
            views.layout(page: "notes/note-1007.html", title: "Note 7").sections.first { $0.title == "Notes" })
        #expect(onNote.items.map(\.href) == ["notes/index.html", "notes/note-1007.html"])
        #expect(onNote.items.map(\.current) == [false, true])
    }

    /// The content root's pages collapse too, after the home page: a thousand pages at the
    /// root do not each list the thousand.
    @Test func aLargeOverviewKeepsTheHomePageAndLinksToItsSectionPage() throws {
        var content = try projectContentWithFixture()
        for number in 1...30 {
            content.pages.append(
                Page(
                    id: "root-\(number)", title: "Root \(number)", path: "root-\(1000 + number).md", body: [],
                    location: SourceLocation(file: "root-\(1000 + number).md", line: 1, column: 1)))
        }
        let views = ViewModels(content: content, report: emptyReport)
        let home = try #require(views.layout(page: "index.html", title: "Home").sections.first)
        #expect(home.title == "Overview")
        #expect(home.items.map(\.href) == ["index.html", "pages.html"])
        #expect(home.items.map(\.current) == [true, false])
        let onPage = try #require(views.layout(page: "root-1007.html", title: "Root 7").sections.first)
        #expect(onPage.items.map(\.href) == ["index.html", "pages.html", "root-1007.html"])
        #expect(onPage.items.map(\.current) == [false, false, true])
        let files = try SiteBuilder().render(content: content, report: emptyReport, templates: siteTemplates)
        let index = String(decoding: try #require(files["pages.html"]), as: UTF8.self)
        #expect(index.contains("<h1>Overview</h1>"))
        #expect(index.contains("<a href=\"root-1030.html\">Root 30</a>"))
        // The section page lists the thirty once; its navigation lists none of them.
        #expect(index.components(separatedBy: "<a href=\"root-").count - 1 == 30)
    }

    @Test func theSectionPageListsEveryPageEscapedAndPagesStayLinear() throws {
        let small = try SiteBuilder().render(
            content: try content(notes: 30), report: emptyReport, templates: siteTemplates)
        let large = try SiteBuilder().render(
            content: try content(notes: 60), report: emptyReport, templates: siteTemplates)
        let index = String(decoding: try #require(large["notes/index.html"]), as: UTF8.self)
        #expect(index.contains("<h1>Notes</h1>"))
        #expect(index.contains("<a href=\"../notes/note-1060.html\">Note 60 &amp; more</a>"))
        #expect(index.components(separatedBy: "<li><a href=\"../notes/note-").count == 61)
        // A note's page is the same size however many notes there are: no list of them all.
        let page30 = try #require(small["notes/note-1007.html"]).count
        let page60 = try #require(large["notes/note-1007.html"]).count
        #expect(page30 == page60)
    }
}

/// The navigation of a layout, read back from its Mustache form.
struct NavigationSectionValue {
    var id: String
    var title: String
    var items: [(href: String, label: String, current: Bool)]
}

extension LayoutView {
    var sections: [NavigationSectionValue] {
        func text(_ value: MustacheValue?) -> String {
            if case .string(let text)? = value { return text }
            return ""
        }
        guard case .array(let sections) = nav.mustacheValue else { return [] }
        return sections.compactMap { section in
            guard case .object(let members) = section, case .array(let items)? = members["items"] else { return nil }
            return NavigationSectionValue(
                id: text(members["id"]), title: text(members["title"]),
                items: items.compactMap { item in
                    guard case .object(let fields) = item else { return nil }
                    return (text(fields["href"]), text(fields["label"]), fields["current"] == .bool(true))
                })
        }
    }
}
