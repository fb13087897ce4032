import SpecModel

// The messages the parser reports, each written once: its factory gives its ID, severity and
// text; its catalogue entry, built from a sample call of the factory, explains it for
// `passkey-spec explain ID` and the writer's guide. Texts are lowercase, without a trailing
// period, with names in single quotes. An ID is printed with each diagnostic and must never
// change once released.

/// The parser's part of the message catalogue.
public enum ParserMessages {
    /// Every message the parser reports, group by group.
    public static let catalogue: [CatalogueEntry] =
        files + pageMetadata + sectionsAndScenarios + copyTables + copyStyle + acceptanceCriteria + checks + references
        + translations + commandLine
}

/// Where the samples of the duplicate-ID messages say the first one is.
private let firstUse = SourceLocation(file: "content/native/login-error-states.md", line: 19, column: 1)

// MARK: - Files

extension Message {
    public static let emptyFile = Message(
        "empty-file", .error, "file is empty; a spec page starts with a '# Title' heading")

    /// The first byte of the first ill-formed sequence, named with what is wrong with it.
    public static func invalidUTF8(byte: UInt8, _ problem: InvalidUTF8) -> Message {
        let named = "byte 0x\(hex(byte))"
        let reason: String
        switch problem {
        case .neverValid:
            reason = "\(named) is never part of UTF-8 text"
        case .loneContinuation:
            reason = "\(named) can only continue a character, and none starts before it"
        case .cutShort(let length, let number, let found?):
            reason =
                "\(named) starts a \(length)-byte character, but its \(ordinal(number)) byte, 0x\(hex(found)), cannot continue one"
        case .cutShort(let length, let number, nil):
            reason = "\(named) starts a \(length)-byte character, but the file ends before its \(ordinal(number)) byte"
        case .overlong(let next):
            reason = "\(named) followed by 0x\(hex(next)) is an overlong form, a character in more bytes than it needs"
        case .surrogate(let next):
            reason =
                "\(named) followed by 0x\(hex(next)) encodes a UTF-16 surrogate (U+D800 to U+DFFF), which UTF-8 text cannot hold"
        case .beyondUnicode(let next):
            reason = "\(named) followed by 0x\(hex(next)) encodes a code point past U+10FFFF, the last one Unicode has"
        }
        return Message("invalid-utf8", .error, "file is not valid UTF-8: \(reason)")
    }

    public static let binaryFile = Message(
        "binary-file", .error, "file holds a NUL byte, so it is binary data, not Markdown")

    public static func fileTooLarge(bytes: Int, limit: Int) -> Message {
        Message("file-too-large", .error, "file is \(bytes) bytes; a spec page may be at most \(limit) bytes")
    }

    public static func unreadableFile(_ reason: String) -> Message {
        Message("unreadable-file", .error, "cannot read file: \(reason)")
    }

    public static func symlinkOutsideContent(_ target: String, root: String) -> Message {
        Message(
            "symlink-outside-content", .warning,
            "symbolic link to '\(target)', outside the content folder '\(root)'; it is not followed")
    }

    public static func symlinkToFolder(_ target: String) -> Message {
        Message(
            "symlink-to-folder", .warning,
            "symbolic link to the folder '\(target)'; links to folders are not followed, so its pages are not read")
    }

    public static let symlinkLoop = Message(
        "symlink-loop", .error, "symbolic link that leads back to itself (a loop); it cannot be read")

    public static let notASpecPage = Message(
        "not-a-spec-page", .error,
        "file is not a spec page: put '<!-- spec: ID flow: FLOW platforms: ios, android -->' (or '<!-- page: ID -->' for other pages) under its '# Title'; 'passkey-spec steps' lists the flows"
    )

    public static let missingTitle = Message(
        "missing-title", .error, "a page starts with a '# Title' heading before anything else")

    public static let duplicateTitle = Message(
        "duplicate-title", .error, "a page has one '# Title'; use '##' for sections")
}

extension ParserMessages {
    /// Reading a page's file: its bytes, size and title.
    public static let files: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .emptyFile),
        CatalogueEntry(
            sample: .invalidUTF8(byte: 0x92, .loneContinuation)),
        CatalogueEntry(
            sample: .binaryFile),
        CatalogueEntry(
            sample: .fileTooLarge(bytes: 5_242_880, limit: 4_194_304)),
        CatalogueEntry(
            sample: .unreadableFile("permission denied")),
        CatalogueEntry(
            sample: .symlinkOutsideContent("/home/ana/drafts/notes.md", root: "content")),
        CatalogueEntry(
            sample: .symlinkToFolder("content/native")),
        CatalogueEntry(
            sample: .symlinkLoop),
        CatalogueEntry(
            sample: .notASpecPage),
        CatalogueEntry(
            sample: .missingTitle),
        CatalogueEntry(
            sample: .duplicateTitle),
    ]
}

// MARK: - Page metadata

extension Message {
    public static func malformedMetadata(_ detail: String) -> Message {
        Message("malformed-metadata", .error, "malformed metadata comment: \(detail)")
    }

    /// `meant` is the ID in capitals, where that is a spec ID.
    public static func malformedSpecID(_ id: String, meant: String? = nil) -> Message {
        let advice =
            meant.map {
                ": a spec ID is written in capitals, as its criteria's IDs are; did you mean '\($0)'?"
            } ?? "; use letters then numbers, e.g. 'N1.4'"
        return Message("malformed-spec-id", .error, "'\(id)' is not a spec ID\(advice)")
    }

    public static func duplicateSpecID(_ id: String, first: SourceLocation) -> Message {
        Message("duplicate-spec-id", .error, "spec ID '\(id)' is already used at \(first)")
    }

    public static func duplicatePageID(_ id: String, first: SourceLocation) -> Message {
        Message("duplicate-page-id", .error, "page ID '\(id)' is already used at \(first)")
    }

    public static let missingPlatforms = Message(
        "missing-platforms", .error,
        "spec metadata declares no platforms; add 'platforms:' and one or more of \(Platform.knownList)")

    public static func unknownPlatform(_ name: String, suggestion: String? = nil) -> Message {
        Message(
            "unknown-platform", .error,
            "unknown platform '\(name)'; " + (suggestion.map { "did you mean '\($0)'? " } ?? "")
                + "known platforms are \(Platform.knownList)")
    }
}

extension ParserMessages {
    /// The spec or page comment under the title.
    public static let pageMetadata: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .malformedMetadata("unknown key 'owner'; this comment takes 'kind', 'section'")),
        CatalogueEntry(
            sample: .malformedSpecID("n1.4", meant: "N1.4")),
        CatalogueEntry(
            sample: .duplicateSpecID("N1.4", first: firstUse)),
        CatalogueEntry(
            sample: .duplicatePageID("home", first: firstUse)),
        CatalogueEntry(
            sample: .missingPlatforms),
        CatalogueEntry(
            sample: .unknownPlatform("windows")),
    ]
}

// MARK: - Sections and scenarios

extension Message {
    public static func missingSectionID(_ heading: String) -> Message {
        Message(
            "missing-section-id", .error,
            "section '\(heading)' needs '<!-- section: ID -->' on the line after its heading"
        )
    }

    public static func unknownSectionKind(_ kind: String) -> Message {
        Message("unknown-section-kind", .error, "unknown section kind '\(kind)'; kinds are \(SectionKind.knownList)")
    }

    public static func malformedID(_ id: String) -> Message {
        Message("malformed-id", .error, "'\(id)' is not a valid ID; use lowercase letters and digits joined by hyphens")
    }

    public static func duplicateSectionID(_ id: String, first: SourceLocation) -> Message {
        Message("duplicate-section-id", .error, "section ID '\(id)' is already used at \(first)")
    }

    public static func missingScenarioID(_ heading: String) -> Message {
        Message(
            "missing-scenario-id", .error,
            "scenario '\(heading)' needs '<!-- scenario: ID -->' on the line after its heading")
    }

    public static func duplicateScenarioID(_ id: String, first: SourceLocation) -> Message {
        Message("duplicate-scenario-id", .error, "scenario ID '\(id)' is already used at \(first)")
    }

    public static func duplicateScenarioTitle(_ title: String, first: SourceLocation) -> Message {
        Message(
            "duplicate-scenario-title", .error,
            "another scenario of this page is titled '\(title)' (at \(first)); a reader tells scenarios apart by their titles on the page, in the navigation and in the copy tables, so give each its own"
        )
    }

    public static let scenarioOutsideSection = Message(
        "scenario-outside-section", .error, "scenario is not inside a '##' section of kind 'scenarios'")
}

extension ParserMessages {
    /// Sections, scenarios and their IDs.
    public static let sectionsAndScenarios: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .missingSectionID("General login errors")),
        CatalogueEntry(
            sample: .unknownSectionKind("acceptance")),
        CatalogueEntry(
            sample: .malformedID("Deleted_Passkey")),
        CatalogueEntry(
            sample: .duplicateSectionID("general-login-errors", first: firstUse)),
        CatalogueEntry(
            sample: .missingScenarioID("Explicit passkey login is cancelled")),
        CatalogueEntry(
            sample: .duplicateScenarioID("explicit-cancel", first: firstUse)),
        CatalogueEntry(
            sample: .duplicateScenarioTitle("Explicit passkey login is cancelled", first: firstUse)),
        CatalogueEntry(
            sample: .scenarioOutsideSection),
    ]
}

// MARK: - Copy tables

extension Message {
    public static func missingCopyTable(_ scenario: String) -> Message {
        Message("missing-copy-table", .error, "scenario '\(scenario)' has no copy table")
    }

    public static func extraCopyTable(_ scenario: String) -> Message {
        Message("extra-copy-table", .error, "scenario '\(scenario)' already has a copy table; merge the two")
    }

    public static func missingPlatformColumn(_ platform: Platform) -> Message {
        Message(
            "missing-platform-column", .error,
            "copy table has no '\(platform.displayName)' column, but the spec declares that platform")
    }

    public static func unknownPlatformColumn(_ name: String, declared: [Platform]) -> Message {
        let names = declared.map { "'\($0.displayName)'" }.joined(separator: ", ")
        return Message(
            "unknown-platform-column", .error, "copy table column '\(name)' is not a platform of this spec (\(names))")
    }

    public static func duplicatePlatformColumn(_ platform: Platform) -> Message {
        Message("duplicate-platform-column", .error, "copy table has a second '\(platform.displayName)' column")
    }

    public static func unknownCopyRow(_ label: String) -> Message {
        Message("unknown-copy-row", .error, "unknown copy row '\(label)'; rows are \(CopyPart.rowLabels)")
    }

    public static func missingCopyRow(_ label: String) -> Message {
        Message("missing-copy-row", .error, "copy table has no '\(label)' row")
    }

    public static func duplicateCopyRow(_ label: String) -> Message {
        Message("duplicate-copy-row", .error, "copy table has a second '\(label)' row")
    }

    public static func emptyCopyCell(row: String, platform: Platform) -> Message {
        Message(
            "empty-copy-cell", .error,
            "empty '\(row)' cell for \(platform.displayName); write the copy, or 'None' where nothing is shown")
    }

    public static func placeholderCopy(_ text: String, row: String, platform: Platform) -> Message {
        Message(
            "placeholder-copy", .error,
            "'\(text)' in the '\(row)' cell for \(platform.displayName) stands in for copy; write the words the user sees, or 'None' where nothing is shown"
        )
    }

    public static func placeholderSyntax(_ placeholder: String, platform: Platform) -> Message {
        Message(
            "placeholder-syntax", .error,
            "'\(placeholder)' is not a placeholder \(platform.displayName) reads (it takes \(platform.copyConventions.placeholders.example)); declare each platform's own after its name, e.g. '(placeholders: iOS %@, Android %1$s, Web {name})'"
        )
    }

    public static func extraCopyCell(count: Int, columns: Int) -> Message {
        Message(
            "extra-copy-cell", .error,
            "this row has \(count) cells but the table has \(columns) columns; the cells after the last column are dropped, so move them into a column or into prose"
        )
    }

    public static func tableSplitByBlankLine(rows: Int) -> Message {
        Message(
            "table-split-by-blank-line", .error,
            "a blank line inside a table ends it, so the \(rows == 1 ? "row" : "\(rows) rows") after it would be read as text; remove the blank line"
        )
    }

    public static func missingTableDelimiter(_ delimiter: String) -> Message {
        Message(
            "missing-table-delimiter", .error,
            "these rows are not a table: a table needs a delimiter row ('\(delimiter)') right after its header row"
        )
    }

    public static let missingActionID = Message(
        "missing-action-id", .error, "an action row names its ID in backticks, e.g. 'Action `retry`'")

    public static func triggerWithoutSignal(_ platform: Platform) -> Message {
        Message(
            "trigger-without-signal", .warning,
            "the \(platform.displayName) trigger names no native signal; put the error type or code in backticks")
    }
}

extension ParserMessages {
    /// The copy table of each scenario.
    public static let copyTables: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .missingCopyTable("Explicit passkey login is cancelled")),
        CatalogueEntry(
            sample: .extraCopyTable("Explicit passkey login is cancelled")),
        CatalogueEntry(
            sample: .missingPlatformColumn(.android)),
        CatalogueEntry(
            sample: .unknownPlatformColumn("Notes", declared: Platform.known)),
        CatalogueEntry(
            sample: .duplicatePlatformColumn(.ios)),
        CatalogueEntry(
            sample: .unknownCopyRow("Heading")),
        CatalogueEntry(
            sample: .missingCopyRow("Title")),
        CatalogueEntry(
            sample: .duplicateCopyRow("Title")),
        CatalogueEntry(
            sample: .emptyCopyCell(row: "Title", platform: .android)),
        CatalogueEntry(
            sample: .placeholderCopy("TBD", row: "Title", platform: .ios)),
        CatalogueEntry(
            sample: .placeholderSyntax("%@", platform: .android)),
        CatalogueEntry(
            sample: .extraCopyCell(count: 4, columns: 3)),
        CatalogueEntry(
            sample: .tableSplitByBlankLine(rows: 2)),
        CatalogueEntry(
            sample: .missingTableDelimiter("| --- | --- | --- |")),
        CatalogueEntry(
            sample: .missingActionID),
        CatalogueEntry(
            sample: .triggerWithoutSignal(.ios)),
    ]
}

// MARK: - Copy style

extension Message {
    /// Names each word in quotes: `'a'`, `'a' and 'b'`, `'a', 'b' and 'c'`.
    private static func quotedList(_ words: [String]) -> String {
        let quoted = words.map { "'\($0)'" }
        guard let last = quoted.last, quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + last
    }

    /// `capitalize` are the lowercase words that title-style capitalization capitalizes;
    /// `lowercase` are the articles, coordinating conjunctions and short prepositions
    /// capitalized in the middle of a phrase, which it writes in lowercase.
    public static func copyTitleCase(
        _ text: String, capitalize: [String], lowercase: [String] = [], part: String, platform: String
    ) -> Message {
        var fixes: [String] = []
        if !capitalize.isEmpty { fixes.append("capitalize \(quotedList(capitalize))") }
        if !lowercase.isEmpty { fixes.append("write \(quotedList(lowercase)) in lowercase") }
        return Message(
            "copy-title-case", .warning,
            "\(part) '\(text)' is not in \(platform) title-style capitalization: \(fixes.joined(separator: "; "))")
    }

    /// `capitalize` is a first word written in lowercase; `lowercase` are later capitalized
    /// words that are not known proper nouns. `completeSentence` says the string is an iOS
    /// title that is a complete sentence, which takes sentence case where a fragment would not.
    public static func copySentenceCase(
        _ text: String, capitalize: String? = nil, lowercase: [String], part: String, platform: String,
        completeSentence: Bool = false
    ) -> Message {
        var fixes: [String] = []
        if let capitalize { fixes.append("capitalize the first word '\(capitalize)'") }
        if !lowercase.isEmpty {
            fixes.append(
                "write \(quotedList(lowercase)) in lowercase unless \(lowercase.count == 1 ? "it is a proper noun" : "they are proper nouns")"
            )
        }
        let problem =
            completeSentence
            ? "is a complete sentence, which \(platform) writes in sentence case"
            : "is not in \(platform) sentence case"
        return Message(
            "copy-sentence-case", .warning, "\(part) '\(text)' \(problem): \(fixes.joined(separator: "; "))")
    }

    public static func copyStraightQuote(_ text: String, quote: String, replacement: String) -> Message {
        Message(
            "copy-straight-quote", .warning,
            "'\(text)' uses the straight \(quote); use the typographic \(replacement)")
    }

    public static func copyTrailingPeriod(_ text: String, part: String, platform: String) -> Message {
        Message("copy-trailing-period", .warning, "\(part) '\(text)' on \(platform) ends with a period; remove it")
    }

    /// A title that is a complete sentence and has no ending punctuation.
    public static func copyEndPunctuation(_ text: String, part: String, platform: String) -> Message {
        Message(
            "copy-end-punctuation", .warning,
            "\(part) '\(text)' on \(platform) is a complete sentence without ending punctuation; end it with '.', '?' or '!'"
        )
    }

    /// `placeholders` are the undeclared ones in `platform`'s copy; `label` is the row's label
    /// that declares them, e.g. `Message (placeholders: iOS %@)`.
    public static func copyPlaceholder(
        _ text: String, placeholders: [String], platform: String, label: String
    ) -> Message {
        let noun = placeholders.count == 1 ? "placeholder" : "placeholders"
        return Message(
            "copy-placeholder", .warning,
            "'\(text)' holds the format \(noun) \(quotedList(placeholders)), which its row does not declare for \(platform); write the words, or declare \(placeholders.count == 1 ? "it" : "them") as '\(label)'"
        )
    }

    /// `text` is the copy as written; the message quotes it with one space, and names the
    /// word the gap follows, since two spaces in a message are as hard to see as in the copy.
    public static func copyDoubleSpace(_ text: String) -> Message {
        let gap = text.range(of: "  ")
        let before = gap.map { text[..<$0.lowerBound].split(separator: " ").last.map(String.init) ?? "" } ?? ""
        let place = before.isEmpty ? "" : " after '\(before)'"
        return Message(
            "copy-double-space", .warning,
            "'\(CopyStyle.collapsingSpaces(text))' is written with two spaces in a row\(place), which the user sees as a gap; write one"
        )
    }

    /// `placeholders` are those the row declares for `platform` that `text` does not hold.
    public static func copyUnusedPlaceholder(_ text: String, placeholders: [String], platform: String) -> Message {
        let noun = placeholders.count == 1 ? "placeholder" : "placeholders"
        return Message(
            "copy-unused-placeholder", .warning,
            "the row declares the \(platform) \(noun) \(quotedList(placeholders)), which '\(text)' does not use; the app would pass an argument the user never sees: use \(placeholders.count == 1 ? "it" : "them") in the copy, or take \(placeholders.count == 1 ? "it" : "them") out of the row's placeholders"
        )
    }

    public static func copyButtonLength(_ text: String, length: Int, limit: Int, platform: String) -> Message {
        Message(
            "copy-button-length", .warning,
            "button '\(text)' is \(length) characters long; keep \(platform) buttons to \(limit) or fewer so they are not truncated"
        )
    }
}

extension ParserMessages {
    /// The platform style rules of the copy (warnings).
    public static let copyStyle: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .copyTitleCase("Unable to sign in", capitalize: ["sign", "in"], part: "title", platform: "iOS")),
        CatalogueEntry(
            sample: .copySentenceCase("Try Again", lowercase: ["Again"], part: "button", platform: "Android")),
        CatalogueEntry(
            sample: .copyStraightQuote("Passkey Can't Be Used", quote: "'", replacement: "’")),
        CatalogueEntry(
            sample: .copyTrailingPeriod("Unable to Continue.", part: "title", platform: "iOS")),
        CatalogueEntry(
            sample: .copyEndPunctuation("This account can’t sign in with a passkey", part: "title", platform: "iOS")),
        CatalogueEntry(
            sample: .copyPlaceholder(
                "This passkey can no longer sign in to %@.", placeholders: ["%@"], platform: "iOS",
                label: "Message (placeholders: iOS %@)")),
        CatalogueEntry(
            sample: .copyDoubleSpace("This passkey can no longer  sign you in.")),
        CatalogueEntry(
            sample: .copyUnusedPlaceholder(
                "This passkey can no longer sign you in.", placeholders: ["%@"], platform: "iOS")),
        CatalogueEntry(
            sample: .copyButtonLength("Sign In Using Another Method Instead", length: 36, limit: 25, platform: "iOS")),
    ]
}

// MARK: - Acceptance criteria

extension Message {
    public static let missingCriteriaTable = Message(
        "missing-criteria-table", .error,
        "criteria section has no table with columns 'ID | Level | Acceptance criterion | How to verify'")

    public static func criteriaTableColumns(found: [String]) -> Message {
        let list = found.map { "'\($0)'" }.joined(separator: ", ")
        return Message(
            "criteria-table-columns", .error,
            "criteria table columns must be 'ID', 'Level', 'Acceptance criterion', 'How to verify'; found \(list)")
    }

    public static func malformedCriterionID(_ id: String) -> Message {
        Message(
            "malformed-criterion-id", .error,
            "'\(id)' is not a criterion ID; use the spec ID, '-AC' and two digits, e.g. 'N1.4-AC01'")
    }

    public static func foreignCriterionID(_ id: String, spec: String) -> Message {
        Message("foreign-criterion-id", .error, "criterion '\(id)' does not belong to spec '\(spec)'")
    }

    public static func duplicateCriterionID(_ id: String, first: SourceLocation) -> Message {
        Message("duplicate-criterion-id", .error, "criterion ID '\(id)' is already used at \(first)")
    }

    public static func emptyCriterionCell(_ column: String) -> Message {
        Message("empty-criterion-cell", .error, "empty '\(column)' cell in the criteria table")
    }

    public static let malformedBenchmarkTable = Message(
        "malformed-benchmark-table", .error,
        "benchmark table has columns 'Benchmark as | User reach' and exactly one row")
}

extension ParserMessages {
    /// The criteria table and the benchmark table.
    public static let acceptanceCriteria: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .missingCriteriaTable),
        CatalogueEntry(
            sample: .criteriaTableColumns(found: ["ID", "Level", "Criterion", "How to verify"])),
        CatalogueEntry(
            sample: .malformedCriterionID("N1.4-AC1")),
        CatalogueEntry(
            sample: .foreignCriterionID("N1.3-AC01", spec: "N1.4")),
        CatalogueEntry(
            sample: .duplicateCriterionID("N1.4-AC02", first: firstUse)),
        CatalogueEntry(
            sample: .emptyCriterionCell("How to verify")),
        CatalogueEntry(
            sample: .malformedBenchmarkTable),
    ]
}

// MARK: - Checks

extension Message {
    public static let unclosedCheckBlock = Message(
        "unclosed-check-block", .error, "'gherkin' block is not closed; end it with a fence like the one that opened it"
    )

    public static let emptyCheckBlock = Message("empty-check-block", .error, "'gherkin' block holds no scenario")

    public static let checkOutsideCriterion = Message(
        "check-outside-criterion", .error, "'gherkin' block is not under a heading that names a criterion ID")

    public static func checkForUnknownCriterion(_ id: String) -> Message {
        Message(
            "check-for-unknown-criterion", .error,
            "checks are for criterion '\(id)', which the criteria table does not define")
    }

    public static func stepWithoutKeyword(_ line: String) -> Message {
        Message("step-without-keyword", .error, "step '\(line)' does not start with Given, When, Then, And or But")
    }

    public static let stepOutsideScenario = Message(
        "step-outside-scenario", .error, "step comes before any 'Scenario:' line")

    public static func scenarioWithoutSteps(_ name: String) -> Message {
        Message("scenario-without-steps", .error, "check '\(name)' has no steps")
    }

    public static let unnamedCheck = Message("unnamed-check", .error, "'Scenario:' needs a name after the colon")

    public static func duplicateCheckName(_ name: String, first: SourceLocation) -> Message {
        Message("duplicate-check-name", .error, "check '\(name)' is already defined for this criterion at \(first)")
    }

    public static func conjunctionWithoutStep(_ keyword: String) -> Message {
        Message(
            "conjunction-without-step", .error, "'\(keyword)' continues a step, but it is the first step of its check")
    }
}

extension ParserMessages {
    /// The `gherkin` blocks of checks and their steps.
    public static let checks: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .unclosedCheckBlock),
        CatalogueEntry(
            sample: .emptyCheckBlock),
        CatalogueEntry(
            sample: .checkOutsideCriterion),
        CatalogueEntry(
            sample: .checkForUnknownCriterion("N1.4-AC09")),
        CatalogueEntry(
            sample: .stepWithoutKeyword("the user cancels the OS prompt")),
        CatalogueEntry(
            sample: .stepOutsideScenario),
        CatalogueEntry(
            sample: .scenarioWithoutSteps("A second cancellation shows the fallback")),
        CatalogueEntry(
            sample: .unnamedCheck),
        CatalogueEntry(
            sample: .duplicateCheckName("Cancelling shows the fallback", first: firstUse)),
        CatalogueEntry(
            sample: .conjunctionWithoutStep("And")),
    ]
}

// MARK: - References

extension Message {
    public static let referenceWithoutLink = Message(
        "reference-without-link", .error, "reference has no link; write '[Title](https://…)'")

    public static func unsafeReferenceLink(_ url: String) -> Message {
        Message("unsafe-reference-link", .error, "reference link '\(url)' is not an http or https address")
    }

    public static let referenceWithoutCriteria = Message(
        "reference-without-criteria", .error, "reference names no criterion it supports, e.g. 'N1.4-AC01–AC03'")

    public static func referenceToUnknownCriterion(_ ids: [String]) -> Message {
        let list = ids.map { "'\($0)'" }.joined(separator: ", ")
        return Message(
            "reference-to-unknown-criterion", .error,
            "reference names \(ids.count == 1 ? "criterion" : "criteria") \(list), which the criteria table does not define"
        )
    }

    public static func backwardsCriterionRange(_ range: String) -> Message {
        Message(
            "backwards-criterion-range", .error, "criterion range '\(range)' runs backwards; write the lower ID first")
    }

    public static func criterionRangeTooLong(_ range: String, limit: Int) -> Message {
        Message(
            "criterion-range-too-long", .error,
            "criterion range '\(range)' spans more than \(limit) criteria; name the criteria the reference supports")
    }
}

extension ParserMessages {
    /// The references and the criteria they support.
    public static let references: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .referenceWithoutLink),
        CatalogueEntry(
            sample: .unsafeReferenceLink("file:///Users/me/notes.md")),
        CatalogueEntry(
            sample: .referenceWithoutCriteria),
        CatalogueEntry(
            sample: .referenceToUnknownCriterion(["N1.4-AC07"])),
        CatalogueEntry(
            sample: .backwardsCriterionRange("N1.4-AC03–AC01")),
        CatalogueEntry(
            sample: .criterionRangeTooLong("N1.4-AC01–AC1000", limit: 100)),
    ]
}

// MARK: - Command line

extension Message {
    public static func noMarkdownFiles(_ path: String) -> Message {
        Message("no-markdown-files", .error, "no Markdown ('.md') files under '\(path)'")
    }
}

extension ParserMessages {
    /// The paths given on the command line. `MessageCatalogue.all` lists this group among the
    /// command line's messages, after `path-not-found`.
    public static let commandLine: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .noMarkdownFiles("templates"))
    ]
}

// MARK: - Helpers

/// `second`, `third` or `fourth`: a byte's place in a character of UTF-8.
private func ordinal(_ number: Int) -> String {
    switch number {
    case 2: "second"
    case 3: "third"
    case 4: "fourth"
    default: "\(number)th"
    }
}

private func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
}

extension DiagnosticNote {
    /// Where an ID or a name used twice is first used.
    public static func firstUse(of name: String, at span: SourceSpan) -> DiagnosticNote {
        DiagnosticNote("'\(name)' is first used here", at: span)
    }
}
