import Foundation
import Testing

@testable import LanguageServer

/// What a diagnostic underlines: the value it is about, from its column to where that value
/// ends on the line.
@Suite struct TextPositionsTests {
    /// The text a diagnostic at the first occurrence of `at` in `line` underlines.
    static func underlined(_ line: String, at: String) -> String {
        let bytes = Array(line.utf8)
        let start = line.utf8.distance(from: line.startIndex, to: line.range(of: at)!.lowerBound)
        return String(decoding: bytes[start..<TextPositions.end(of: bytes, from: start)], as: UTF8.self)
    }

    @Test(arguments: [
        // A quoted value.
        (#"  Then the user sees the "deleted-pasky" copy"#, #""deleted-pasky""#, #""deleted-pasky""#),
        // A name in backticks, from inside them: the name, not the rest of the cell.
        (
            "| Trigger | When `ASAuthorizationError.Code.faild` (1004), answered | x |", "ASAuthorizationError",
            "ASAuthorizationError.Code.faild"
        ),
        // A name that opens its cell stands for the cell: a finding about the cell is there too.
        (
            "| Trigger | `NoCredentialException`, or `X` | x |", "NoCredentialException",
            "NoCredentialException`, or `X`"
        ),
        // A value from inside its quotes (where a step's findings are), spaces and all.
        (#"  Given the enumeration policy is "rev eal""#, "rev eal", "rev eal"),
        // A raw value right after a name.
        ("| Trigger | `A`(1001), `B` | x |", "(1001)", "(1001)"),
        // A step whose keyword is followed by a tab.
        ("  Then\tthe user sees it", "Then", "Then\tthe user sees it"),
        // A raw value in parentheses.
        ("| Trigger | `X` (1004), when | x |", "(1004)", "(1004)"),
        // A link: its text and its target, spaces and all.
        (
            "See the [copy style guide](writers-guide.md#copy-styles) for more.", "[copy",
            "[copy style guide](writers-guide.md#copy-styles)"
        ),
        // A reference without a target.
        ("- **N1.4-AC09:** [Android docs] say so.", "[Android", "[Android docs]"),
        // A step: the whole phrase, not its keyword alone.
        ("  And the unknown-credential signl is sent  ", "And", "And the unknown-credential signl is sent"),
        // A table cell, to its bar.
        ("| Message | TBD soon | x |", "TBD", "TBD soon"),
        // A word in prose.
        ("Some words here", "words", "words"),
    ])
    func aDiagnosticUnderlinesTheValueThatStartsAtItsColumn(line: String, at: String, expected: String) {
        #expect(Self.underlined(line, at: at) == expected)
    }
}
