// Fuzz target: a block of checks, read by the Gherkin reader inside a spec page, each step
// bound by the passkey-login flow's step matcher and run on every platform; and every line
// of the input bound as a step of its own, keyword or not.
import Foundation
import PasskeyLoginFlow
import SpecModel
import SpecParser

@testable import SpecRunner

private let flow = PasskeyLoginFlow.flow
private let runner = CheckRunner(flows: FlowRegistry([flow]))

private let page = """
    # Fuzz
    <!-- spec: F1 flow: passkey-login platforms: ios, android -->

    ## Scenarios
    <!-- section: s kind: scenarios -->

    ### One
    <!-- scenario: one -->

    |         | iOS | Android |
    | ------- | --- | ------- |
    | Trigger | `A` | `B` |
    | Title   | T | T |
    | Message | M | M |

    ```gherkin

    """

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGherkin(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    let source = SourceFile(path: "fuzz.md", text: page + text + "\n```\n")
    let (parsed, _) = PageParser.parse(source, relativePath: "fuzz.md")
    if case .spec(let spec) = parsed {
        for check in spec.checks {
            _ = runner.run(check, flow: flow, platforms: spec.platforms)
        }
    }
    // Suggesting the closest step is an edit distance against every pattern: a few lines suffice.
    for (index, line) in text.split(separator: "\n").prefix(3).enumerated() {
        let step = Step(
            keyword: .given, text: String(line), location: SourceLocation(file: "fuzz.md", line: index + 1, column: 1))
        _ = flow.steps.bind(step)
    }
    return 0
}
