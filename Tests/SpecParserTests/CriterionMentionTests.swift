import Testing

@testable import SpecParser

@Suite struct CriterionMentionTests {
    @Test func findsIDsAndRangesWithAnyDash() {
        let mentions = CriterionMention.scan(
            "See N1.4-AC01–AC03, N1.4-AC05 and N1.4-AC06 — N1.4-AC07 or N1.4-AC08-AC09.")
        #expect(mentions.map(\.first) == ["N1.4-AC01", "N1.4-AC05", "N1.4-AC06", "N1.4-AC08"])
        #expect(mentions.map(\.last) == ["AC03", nil, "N1.4-AC07", "AC09"])
    }

    @Test func ignoresTextWithoutIDs() {
        #expect(CriterionMention.scan("Nothing — here – at all").isEmpty)
    }
}
