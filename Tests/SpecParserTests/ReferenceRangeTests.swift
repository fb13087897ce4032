import SpecModel
import TestSupport
import Testing

/// A bad criterion range in a reference is one mistake, reported once however many links the
/// reference holds.
@Suite struct ReferenceRangeTests {
    static let threeLinks =
        "- **T1-AC01–AC03:** [Doc](https://example.com/a), [More](https://example.com/b) and [Last](https://example.com/c) cover it."

    @Test func aRangePastTheTableIsOneError() {
        let text = validSpec(replacing: "- **T1-AC01:** [Doc](https://example.com) covers it.", with: Self.threeLinks)
        let found = parse(text).diagnostics
        #expect(found.map(\.id) == ["reference-to-unknown-criterion"])
        #expect(
            found.first?.message.text
                == "reference names criteria 'T1-AC02', 'T1-AC03', which the criteria table does not define")
    }

    @Test func aBackwardsRangeIsOneError() {
        let backwards = Self.threeLinks.replacingOccurrences(of: "T1-AC01–AC03", with: "T1-AC03–AC01")
        let text = validSpec(replacing: "- **T1-AC01:** [Doc](https://example.com) covers it.", with: backwards)
        let found = parse(text).diagnostics
        #expect(found.map(\.id) == ["backwards-criterion-range"])
        #expect(found.first?.location.line == 33)
    }

    /// A range with a few extra digits was expanded one criterion at a time, each checked
    /// against all before it: `AC01–AC999999999` ran for hours.
    @Test(arguments: ["T1-AC01–AC999999999", "T1-AC00–AC9223372036854775807", "T1-AC01–AC101"])
    func aRangeOverMoreThanAHundredCriteriaIsOneErrorAndNotExpanded(_ range: String) {
        let text = validSpec(
            replacing: "- **T1-AC01:** [Doc](https://example.com) covers it.",
            with: "- **\(range):** [Doc](https://example.com) covers it.")
        let found = parse(text).diagnostics
        #expect(found.map(\.id) == ["criterion-range-too-long"])
        #expect(found.first?.location.line == 33)
    }

    @Test func aRangeOfAHundredCriteriaIsExpanded() {
        let text = validSpec(
            replacing: "- **T1-AC01:** [Doc](https://example.com) covers it.",
            with: "- **T1-AC01–AC100:** [Doc](https://example.com) covers it.")
        let found = parse(text).diagnostics
        #expect(found.map(\.id) == ["reference-to-unknown-criterion"])
    }
}
