import Foundation
import PasskeyLoginEngine
import PasskeyLoginFlow
import SpecModel
import SpecParser
import Testing

@testable import SpecRunner

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
/// A frozen copy of `content/native/login-error-states.md` that the engineering tests read and
/// edit, so that a writer who rewords the content does not break them. It is a copy on purpose:
/// do not keep it in step with the content. `SiteBuilderTests` and the CLI tests read it too.
let specPath = packageRoot.appendingPathComponent("Tests/SpecRunnerTests/Fixtures/login-error-states.md").path

/// The project's real spec page, for the tests whose point is that the content itself passes.
let contentSpecPath = packageRoot.appendingPathComponent("content/native/login-error-states.md").path

/// The fixture's text (see `specPath`).
func specText() throws -> String { try String(contentsOfFile: specPath, encoding: .utf8) }

/// The text of the page at `path`.
func specText(at path: String) throws -> String { try String(contentsOfFile: path, encoding: .utf8) }

/// Parses spec text held in memory.
func parseSpec(_ text: String, path: String = "spec.md") throws -> Spec {
    var bag = DiagnosticBag()
    let source = try #require(SourceFile.validate(Array(text.utf8), path: path, diagnostics: &bag))
    let (page, diagnostics) = PageParser.parse(source, relativePath: path)
    #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
    guard case .spec(let spec) = page else {
        Issue.record("not a spec")
        throw CancellationError()
    }
    return spec
}

/// The passkey-login flow without the (slow) exploration: coverage then rests on what the
/// checks show.
let fastFlow = PasskeyLoginFlow.make { _ in Explorer(worlds: [], comparesWorlds: false) }

/// A runner with `fastFlow`.
let fastRunner = CheckRunner(flows: FlowRegistry([fastFlow]))

/// The 1-based line of the first line holding `text` after line `after`.
func line(of text: String, in source: String, after: Int = 0) -> Int {
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in lines.enumerated() where index + 1 > after && line.contains(text) {
        return index + 1
    }
    return -1
}
