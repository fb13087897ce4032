import SpecModel
import Testing

@Suite struct MessageExplanationTests {
    @Test(arguments: MessageID.allCases)
    func everyIDIsExplained(_ id: MessageID) {
        let explanation = id.explanation
        for (field, text) in [
            ("summary", explanation.summary), ("detail", explanation.detail), ("example", explanation.example),
            ("fix", explanation.fix),
        ] {
            #expect(!text.trimmingWhitespace().isEmpty, "\(id.rawValue) has an empty \(field)")
        }
        #expect(!explanation.summary.contains("\n"), "\(id.rawValue): the summary is one line")
        #expect(explanation.summary.count <= 100, "\(id.rawValue): the summary is short")
    }

    @Test(arguments: MessageID.allCases)
    func theSampleMessageIsOfItsID(_ id: MessageID) {
        let sample = id.sampleMessage
        #expect(sample.id == id)
        let startsWithPlatform = Platform.known.contains { sample.text.hasPrefix($0.displayName + " ") }
        #expect(
            sample.text.first?.isLowercase == true || sample.text.first == "'" || startsWithPlatform, "\(id.rawValue)")
        #expect(!sample.text.hasSuffix("."), "\(id.rawValue)")
    }

    @Test func copyStyleRulesAreWarningsAndStructuralProblemsErrors() {
        let warnings: Set<MessageID> = [
            .triggerWithoutSignal, .copyTitleCase, .copySentenceCase, .copyStraightQuote, .copyTrailingPeriod,
            .copyPlaceholder, .copyButtonLength,
        ]
        for id in MessageID.allCases {
            #expect(id.sampleMessage.severity == (warnings.contains(id) ? .warning : .error), "\(id.rawValue)")
        }
    }

    @Test func summariesAreDistinct() {
        let summaries = MessageID.allCases.map(\.explanation.summary)
        #expect(Set(summaries).count == summaries.count)
    }
}
