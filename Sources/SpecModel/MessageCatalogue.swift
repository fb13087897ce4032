// The one catalogue of every message the tool shows a user: parser diagnostics and the
// command line's own errors. Each message has a stable ID that writers can search for;
// texts are lowercase, without a trailing period, with names in single quotes.

/// The stable identifier of a message. The raw value is printed with each diagnostic
/// and must never change once released; add new cases instead.
public enum MessageID: String, Codable, Sendable, CaseIterable {
    // MARK: Files
    case emptyFile = "empty-file"
    case invalidUTF8 = "invalid-utf8"
    case binaryFile = "binary-file"
    case fileTooLarge = "file-too-large"
    case unreadableFile = "unreadable-file"
    case notASpecPage = "not-a-spec-page"
    case missingTitle = "missing-title"
    case duplicateTitle = "duplicate-title"

    // MARK: Page metadata
    case malformedMetadata = "malformed-metadata"
    case malformedSpecID = "malformed-spec-id"
    case duplicateSpecID = "duplicate-spec-id"
    case duplicatePageID = "duplicate-page-id"
    case missingPlatforms = "missing-platforms"
    case unknownPlatform = "unknown-platform"
    case missingFlow = "missing-flow"
    case unknownFlow = "unknown-flow"
    case platformNotInFlow = "platform-not-in-flow"

    // MARK: Sections and scenarios
    case missingSectionID = "missing-section-id"
    case unknownSectionKind = "unknown-section-kind"
    case malformedID = "malformed-id"
    case duplicateSectionID = "duplicate-section-id"
    case missingScenarioID = "missing-scenario-id"
    case duplicateScenarioID = "duplicate-scenario-id"
    case scenarioOutsideSection = "scenario-outside-section"

    // MARK: Copy tables
    case missingCopyTable = "missing-copy-table"
    case extraCopyTable = "extra-copy-table"
    case missingPlatformColumn = "missing-platform-column"
    case unknownPlatformColumn = "unknown-platform-column"
    case duplicatePlatformColumn = "duplicate-platform-column"
    case unknownCopyRow = "unknown-copy-row"
    case missingCopyRow = "missing-copy-row"
    case duplicateCopyRow = "duplicate-copy-row"
    case emptyCopyCell = "empty-copy-cell"
    case missingActionID = "missing-action-id"
    case triggerWithoutSignal = "trigger-without-signal"

    // MARK: Trigger names
    case unknownTriggerName = "unknown-trigger-name"
    case triggerLeadsElsewhere = "trigger-leads-elsewhere"
    case triggerNotNamed = "trigger-not-named"
    case triggerRawValue = "trigger-raw-value"

    // MARK: Copy style
    case copyTitleCase = "copy-title-case"
    case copySentenceCase = "copy-sentence-case"
    case copyStraightQuote = "copy-straight-quote"
    case copyTrailingPeriod = "copy-trailing-period"
    case copyPlaceholder = "copy-placeholder"
    case copyButtonLength = "copy-button-length"

    // MARK: Acceptance criteria
    case missingCriteriaTable = "missing-criteria-table"
    case criteriaTableColumns = "criteria-table-columns"
    case malformedCriterionID = "malformed-criterion-id"
    case foreignCriterionID = "foreign-criterion-id"
    case duplicateCriterionID = "duplicate-criterion-id"
    case emptyCriterionCell = "empty-criterion-cell"
    case malformedBenchmarkTable = "malformed-benchmark-table"

    // MARK: Checks
    case unclosedCheckBlock = "unclosed-check-block"
    case emptyCheckBlock = "empty-check-block"
    case checkOutsideCriterion = "check-outside-criterion"
    case checkForUnknownCriterion = "check-for-unknown-criterion"
    case stepWithoutKeyword = "step-without-keyword"
    case stepOutsideScenario = "step-outside-scenario"
    case scenarioWithoutSteps = "scenario-without-steps"
    case unnamedCheck = "unnamed-check"
    case duplicateCheckName = "duplicate-check-name"
    case conjunctionWithoutStep = "conjunction-without-step"

    // MARK: Running checks
    case undefinedStep = "undefined-step"
    case ambiguousStep = "ambiguous-step"
    case invalidStepParameter = "invalid-step-parameter"
    case stepFailed = "step-failed"
    case scenarioNotExercised = "scenario-not-exercised"
    case scenarioMissingFromSpec = "scenario-missing-from-spec"
    case unreachableScenario = "unreachable-scenario"
    case actionWithoutCopy = "action-without-copy"
    case unreachableAction = "unreachable-action"
    case noticeWithoutCopy = "notice-without-copy"
    case copyWithoutNotice = "copy-without-notice"
    case invariantViolated = "invariant-violated"
    case explorationIncomplete = "exploration-incomplete"
    case criterionWithoutChecks = "criterion-without-checks"
    case scenarioWithoutCheck = "scenario-without-check"
    case stepNamesUnknownScenario = "step-names-unknown-scenario"

    // MARK: References
    case referenceWithoutLink = "reference-without-link"
    case unsafeReferenceLink = "unsafe-reference-link"
    case referenceWithoutCriteria = "reference-without-criteria"
    case referenceToUnknownCriterion = "reference-to-unknown-criterion"
    case backwardsCriterionRange = "backwards-criterion-range"

    // MARK: Command line
    case unknownCommand = "unknown-command"
    case unknownOption = "unknown-option"
    case missingOptionValue = "missing-option-value"
    case unsupportedFormat = "unsupported-format"
    case invalidOptionValue = "invalid-option-value"
    case unexpectedArgument = "unexpected-argument"
    case pathNotFound = "path-not-found"
    case noMarkdownFiles = "no-markdown-files"
    case writeFailed = "write-failed"
    case unexpectedFailure = "unexpected-failure"
    case unknownScenario = "unknown-scenario"
    case missingScenarioArgument = "missing-scenario-argument"

    // MARK: Building the site
    case templateError = "template-error"
    case outputNotASite = "output-not-a-site"
    case unreadableReport = "unreadable-report"
    case reportFromOtherContent = "report-from-other-content"

    // MARK: Explaining diagnostics
    case unknownMessageID = "unknown-message-id"
}

/// A message with its ID, severity and text, ready to print.
public struct Message: Hashable, Codable, Sendable {
    public var id: MessageID
    public var severity: Severity
    public var text: String

    public init(_ id: MessageID, _ severity: Severity = .error, _ text: String) {
        self.id = id
        self.severity = severity
        self.text = text
    }
}

// MARK: - Files

extension Message {
    public static let emptyFile = Message(
        .emptyFile, .error, "file is empty; a spec page starts with a '# Title' heading")

    public static func invalidUTF8(byte: UInt8) -> Message {
        Message(
            .invalidUTF8, .error,
            "file is not valid UTF-8: byte 0x\(hex(byte)) cannot start or continue a character here")
    }

    public static let binaryFile = Message(
        .binaryFile, .error, "file holds a NUL byte, so it is binary data, not Markdown")

    public static func fileTooLarge(bytes: Int, limit: Int) -> Message {
        Message(.fileTooLarge, .error, "file is \(bytes) bytes; a spec page may be at most \(limit) bytes")
    }

    public static func unreadableFile(_ reason: String) -> Message {
        Message(.unreadableFile, .error, "cannot read file: \(reason)")
    }

    public static let notASpecPage = Message(
        .notASpecPage, .error,
        "file is not a spec page: put '<!-- spec: ID platforms: ios, android -->' (or '<!-- page: ID -->' for other pages) under its '# Title'"
    )

    public static let missingTitle = Message(
        .missingTitle, .error, "a page starts with a '# Title' heading before anything else")

    public static let duplicateTitle = Message(
        .duplicateTitle, .error, "a page has one '# Title'; use '##' for sections")
}

// MARK: - Page metadata

extension Message {
    public static func malformedMetadata(_ detail: String) -> Message {
        Message(.malformedMetadata, .error, "malformed metadata comment: \(detail)")
    }

    public static func malformedSpecID(_ id: String) -> Message {
        Message(.malformedSpecID, .error, "'\(id)' is not a spec ID; use letters then numbers, e.g. 'N1.4'")
    }

    public static func duplicateSpecID(_ id: String, first: SourceLocation) -> Message {
        Message(.duplicateSpecID, .error, "spec ID '\(id)' is already used at \(first)")
    }

    public static func duplicatePageID(_ id: String, first: SourceLocation) -> Message {
        Message(.duplicatePageID, .error, "page ID '\(id)' is already used at \(first)")
    }

    public static let missingPlatforms = Message(
        .missingPlatforms, .error, "spec metadata declares no platforms; add 'platforms: ios, android'")

    public static func missingFlow(known: [String]) -> Message {
        Message(
            .missingFlow, .error,
            "spec metadata names no flow; add 'flow: ID' with one of \(known.map { "'\($0)'" }.joined(separator: ", "))")
    }

    public static func unknownFlow(_ name: String, known: [String]) -> Message {
        Message(
            .unknownFlow, .error,
            "unknown flow '\(name)'; known flows are \(known.map { "'\($0)'" }.joined(separator: ", "))")
    }

    public static func platformNotInFlow(_ platform: String, flow: String, supported: [String]) -> Message {
        Message(
            .platformNotInFlow, .error,
            "flow '\(flow)' does not run on '\(platform)'; it runs on \(supported.map { "'\($0)'" }.joined(separator: ", "))")
    }

    public static func unknownPlatform(_ name: String) -> Message {
        Message(.unknownPlatform, .error, "unknown platform '\(name)'; known platforms are \(Platform.knownList)")
    }
}

// MARK: - Sections and scenarios

extension Message {
    public static func missingSectionID(_ heading: String) -> Message {
        Message(
            .missingSectionID, .error, "section '\(heading)' needs '<!-- section: ID -->' on the line after its heading"
        )
    }

    public static func unknownSectionKind(_ kind: String) -> Message {
        Message(.unknownSectionKind, .error, "unknown section kind '\(kind)'; kinds are \(SectionKind.knownList)")
    }

    public static func malformedID(_ id: String) -> Message {
        Message(.malformedID, .error, "'\(id)' is not a valid ID; use lowercase letters and digits joined by hyphens")
    }

    public static func duplicateSectionID(_ id: String, first: SourceLocation) -> Message {
        Message(.duplicateSectionID, .error, "section ID '\(id)' is already used at \(first)")
    }

    public static func missingScenarioID(_ heading: String) -> Message {
        Message(
            .missingScenarioID, .error,
            "scenario '\(heading)' needs '<!-- scenario: ID -->' on the line after its heading")
    }

    public static func duplicateScenarioID(_ id: String, first: SourceLocation) -> Message {
        Message(.duplicateScenarioID, .error, "scenario ID '\(id)' is already used at \(first)")
    }

    public static let scenarioOutsideSection = Message(
        .scenarioOutsideSection, .error, "scenario is not inside a '##' section of kind 'scenarios'")
}

// MARK: - Copy tables

extension Message {
    public static func missingCopyTable(_ scenario: String) -> Message {
        Message(.missingCopyTable, .error, "scenario '\(scenario)' has no copy table")
    }

    public static func extraCopyTable(_ scenario: String) -> Message {
        Message(.extraCopyTable, .error, "scenario '\(scenario)' already has a copy table; merge the two")
    }

    public static func missingPlatformColumn(_ platform: Platform) -> Message {
        Message(
            .missingPlatformColumn, .error,
            "copy table has no '\(platform.displayName)' column, but the spec declares that platform")
    }

    public static func unknownPlatformColumn(_ name: String, declared: [Platform]) -> Message {
        let names = declared.map { "'\($0.displayName)'" }.joined(separator: ", ")
        return Message(
            .unknownPlatformColumn, .error, "copy table column '\(name)' is not a platform of this spec (\(names))")
    }

    public static func duplicatePlatformColumn(_ platform: Platform) -> Message {
        Message(.duplicatePlatformColumn, .error, "copy table has a second '\(platform.displayName)' column")
    }

    public static func unknownCopyRow(_ label: String) -> Message {
        Message(.unknownCopyRow, .error, "unknown copy row '\(label)'; rows are \(CopyPart.rowLabels)")
    }

    public static func missingCopyRow(_ label: String) -> Message {
        Message(.missingCopyRow, .error, "copy table has no '\(label)' row")
    }

    public static func duplicateCopyRow(_ label: String) -> Message {
        Message(.duplicateCopyRow, .error, "copy table has a second '\(label)' row")
    }

    public static func emptyCopyCell(row: String, platform: Platform) -> Message {
        Message(
            .emptyCopyCell, .error,
            "empty '\(row)' cell for \(platform.displayName); write the copy, or 'None' where nothing is shown")
    }

    public static let missingActionID = Message(
        .missingActionID, .error, "an action row names its ID in backticks, e.g. 'Action `retry`'")

    public static func triggerWithoutSignal(_ platform: Platform) -> Message {
        Message(
            .triggerWithoutSignal, .warning,
            "the \(platform.displayName) trigger names no native signal; put the error type or code in backticks")
    }
}

// MARK: - Trigger names

extension Message {
    public static func unknownTriggerName(
        _ name: String, platform: String, suggestion: String?, otherPlatform: String?
    ) -> Message {
        var text = "'\(name)' is not a native result the engine knows on \(platform)"
        if let otherPlatform {
            text += "; it is \(otherPlatform)'s, so it belongs in the \(otherPlatform) column"
        } else if let suggestion {
            text += "; the closest real name is '\(suggestion)'"
        }
        return Message(.unknownTriggerName, .error, text)
    }

    public static func triggerLeadsElsewhere(
        _ name: String, scenario: String, platform: String, destinations: [String]
    ) -> Message {
        let list = destinations.map { "'\($0)'" }.joined(separator: ", ")
        return Message(
            .triggerLeadsElsewhere, .error,
            "'\(name)' never leads to '\(scenario)' on \(platform), on any route; the engine sends it to \(list)")
    }

    public static func triggerNotNamed(_ name: String, scenario: String, platform: String) -> Message {
        Message(
            .triggerNotNamed, .error,
            "'\(scenario)' is reached on \(platform) by '\(name)', which its Trigger cell does not name; add it in backticks"
        )
    }

    public static func triggerRawValue(_ name: String, expected: String, found: String?) -> Message {
        let text =
            found.map { "'\(name)' has the raw value \(expected), not \($0)" }
            ?? "write the raw value after '\(name)': (\(expected))"
        return Message(.triggerRawValue, .error, text)
    }
}

// MARK: - Copy style

extension Message {
    /// Names each word in quotes: `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`.
    private static func quotedList(_ words: [String]) -> String {
        let quoted = words.map { "'\($0)'" }
        guard let last = quoted.last, quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + last
    }

    /// `words` are the lowercase words that title-style capitalization capitalizes.
    public static func copyTitleCase(_ text: String, words: [String], part: String, platform: String) -> Message {
        Message(
            .copyTitleCase, .warning,
            "\(part) '\(text)' is not in \(platform) title-style capitalization: capitalize \(quotedList(words))")
    }

    /// `capitalize` is a first word written in lowercase; `lowercase` are later capitalized
    /// words that are not known proper nouns.
    public static func copySentenceCase(
        _ text: String, capitalize: String? = nil, lowercase: [String], part: String, platform: String
    ) -> Message {
        var fixes: [String] = []
        if let capitalize { fixes.append("capitalize the first word '\(capitalize)'") }
        if !lowercase.isEmpty {
            fixes.append(
                "write \(quotedList(lowercase)) in lowercase unless \(lowercase.count == 1 ? "it is a proper noun" : "they are proper nouns")"
            )
        }
        return Message(
            .copySentenceCase, .warning,
            "\(part) '\(text)' is not in \(platform) sentence case: \(fixes.joined(separator: "; "))")
    }

    public static func copyStraightQuote(_ text: String, quote: String, replacement: String) -> Message {
        Message(
            .copyStraightQuote, .warning,
            "'\(text)' uses the straight \(quote); use the typographic \(replacement)")
    }

    public static func copyTrailingPeriod(_ text: String, part: String, platform: String) -> Message {
        Message(.copyTrailingPeriod, .warning, "\(part) '\(text)' on \(platform) ends with a period; remove it")
    }

    /// `placeholders` are the undeclared ones; `row` is the row's label without a suffix,
    /// e.g. `Title` or ``Action `retry` ``; `declared` are those the row already declares.
    public static func copyPlaceholder(
        _ text: String, placeholders: [String], row: String, declared: [String] = []
    ) -> Message {
        let noun = placeholders.count == 1 ? "placeholder" : "placeholders"
        let label = "\(row) (placeholders: \((declared + placeholders).joined(separator: ", ")))"
        return Message(
            .copyPlaceholder, .warning,
            "'\(text)' holds the format \(noun) \(quotedList(placeholders)), which its row does not declare; write the words, or declare \(placeholders.count == 1 ? "it" : "them") as '\(label)'"
        )
    }

    public static func copyButtonLength(_ text: String, length: Int, limit: Int, platform: String) -> Message {
        Message(
            .copyButtonLength, .warning,
            "button '\(text)' is \(length) characters long; keep \(platform) buttons to \(limit) or fewer so they are not truncated"
        )
    }
}

// MARK: - Acceptance criteria

extension Message {
    public static let missingCriteriaTable = Message(
        .missingCriteriaTable, .error,
        "criteria section has no table with columns 'ID | Level | Acceptance criterion | How to verify'")

    public static func criteriaTableColumns(found: [String]) -> Message {
        let list = found.map { "'\($0)'" }.joined(separator: ", ")
        return Message(
            .criteriaTableColumns, .error,
            "criteria table columns must be 'ID', 'Level', 'Acceptance criterion', 'How to verify'; found \(list)")
    }

    public static func malformedCriterionID(_ id: String) -> Message {
        Message(
            .malformedCriterionID, .error,
            "'\(id)' is not a criterion ID; use the spec ID, '-AC' and two digits, e.g. 'N1.4-AC01'")
    }

    public static func foreignCriterionID(_ id: String, spec: String) -> Message {
        Message(.foreignCriterionID, .error, "criterion '\(id)' does not belong to spec '\(spec)'")
    }

    public static func duplicateCriterionID(_ id: String, first: SourceLocation) -> Message {
        Message(.duplicateCriterionID, .error, "criterion ID '\(id)' is already used at \(first)")
    }

    public static func emptyCriterionCell(_ column: String) -> Message {
        Message(.emptyCriterionCell, .error, "empty '\(column)' cell in the criteria table")
    }

    public static let malformedBenchmarkTable = Message(
        .malformedBenchmarkTable, .error, "benchmark table has columns 'Benchmark as | User reach' and exactly one row")
}

// MARK: - Checks

extension Message {
    public static let unclosedCheckBlock = Message(
        .unclosedCheckBlock, .error, "'gherkin' block is not closed; end it with a fence like the one that opened it")

    public static let emptyCheckBlock = Message(.emptyCheckBlock, .error, "'gherkin' block holds no scenario")

    public static let checkOutsideCriterion = Message(
        .checkOutsideCriterion, .error, "'gherkin' block is not under a heading that names a criterion ID")

    public static func checkForUnknownCriterion(_ id: String) -> Message {
        Message(
            .checkForUnknownCriterion, .error,
            "checks are for criterion '\(id)', which the criteria table does not define")
    }

    public static func stepWithoutKeyword(_ line: String) -> Message {
        Message(.stepWithoutKeyword, .error, "step '\(line)' does not start with Given, When, Then, And or But")
    }

    public static let stepOutsideScenario = Message(
        .stepOutsideScenario, .error, "step comes before any 'Scenario:' line")

    public static func scenarioWithoutSteps(_ name: String) -> Message {
        Message(.scenarioWithoutSteps, .error, "check '\(name)' has no steps")
    }

    public static let unnamedCheck = Message(.unnamedCheck, .error, "'Scenario:' needs a name after the colon")

    public static func duplicateCheckName(_ name: String, first: SourceLocation) -> Message {
        Message(.duplicateCheckName, .error, "check '\(name)' is already defined for this criterion at \(first)")
    }

    public static func conjunctionWithoutStep(_ keyword: String) -> Message {
        Message(.conjunctionWithoutStep, .error, "'\(keyword)' continues a step, but it is the first step of its check")
    }
}

// MARK: - Running checks

extension Message {
    public static func undefinedStep(_ text: String, suggestion: String?) -> Message {
        Message(
            .undefinedStep, .error,
            "undefined step '\(text)'" + (suggestion.map { "; the closest known step is '\($0)'" } ?? ""))
    }

    public static func ambiguousStep(_ text: String, patterns: [String]) -> Message {
        Message(
            .ambiguousStep, .error,
            "step '\(text)' matches more than one definition: \(patterns.map { "'\($0)'" }.joined(separator: ", "))")
    }

    public static func invalidStepParameter(_ value: String, kind: String, allowed: [String]) -> Message {
        let list = allowed.isEmpty ? "a non-empty value" : "one of " + allowed.map { "'\($0)'" }.joined(separator: ", ")
        return Message(.invalidStepParameter, .error, "'\(value)' is not a valid \(kind); expected \(list)")
    }

    public static func stepFailed(platform: String, expected: String, observed: String) -> Message {
        Message(.stepFailed, .error, "step failed on \(platform): expected \(expected); observed \(observed)")
    }

    public static func scenarioNotExercised(_ id: String) -> Message {
        Message(.scenarioNotExercised, .error, "no check leads to scenario '\(id)'; add a check whose steps reach it")
    }

    public static func scenarioMissingFromSpec(_ id: String, platform: String) -> Message {
        Message(
            .scenarioMissingFromSpec, .error,
            "the engine reaches scenario '\(id)' on \(platform), but the spec has no such scenario")
    }

    public static func unreachableScenario(_ id: String, platform: String) -> Message {
        Message(
            .unreachableScenario, .error,
            "the engine never reaches scenario '\(id)' on \(platform); its copy can never be shown")
    }

    public static func actionWithoutCopy(_ action: String, scenario: String, platform: String) -> Message {
        Message(
            .actionWithoutCopy, .error,
            "the engine offers '\(action)' in scenario '\(scenario)' on \(platform), but its copy table has no label for it"
        )
    }

    public static func unreachableAction(_ action: String, scenario: String, platform: String) -> Message {
        Message(
            .unreachableAction, .error,
            "the \(platform) copy of scenario '\(scenario)' labels action '\(action)', which the engine never offers there"
        )
    }

    public static func noticeWithoutCopy(_ scenario: String, platform: String) -> Message {
        Message(
            .noticeWithoutCopy, .error,
            "the engine shows an error notice in scenario '\(scenario)' on \(platform), but its title or message is 'None'"
        )
    }

    public static func copyWithoutNotice(_ scenario: String, platform: String) -> Message {
        Message(
            .copyWithoutNotice, .error,
            "scenario '\(scenario)' shows no error on \(platform), but its copy has a title or message; write 'None'")
    }

    public static func invariantViolated(_ id: String, detail: String) -> Message {
        Message(.invariantViolated, .error, "invariant '\(id)' is violated: \(detail)")
    }

    public static func criterionWithoutChecks(_ id: String) -> Message {
        Message(
            .criterionWithoutChecks, .error,
            "criterion '\(id)' has no checks; add a 'gherkin' block under a heading naming it")
    }

    public static func scenarioWithoutCheck(_ id: String) -> Message {
        Message(
            .scenarioWithoutCheck, .error,
            "no check names scenario '\(id)'; add a step 'Then the user sees the \"\(id)\" copy' to a check that reaches it"
        )
    }

    public static func stepNamesUnknownScenario(_ id: String, known: [String]) -> Message {
        let list = known.map { "'\($0)'" }.joined(separator: ", ")
        return Message(
            .stepNamesUnknownScenario, .error,
            "the step names scenario '\(id)', which this page does not define; the page's scenarios are \(list)")
    }

    public static func explorationIncomplete(depth: Int) -> Message {
        Message(.explorationIncomplete, .error, "the explorer's depth limit \(depth) cut the reachable space short")
    }
}

// MARK: - References

extension Message {
    public static let referenceWithoutLink = Message(
        .referenceWithoutLink, .error, "reference has no link; write '[Title](https://…)'")

    public static func unsafeReferenceLink(_ url: String) -> Message {
        Message(.unsafeReferenceLink, .error, "reference link '\(url)' is not an http or https address")
    }

    public static let referenceWithoutCriteria = Message(
        .referenceWithoutCriteria, .error, "reference names no criterion it supports, e.g. 'N1.4-AC01–AC03'")

    public static func referenceToUnknownCriterion(_ ids: [String]) -> Message {
        let list = ids.map { "'\($0)'" }.joined(separator: ", ")
        return Message(
            .referenceToUnknownCriterion, .error,
            "reference names \(ids.count == 1 ? "criterion" : "criteria") \(list), which the criteria table does not define"
        )
    }

    public static func backwardsCriterionRange(_ range: String) -> Message {
        Message(.backwardsCriterionRange, .error, "criterion range '\(range)' runs backwards; write the lower ID first")
    }
}

// MARK: - Command line

extension Message {
    public static func unknownCommand(_ name: String, suggestion: String?) -> Message {
        Message(
            .unknownCommand, .error, "unknown command '\(name)'\(didYouMean(suggestion)); run 'passkey-spec --help'")
    }

    public static func unknownOption(_ option: String, command: String, suggestion: String?) -> Message {
        Message(.unknownOption, .error, "unknown option '\(option)' for '\(command)'\(didYouMean(suggestion))")
    }

    public static func missingOptionValue(_ option: String) -> Message {
        Message(.missingOptionValue, .error, "option '\(option)' needs a value")
    }

    public static func unsupportedFormat(_ format: String, supported: [String]) -> Message {
        let list = supported.map { "'\($0)'" }.joined(separator: ", ")
        return Message(.unsupportedFormat, .error, "unsupported format '\(format)'; supported formats are \(list)")
    }

    public static func invalidOptionValue(_ option: String, value: String, expected: String) -> Message {
        Message(.invalidOptionValue, .error, "option '\(option)' takes \(expected), not '\(value)'")
    }

    public static func unexpectedArgument(_ argument: String, command: String) -> Message {
        Message(.unexpectedArgument, .error, "'\(command)' takes no argument '\(argument)'")
    }

    public static func pathNotFound(_ path: String) -> Message {
        Message(.pathNotFound, .error, "no file or folder at '\(path)'")
    }

    public static func noMarkdownFiles(_ path: String) -> Message {
        Message(.noMarkdownFiles, .error, "no Markdown ('.md') files under '\(path)'")
    }

    public static func templateError(_ detail: String) -> Message {
        Message(.templateError, .error, "template error: \(detail)")
    }

    public static func outputNotASite(_ path: String) -> Message {
        Message(
            .outputNotASite, .error,
            "'\(path)' has files and is not a previous build; choose an empty folder or remove it first")
    }

    public static func unreadableReport(_ path: String, reason: String) -> Message {
        Message(.unreadableReport, .error, "cannot read the run report '\(path)': \(reason)")
    }

    public static func reportFromOtherContent(_ path: String) -> Message {
        Message(
            .reportFromOtherContent, .error,
            "the run report '\(path)' was made from other content or another engine; run 'passkey-spec check --report \(path)' again"
        )
    }

    public static func unknownMessageID(_ id: String, closest: [String]) -> Message {
        let list = closest.map { "'\($0)'" }.joined(separator: ", ")
        return Message(
            .unknownMessageID, .error,
            "no diagnostic has the ID '\(id)'" + (closest.isEmpty ? "" : "; the closest are \(list)"))
    }

    public static func unknownScenario(_ id: String, closest: [String]) -> Message {
        let list = closest.map { "'\($0)'" }.joined(separator: ", ")
        return Message(
            .unknownScenario, .error, "unknown scenario '\(id)'" + (closest.isEmpty ? "" : "; the closest are \(list)"))
    }

    public static let missingScenarioArgument = Message(
        .missingScenarioArgument, .error, "'copy' needs a scenario ID, or '--list' to list them")

    public static func unexpectedFailure(_ detail: String) -> Message {
        Message(.unexpectedFailure, .error, "unexpected failure: \(detail)")
    }

    public static func writeFailed(_ path: String, reason: String) -> Message {
        Message(.writeFailed, .error, "cannot write '\(path)': \(reason)")
    }
}

// MARK: - Helpers

private func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
}

private func didYouMean(_ suggestion: String?) -> String {
    suggestion.map { "; did you mean '\($0)'?" } ?? ""
}
