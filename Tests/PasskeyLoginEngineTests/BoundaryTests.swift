import Foundation
import Testing

/// The engine knows nothing of Markdown, the parser or HTML: it imports only the model (for
/// `Platform`, its decisions and error reference entries) and the utilities under it.
@Suite struct BoundaryTests {
    @Test func theEngineImportsOnlyTheModel() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/PasskeyLoginEngine")
        let files = try #require(FileManager.default.enumerator(atPath: sources.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".swift") }
        #expect(files.count > 5)
        for file in files {
            let text = try String(contentsOf: sources.appendingPathComponent(file), encoding: .utf8)
            let imports = text.split(separator: "\n").filter { $0.hasPrefix("import ") }
            #expect(
                imports.allSatisfy { $0 == "import SpecModel" || $0 == "import Utilities" },
                "\(file) imports \(imports)")
            #expect(!text.contains("<html") && !text.contains("cmark"), "\(file) mentions HTML or cmark")
        }
    }
}
