import SpecModel
import Testing

@Suite struct DiagnosticModelTests {
    @Test func printsInCompilerForm() {
        let diagnostic = Diagnostic(.emptyFile, at: SourceLocation(file: "content/a.md", line: 3, column: 7))
        #expect(diagnostic.description.hasPrefix("content/a.md:3:7: error: file is empty"))
        #expect(diagnostic.description.hasSuffix(" [empty-file]"))
    }

    @Test func bagSortsByLocationAndKnowsAboutErrors() {
        var bag = DiagnosticBag()
        bag.report(.triggerWithoutSignal(.ios), at: SourceLocation(file: "b.md", line: 1, column: 1))
        #expect(!bag.hasErrors)
        bag.report(.emptyFile, at: SourceLocation(file: "a.md", line: 9, column: 1))
        bag.report(.binaryFile, at: SourceLocation(file: "a.md", line: 2, column: 5))
        bag.report(.missingTitle, at: SourceLocation(file: "a.md", line: 2, column: 5))
        #expect(bag.hasErrors)
        #expect(bag.sorted.map(\.id) == [.binaryFile, .missingTitle, .emptyFile, .triggerWithoutSignal])
    }
}

@Suite struct MessageCatalogueTests {
    @Test func idsAreUniqueLowercaseAndHyphenated() {
        let ids = MessageID.allCases.map(\.rawValue)
        #expect(Set(ids).count == ids.count)
        for id in ids {
            #expect(id.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }, "\(id)")
            #expect(!id.hasPrefix("-") && !id.hasSuffix("-") && !id.contains("--"), "\(id)")
        }
    }

    @Test func textsStartLowercaseAndHaveNoTrailingPeriod() {
        let here = SourceLocation(file: "a.md", line: 1, column: 1)
        let samples: [Message] = [
            .emptyFile, .invalidUTF8(byte: 0xFF), .binaryFile, .fileTooLarge(bytes: 2, limit: 1), .notASpecPage,
            .missingTitle,
            .duplicateTitle, .malformedMetadata("x"), .malformedSpecID("x"), .missingPlatforms, .unknownPlatform("x"),
            .missingSectionID("x"), .unknownSectionKind("x"), .malformedID("x"), .missingScenarioID("x"),
            .scenarioOutsideSection, .missingCopyTable("x"), .extraCopyTable("x"), .missingPlatformColumn(.ios),
            .unknownPlatformColumn("x", declared: [.ios]), .duplicatePlatformColumn(.ios), .unknownCopyRow("x"),
            .missingCopyRow("x"), .duplicateCopyRow("x"), .emptyCopyCell(row: "x", platform: .ios), .missingActionID,
            .triggerWithoutSignal(.ios), .missingCriteriaTable, .criteriaTableColumns(found: ["x"]),
            .malformedCriterionID("x"), .foreignCriterionID("x", spec: "y"), .emptyCriterionCell("x"),
            .malformedBenchmarkTable, .unclosedCheckBlock, .emptyCheckBlock, .checkOutsideCriterion,
            .checkForUnknownCriterion("x"), .stepWithoutKeyword("x"), .stepOutsideScenario, .scenarioWithoutSteps("x"),
            .unnamedCheck, .conjunctionWithoutStep("And"), .referenceWithoutLink, .unsafeReferenceLink("x"),
            .referenceWithoutCriteria, .referenceToUnknownCriterion(["x"]), .backwardsCriterionRange("x"),
            .unknownCommand("x", suggestion: nil), .unknownOption("x", command: "y", suggestion: "z"),
            .missingOptionValue("x"), .unsupportedFormat("x", supported: ["json"]),
            .unexpectedArgument("x", command: "y"), .invalidOptionValue("x", value: "y", expected: "z"),
            .pathNotFound("x"), .noMarkdownFiles("x"), .writeFailed("x", reason: "y"), .unexpectedFailure("x"),
            .duplicateSpecID("x", first: here), .duplicatePageID("x", first: here),
            .duplicateSectionID("x", first: here),
            .duplicateScenarioID("x", first: here), .duplicateCriterionID("x", first: here),
            .duplicateCheckName("x", first: here), .unreadableFile("x"),
            .undefinedStep("x", suggestion: "y"), .ambiguousStep("x", patterns: ["a", "b"]),
            .invalidStepParameter("x", kind: "status", allowed: ["a"]),
            .stepFailed(platform: "iOS", expected: "x", observed: "y"),
            .scenarioNotExercised("x"), .scenarioMissingFromSpec("x", platform: "iOS"),
            .unreachableScenario("x", platform: "iOS"),
            .actionWithoutCopy("x", scenario: "y", platform: "iOS"),
            .unreachableAction("x", scenario: "y", platform: "iOS"),
            .noticeWithoutCopy("x", platform: "iOS"), .copyWithoutNotice("x", platform: "iOS"),
            .invariantViolated("x", detail: "y"), .explorationIncomplete(depth: 1), .criterionWithoutChecks("x"),
            .templateError("x"), .outputNotASite("x"), .unreadableReport("x", reason: "y"),
            .unknownScenario("x", closest: ["y"]), .missingScenarioArgument,
            .unknownTriggerName("x", platform: "iOS", suggestion: "y", otherPlatform: nil),
            .triggerLeadsElsewhere("x", scenario: "y", platform: "iOS", destinations: ["z"]),
            .triggerNotNamed("x", scenario: "y", platform: "iOS"), .triggerRawValue("x", expected: "1001", found: nil),
            .copyTitleCase("x", words: ["y"], part: "title", platform: "iOS"),
            .copySentenceCase("x", lowercase: ["Y"], part: "title", platform: "Android"),
            .copyStraightQuote("x", quote: "'", replacement: "’"),
            .copyTrailingPeriod("x", part: "title", platform: "iOS"),
            .copyPlaceholder("x", placeholders: ["%@"], row: "Message"),
            .copyButtonLength("x", length: 30, limit: 25, platform: "iOS"),
            .scenarioWithoutCheck("x"), .stepNamesUnknownScenario("x", known: ["y"]),
            .reportFromOtherContent("x"), .unknownMessageID("x", closest: ["y"]),
        ]
        for message in samples {
            // A platform's name is a proper noun and may start a text: "Android button '…' is …".
            let startsWithPlatform = Platform.known.contains { message.text.hasPrefix($0.displayName + " ") }
            #expect(
                message.text.first?.isLowercase == true || message.text.first == "'" || startsWithPlatform,
                "\(message.id.rawValue)")
            #expect(!message.text.hasSuffix("."), "\(message.id.rawValue)")
        }
        let missing = Set(MessageID.allCases).subtracting(samples.map(\.id)).map(\.rawValue).sorted()
        #expect(missing.isEmpty, "messages without a sample: \(missing)")
    }

    @Test func invalidUTF8NamesTheByteInHex() {
        #expect(Message.invalidUTF8(byte: 0xC3).text.contains("0xC3"))
        #expect(Message.invalidUTF8(byte: 0x0A).text.contains("0x0A"))
    }
}
