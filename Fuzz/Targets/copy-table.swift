// Fuzz target: a copy table, given as the table under a scenario of a spec page, read by the
// copy-table reader (platform columns, row labels, placeholders, trigger code spans).
import Foundation
import SpecModel
import SpecParser

private let page = """
    # Fuzz
    <!-- spec: F1 flow: passkey-login platforms: ios, android, web -->

    ## Scenarios
    <!-- section: s kind: scenarios -->

    ### One
    <!-- scenario: one -->


    """

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCopyTable(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    let source = SourceFile(path: "fuzz.md", text: page + text)
    let (parsed, diagnostics) = PageParser.parse(source, relativePath: "fuzz.md")
    for diagnostic in diagnostics {
        precondition(diagnostic.location.line >= 1 && diagnostic.location.column >= 1, "\(diagnostic)")
    }
    if case .spec(let spec) = parsed {
        for scenario in spec.scenarios {
            for copy in scenario.copy {
                for name in copy.trigger.names {
                    precondition(name.location.line >= 1 && name.location.column >= 1, "\(name)")
                }
            }
        }
    }
    return 0
}
