import ConformanceKit
import Exports
import Foundation
import ReportModel
import SpecModel
import SpecRunner
import Utilities

/// The conformance kits of some content: what `export --format swift-kit|kotlin-kit|web-kit`
/// writes and what `build` publishes under `exports/kits/`, made one way for both.
enum ConformanceKits {
    /// The kind of the cache's entries that hold the site's kits, as an archive of files.
    static let kind = CacheKind("kits", version: 1, limit: 8, fileExtension: ".kits")

    /// The kit of `format` for the content's specs that cover its platform, each script
    /// recorded by the spec's flow; nil for a format that is not a kit.
    static func files(_ format: ExportFormat, content: ContentSet, flows: FlowRegistry) -> [KitFile]? {
        guard let platform = format.kitPlatform, let language = KitLanguage(kitFormat: format.rawValue) else {
            return nil
        }
        let scripts = content.specs.filter { $0.platforms.contains(platform) }.compactMap { spec -> KitScript? in
            guard let name = spec.flow?.name, let record = flows.flow(id: name)?.conformanceScript else { return nil }
            return record(spec, platform)
        }
        return KitWriter.files(language, scripts: scripts)
    }

    /// `siteFiles(content:flows:)`, from the tool's cache when it holds the kits of the same
    /// run made by the same tool: `fingerprint` is the run report's, a hash of the specs and
    /// the flows, which are all a kit is recorded from; the tool's own hash covers the kits'
    /// runtimes and writers. Recording and encoding the scripts is most of a build's work
    /// otherwise, and the kits seldom change from one build to the next.
    static func siteFiles(
        content: ContentSet, flows: FlowRegistry, cache: ToolCache?, fingerprint: String?
    ) -> [(path: String, bytes: [UInt8])] {
        guard let store = cache?.store, let fingerprint else { return siteFiles(content: content, flows: flows) }
        if let bytes = store.bytes(kind, key: [fingerprint]), let files = SiteFileArchive.files(in: bytes) {
            return files
        }
        let files = siteFiles(content: content, flows: flows)
        store.keep(SiteFileArchive.bytes(of: files), kind, key: [fingerprint])
        return files
    }

    /// Every kit's files as the site publishes them: `exports/kits/<language>/<path>`.
    static func siteFiles(content: ContentSet, flows: FlowRegistry) -> [(path: String, bytes: [UInt8])] {
        ExportFormat.allCases.filter(\.isKit).flatMap { format in
            (files(format, content: content, flows: flows) ?? []).map {
                (path: format.sitePath + "/" + $0.path, bytes: [UInt8]($0.contents))
            }
        }
    }
}

/// Files with their paths in one file of the tool's cache: for each, a line with the path's
/// and the contents' lengths in bytes, then the path and the contents.
enum SiteFileArchive {
    static func bytes(of files: [(path: String, bytes: [UInt8])]) -> [UInt8] {
        var archive: [UInt8] = []
        archive.reserveCapacity(files.reduce(0) { $0 + $1.path.utf8.count + $1.bytes.count + 16 })
        for file in files {
            archive += Array("\(file.path.utf8.count) \(file.bytes.count)\n".utf8)
            archive += Array(file.path.utf8)
            archive += file.bytes
        }
        return archive
    }

    /// The files of an archive; nil when it is not one whole (a cache entry cut short).
    static func files(in archive: [UInt8]) -> [(path: String, bytes: [UInt8])]? {
        var files: [(path: String, bytes: [UInt8])] = []
        var index = 0
        while index < archive.count {
            guard let newline = archive[index...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            let lengths = String(decoding: archive[index..<newline], as: UTF8.self).split(separator: " ")
            guard lengths.count == 2, let pathLength = Int(lengths[0]), let length = Int(lengths[1]),
                pathLength >= 0, length >= 0, archive.count - (newline + 1) >= pathLength + length
            else { return nil }
            let pathStart = newline + 1
            let start = pathStart + pathLength
            files.append(
                (String(decoding: archive[pathStart..<start], as: UTF8.self), Array(archive[start..<(start + length)])))
            index = start + length
        }
        return files
    }
}
