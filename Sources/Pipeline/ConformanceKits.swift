import ConformanceKit
import Exports
import Foundation
import SpecModel
import SpecRunner

/// The conformance kits of some content: what `export --format swift-kit|kotlin-kit|web-kit`
/// writes and what `build` publishes under `exports/kits/`, made one way for both.
enum ConformanceKits {
    /// The kit of `format` for the content's specs that cover its platform, each script
    /// recorded by the spec's flow; nil for a format that is not a kit.
    static func files(_ format: ExportFormat, content: ContentSet, flows: FlowRegistry) -> [KitFile]? {
        guard let platform = format.kitPlatform, let language = KitLanguage(kitFormat: format.rawValue) else {
            return nil
        }
        let decoder = JSONDecoder()
        let scripts = content.specs.filter { $0.platforms.contains(platform) }.compactMap { spec -> KitScript? in
            guard let name = spec.flow?.name, let record = flows.flow(id: name)?.conformanceScript else { return nil }
            return try? decoder.decode(KitScript.self, from: record(spec, platform))
        }
        return KitWriter.files(language, scripts: scripts)
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
