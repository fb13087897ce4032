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
        + commandLine
}

/// Where the samples of the duplicate-ID messages say the first one is.
private let firstUse = SourceLocation(file: "content/native/login-error-states.md", line: 19, column: 1)

// MARK: - Files

extension Message {
    public static let emptyFile = Message(
        "empty-file", .error, "file is empty; a spec page starts with a '# Title' heading")

    public static func invalidUTF8(byte: UInt8) -> Message {
        Message(
            "invalid-utf8", .error,
            "file is not valid UTF-8: byte 0x\(hex(byte)) cannot start or continue a character here")
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
        "file is not a spec page: put '<!-- spec: ID platforms: ios, android -->' (or '<!-- page: ID -->' for other pages) under its '# Title'"
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
            sample: .emptyFile,
            explanation: MessageExplanation(
                summary: "The file holds nothing, or only spaces and blank lines.",
                detail: """
                    Reported by every command that reads content, at line 1, when a Markdown file under the \
                    paths is empty or holds only whitespace (a byte order mark alone counts as empty). An \
                    empty page is almost always a file created by mistake or a save that went wrong, and it \
                    would publish a page without a title.
                    """,
                example: """
                    $ touch content/native/draft.md
                    $ passkey-spec lint
                    """,
                fix: "Write the page, starting with its '# Title' heading and metadata comment, or delete the file."
            )),
        CatalogueEntry(
            sample: .invalidUTF8(byte: 0x92),
            explanation: MessageExplanation(
                summary: "The file is not valid UTF-8 text.",
                detail: """
                    The tool reads every page as UTF-8. It reports the first byte that cannot start or \
                    continue a UTF-8 character, with its line and byte column, and reads nothing more of \
                    that file. This usually happens when a page was saved in Latin-1 or Windows-1252, often \
                    after pasting curly quotes or dashes from a word processor.
                    """,
                example: """
                    A page saved as Windows-1252, where the apostrophe of “Can’t sign in” is the single \
                    byte 0x92.
                    """,
                fix: "Save the file as UTF-8 in your editor (without changing the words), then run lint again."
            )),
        CatalogueEntry(
            sample: .binaryFile,
            explanation: MessageExplanation(
                summary: "The file holds a NUL byte, so it is binary data, not Markdown.",
                detail: """
                    Markdown text never contains a NUL byte; one means the file is an image, an archive, \
                    or text saved as UTF-16, all of which would be parsed as garbage. The location is the \
                    first NUL byte. Nothing else in the file is read.
                    """,
                example: """
                    A page saved as “Unicode (UTF-16)”: every other byte of “# Title” is 0x00.
                    """,
                fix: "Save the page as UTF-8 text, or move the binary file out of the content folder."
            )),
        CatalogueEntry(
            sample: .fileTooLarge(bytes: 5_242_880, limit: 4_194_304),
            explanation: MessageExplanation(
                summary: "The file is larger than the 4 MiB a spec page may be.",
                detail: """
                    Spec pages are prose and tables; a file over the limit is almost surely the wrong file \
                    (a log, an export, generated data), and refusing it keeps a mistaken path from stalling \
                    the tool. The file is measured, not read.
                    """,
                example: """
                    $ cp build/export.log content/notes.md
                    $ passkey-spec lint
                    """,
                fix: "Move the file out of the content folder, or split a real page into several pages."
            )),
        CatalogueEntry(
            sample: .unreadableFile("permission denied"),
            explanation: MessageExplanation(
                summary: "The file exists but could not be read.",
                detail: """
                    The operating system refused to read a Markdown file found under the paths: most often \
                    missing read permission, a broken symbolic link, or a file removed while the tool ran. \
                    The reason the system gave is part of the message.
                    """,
                example: """
                    $ chmod a-r content/native/login-error-states.md
                    $ passkey-spec lint
                    """,
                fix: "Make the file readable (check its permissions or link target), or remove it."
            )),
        CatalogueEntry(
            sample: .symlinkOutsideContent("/home/ana/drafts/notes.md", root: "content"),
            explanation: MessageExplanation(
                summary: "A symbolic link in the content folder points outside it, so it is not read.",
                detail: """
                    The site is made from the content folder and nothing else, so that a link (to a \
                    private draft, a file of the system) cannot publish a file that is not part of the \
                    content. A link to a Markdown file or a folder whose target lies outside the folder \
                    being read is reported at the link and skipped; the build goes on without it. \
                    '--strict' does not change this: it is a warning.
                    """,
                example: """
                    $ ln -s ~/drafts/notes.md content/notes.md
                    $ passkey-spec lint
                    """,
                fix: "Copy the file into the content folder, or name its folder on the command line as well."
            )),
        CatalogueEntry(
            sample: .symlinkToFolder("content/native"),
            explanation: MessageExplanation(
                summary: "A symbolic link in the content folder points to a folder, so it is not followed.",
                detail: """
                    A link to a folder inside the content would read its pages twice (under two paths, \
                    with the same IDs), and a link to a folder above it would never end. The tool reads \
                    each folder once, by its own path: links to folders are reported at the link and \
                    skipped.
                    """,
                example: """
                    $ ln -s native content/apps
                    $ passkey-spec lint
                    """,
                fix: "Remove the link; the pages are read from the folder it points to."
            )),
        CatalogueEntry(
            sample: .symlinkLoop,
            explanation: MessageExplanation(
                summary: "A symbolic link in the content folder leads back to itself.",
                detail: """
                    A link that points at itself, or at a chain of links that comes back to it, has no \
                    file at its end. It is reported at the link, once, and the tool goes on with the \
                    other files; it never follows the loop.
                    """,
                example: """
                    $ ln -s b.md content/a.md; ln -s a.md content/b.md
                    $ passkey-spec lint
                    """,
                fix: "Remove the link, or point it at the page it was meant for."
            )),
        CatalogueEntry(
            sample: .notASpecPage,
            explanation: MessageExplanation(
                summary: "The file does not start with a '# Title' and a spec or page metadata comment.",
                detail: """
                    Every Markdown file under the paths must be a page: a '# Title' heading first, then, on \
                    the next line, '<!-- spec: ID platforms: ios, android -->' for a spec page or \
                    '<!-- page: ID -->' for any other page. It is reported when the file has no '#' heading \
                    at all, or when the comment after the title is missing or is not one of those two.
                    """,
                example: """
                    # Passkey Login: Error States

                    This page covers the passkey failures…
                    """,
                fix: """
                    Add '<!-- spec: N1.4 platforms: ios, android -->' (or '<!-- page: ID -->') on the line \
                    after the title, or move the file out of the content folder.
                    """)),
        CatalogueEntry(
            sample: .missingTitle,
            explanation: MessageExplanation(
                summary: "Something comes before the page's '# Title' heading.",
                detail: """
                    A page has a '#' heading, but it is not the first thing in the file. The title and the \
                    metadata comment under it must come first, because the site and the model take the \
                    page's title and ID from there. Reported at the first block.
                    """,
                example: """
                    Draft — do not publish.

                    # Passkey Login: Error States
                    <!-- spec: N1.4 platforms: ios, android -->
                    """,
                fix: "Move the '# Title' heading and its comment to the top; put the other text below them.")),
        CatalogueEntry(
            sample: .duplicateTitle,
            explanation: MessageExplanation(
                summary: "The page has a second '#' heading.",
                detail: """
                    A page has exactly one '# Title'. A second level-1 heading would start a second title \
                    in the middle of the page; on spec pages it also breaks the section structure, which is \
                    built from '##' and '###' headings. Reported at the extra heading.
                    """,
                example: """
                    # Passkey Login: Error States
                    <!-- spec: N1.4 platforms: ios, android -->

                    # Acceptance criteria
                    """,
                fix: "Make the extra heading a '##' section (with its '<!-- section: … -->' comment).")),
    ]
}

// MARK: - Page metadata

extension Message {
    public static func malformedMetadata(_ detail: String) -> Message {
        Message("malformed-metadata", .error, "malformed metadata comment: \(detail)")
    }

    public static func malformedSpecID(_ id: String) -> Message {
        Message("malformed-spec-id", .error, "'\(id)' is not a spec ID; use letters then numbers, e.g. 'N1.4'")
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

    public static func unknownPlatform(_ name: String) -> Message {
        Message("unknown-platform", .error, "unknown platform '\(name)'; known platforms are \(Platform.knownList)")
    }
}

extension ParserMessages {
    /// The spec or page comment under the title.
    public static let pageMetadata: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .malformedMetadata("unknown key 'owner'; this comment takes 'kind', 'section'"),
            explanation: MessageExplanation(
                summary: "A metadata comment has a key it does not take, or is not where it belongs.",
                detail: """
                    Metadata comments hold 'key: value' pairs: the spec comment takes 'spec' and \
                    'platforms', a page comment 'page', a section comment 'section' and 'kind', a scenario \
                    comment 'scenario'. An unknown key (often a typo) is reported at its value. A 'spec:', \
                    'page:', 'section:' or 'scenario:' comment that is not right after its heading (with \
                    text in between) is reported too, because it would silently name nothing.
                    """,
                example: """
                    ## General login errors
                    <!-- section: general-login-errors kind: scenarios owner: design -->
                    """,
                fix: "Remove or correct the key, or move the comment to the line right after its heading.")),
        CatalogueEntry(
            sample: .malformedSpecID("n1.4"),
            explanation: MessageExplanation(
                summary: "The spec ID is not a capital letter followed by letters, digits and dots.",
                detail: """
                    A spec ID starts with a capital letter and holds capital letters, digits and single dots \
                    (at least one digit), e.g. 'N1.4'. It prefixes every criterion ID ('N1.4-AC01') and \
                    names the spec on the site and in the exports, so a malformed one is reported at its \
                    value in the comment.
                    """,
                example: """
                    # Passkey Login: Error States
                    <!-- spec: n1.4 platforms: ios, android -->
                    """,
                fix: "Write the ID as capital letters, digits and dots, e.g. 'N1.4'.")),
        CatalogueEntry(
            sample: .duplicateSpecID("N1.4", first: firstUse),
            explanation: MessageExplanation(
                summary: "Two spec pages declare the same spec ID.",
                detail: """
                    Spec IDs are unique across all the content: they prefix criterion IDs and name the \
                    spec's badges and results. The second page with the ID is reported, and the message \
                    names where the first one is. This often happens after copying a page to start a new one.
                    """,
                example: """
                    <!-- spec: N1.4 platforms: ios, android -->    (in content/native/login-error-states.md)
                    <!-- spec: N1.4 platforms: ios, android -->    (in content/native/sign-up-errors.md)
                    """,
                fix: "Give the new page its own spec ID (and renumber its criterion IDs to match).")),
        CatalogueEntry(
            sample: .duplicatePageID("home", first: firstUse),
            explanation: MessageExplanation(
                summary: "Two pages declare the same page ID.",
                detail: """
                    Page IDs ('<!-- page: ID -->') are unique across all the content, because they name \
                    the page on the site. The second page with the ID is reported, with the location of the \
                    first.
                    """,
                example: """
                    # Writer’s guide
                    <!-- page: home -->
                    """,
                fix: "Give one of the pages another ID.")),
        CatalogueEntry(
            sample: .missingPlatforms,
            explanation: MessageExplanation(
                summary: "The spec comment does not say which platforms the spec covers.",
                detail: """
                    A spec page declares its platforms in its metadata comment. They decide which columns \
                    every copy table must have and on which platforms each check runs, so a spec without \
                    them cannot be checked. Reported at the comment.
                    """,
                example: """
                    # Passkey Login: Error States
                    <!-- spec: N1.4 -->
                    """,
                fix: "Add 'platforms: ios, android' (or the platforms the spec covers) to the comment.")),
        CatalogueEntry(
            sample: .unknownPlatform("windows"),
            explanation: MessageExplanation(
                summary: "The spec comment names a platform the tool does not know.",
                detail: """
                    The known platforms are \(Platform.knownList) (their display names are accepted too, \
                    in any case). Any other name is reported at the 'platforms' value.
                    """,
                example: """
                    <!-- spec: N1.4 platforms: ios, android, windows -->
                    """,
                fix: "Use the known platforms (\(Platform.knownList)), separated by commas; remove other names.")),
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

    public static let scenarioOutsideSection = Message(
        "scenario-outside-section", .error, "scenario is not inside a '##' section of kind 'scenarios'")
}

extension ParserMessages {
    /// Sections, scenarios and their IDs.
    public static let sectionsAndScenarios: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .missingSectionID("General login errors"),
            explanation: MessageExplanation(
                summary: "A '##' section has no '<!-- section: ID -->' comment after its heading.",
                detail: """
                    Every '##' section of a spec page has a stable ID (its anchor on the site) and a kind, \
                    in a comment on the line after the heading. The tool never guesses an ID from the \
                    heading, so that rewording a heading cannot change anchors or copy keys. Without the \
                    comment the section is read as prose. Reported at the heading.
                    """,
                example: """
                    ## General login errors

                    Error scenarios and what the user experiences…
                    """,
                fix: "Add '<!-- section: general-login-errors kind: scenarios -->' on the line after the heading.")),
        CatalogueEntry(
            sample: .unknownSectionKind("acceptance"),
            explanation: MessageExplanation(
                summary: "A section comment has a 'kind' the tool does not know.",
                detail: """
                    A section's kind says what it holds: 'scenarios' ('###' scenarios with copy tables), \
                    'criteria' (the benchmark table, the criteria table and the checks), 'references' (a \
                    list of links) or 'prose'. Any other kind is reported at its value and the section is \
                    read as prose, so its scenarios or criteria would be missed.
                    """,
                example: """
                    ## Acceptance criteria
                    <!-- section: acceptance-criteria kind: acceptance -->
                    """,
                fix: "Use one of 'scenarios', 'criteria', 'references' or 'prose' (or leave 'kind' out for prose).")),
        CatalogueEntry(
            sample: .malformedID("Deleted_Passkey"),
            explanation: MessageExplanation(
                summary: "An ID is not lowercase letters and digits joined by single hyphens.",
                detail: """
                    Page, section, scenario and action IDs become anchors, file names and copy keys \
                    ('deleted-passkey.action.fallback'), so they may hold only lowercase letters a–z, digits \
                    and single hyphens, and may not start or end with a hyphen. Reported at the ID in the \
                    comment, or at the action ID in a copy table's 'Action `id`' row.
                    """,
                example: """
                    ### Tried deleted passkey
                    <!-- scenario: Deleted_Passkey -->
                    """,
                fix: "Rewrite the ID in lowercase with hyphens, e.g. 'deleted-passkey'.")),
        CatalogueEntry(
            sample: .duplicateSectionID("general-login-errors", first: firstUse),
            explanation: MessageExplanation(
                summary: "Two sections of the page have the same ID.",
                detail: """
                    Section IDs are anchors on the page, so they are unique within it. The second section is \
                    reported at its ID, and the message names where the first one is.
                    """,
                example: """
                    ## Passkey login errors
                    <!-- section: general-login-errors kind: scenarios -->
                    """,
                fix: "Give the section its own ID, e.g. 'passkey-login-errors'.")),
        CatalogueEntry(
            sample: .missingScenarioID("Explicit passkey login is cancelled"),
            explanation: MessageExplanation(
                summary: "A '###' scenario has no '<!-- scenario: ID -->' comment after its heading.",
                detail: """
                    In a 'scenarios' section every '###' heading starts a scenario, and a scenario's ID is \
                    its anchor, the start of its copy keys and what checks name in 'the user sees the \"ID\" \
                    copy'. The tool never derives it from the heading, so that rewording cannot change the \
                    keys. Reported at the heading.
                    """,
                example: """
                    ### Explicit passkey login is cancelled

                    Return to the unchanged login screen…
                    """,
                fix: "Add '<!-- scenario: explicit-cancel -->' on the line after the heading.")),
        CatalogueEntry(
            sample: .duplicateScenarioID("explicit-cancel", first: firstUse),
            explanation: MessageExplanation(
                summary: "Two scenarios of the page have the same ID.",
                detail: """
                    A scenario ID is the start of every copy key of that scenario, so two scenarios with one \
                    ID would export clashing strings. The second is reported at its ID, with the location of \
                    the first. This often happens after copying a scenario as a starting point.
                    """,
                example: """
                    ### Explicit passkey login is cancelled again
                    <!-- scenario: explicit-cancel -->
                    """,
                fix: "Give the scenario its own ID, or merge the two scenarios.")),
        CatalogueEntry(
            sample: .scenarioOutsideSection,
            explanation: MessageExplanation(
                summary: "A scenario comment follows a heading that is not a '###' in a 'scenarios' section.",
                detail: """
                    Scenarios are '###' headings inside a '##' section of kind 'scenarios'. A heading with a \
                    '<!-- scenario: ID -->' comment anywhere else (a '####' heading, or a '###' in a \
                    criteria or prose section) would not become a scenario, so its copy would never be \
                    exported. Reported at the heading.
                    """,
                example: """
                    ## Acceptance criteria
                    <!-- section: acceptance-criteria kind: criteria -->

                    ### Lookup failed
                    <!-- scenario: lookup-failed -->
                    """,
                fix: "Move the scenario into a section of kind 'scenarios', as a '###' heading.")),
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
            sample: .missingCopyTable("Explicit passkey login is cancelled"),
            explanation: MessageExplanation(
                summary: "A scenario has no copy table.",
                detail: """
                    Every scenario has one copy table: the trigger and the exact words on screen for each \
                    platform. Without it there is nothing to export, to check against the engine or to show \
                    on the site. Reported at the scenario's heading.
                    """,
                example: """
                    ### Explicit passkey login is cancelled
                    <!-- scenario: explicit-cancel -->

                    Return to the unchanged login screen without an error.
                    """,
                fix: """
                    Add a table with a 'Trigger', 'Title' and 'Message' row and a column per platform; write \
                    'None' where nothing is shown.
                    """)),
        CatalogueEntry(
            sample: .extraCopyTable("Explicit passkey login is cancelled"),
            explanation: MessageExplanation(
                summary: "A scenario has more than one table.",
                detail: """
                    A scenario has exactly one copy table, so that each string has one place and one key. \
                    The second table is reported and ignored; it is often a split table or a note written \
                    as a table.
                    """,
                example: """
                    |         | iOS | Android |
                    | ------- | --- | ------- |
                    | Title   | None | None |

                    |         | iOS | Android |
                    | ------- | --- | ------- |
                    | Message | None | None |
                    """,
                fix: "Merge the rows into the first table; write notes as prose, not as a table.")),
        CatalogueEntry(
            sample: .missingPlatformColumn(.android),
            explanation: MessageExplanation(
                summary: "A copy table has no column for a platform the spec declares.",
                detail: """
                    The spec's metadata names its platforms, and every copy table needs a column for each, \
                    headed by its name ('iOS', 'Android'). A missing column means a platform would have no \
                    copy for the scenario. Reported at the table.
                    """,
                example: """
                    |         | iOS |
                    | ------- | --- |
                    | Trigger | `ASAuthorizationError.Code.canceled` (1001) |
                    """,
                fix: "Add the platform's column (write 'None' in cells where nothing is shown).")),
        CatalogueEntry(
            sample: .unknownPlatformColumn("Notes", declared: Platform.known),
            explanation: MessageExplanation(
                summary: "A copy table column is not one of the spec's platforms.",
                detail: """
                    After the label column, every column of a copy table is headed by a platform the spec \
                    declares, by its name ('iOS', 'Android'). A misspelt name, a platform the spec does not \
                    declare, or a notes column is reported at its header, and its cells are ignored.
                    """,
                example: """
                    |         | iOS | Android | Notes |
                    | ------- | --- | ------- | ----- |
                    """,
                fix: "Correct the header, declare the platform in the spec comment, or move notes into prose.")),
        CatalogueEntry(
            sample: .duplicatePlatformColumn(.ios),
            explanation: MessageExplanation(
                summary: "A copy table has two columns for the same platform.",
                detail: """
                    Each platform has one column, so each string has one cell. The second column is \
                    reported at its header and ignored.
                    """,
                example: """
                    |         | iOS | iOS | Android |
                    | ------- | --- | --- | ------- |
                    """,
                fix: "Merge the two columns into one.")),
        CatalogueEntry(
            sample: .unknownCopyRow("Heading"),
            explanation: MessageExplanation(
                summary: "A copy table row has a label the tool does not know.",
                detail: """
                    The first cell of each row names what the row holds: 'Trigger', 'Presentation', \
                    'Title', 'Message', or 'Action `id`' for a button. Any other label is reported at the \
                    label and the row is ignored, so its words would not be exported.
                    """,
                example: """
                    | Heading | Unable to Sign In | Can’t sign in |
                    """,
                fix: "Use one of the known labels, e.g. 'Title'; a button is 'Action `retry`'.")),
        CatalogueEntry(
            sample: .missingCopyRow("Title"),
            explanation: MessageExplanation(
                summary: "A copy table lacks one of the rows it must have.",
                detail: """
                    Every copy table has a 'Trigger', a 'Title' and a 'Message' row, even where nothing is \
                    shown ('None'), so that “no title” is an explicit, reviewed decision rather than an \
                    omission. Reported at the table.
                    """,
                example: """
                    |         | iOS | Android |
                    | ------- | --- | ------- |
                    | Trigger | `ASAuthorizationError.Code.canceled` (1001) | `GetCredentialCancellationException` |
                    | Message | None | None |
                    """,
                fix: "Add the row; write 'None' (optionally 'None — reason') where nothing is shown.")),
        CatalogueEntry(
            sample: .duplicateCopyRow("Title"),
            explanation: MessageExplanation(
                summary: "A copy table has the same row twice.",
                detail: """
                    Each row ('Title', 'Message', each 'Action `id`') appears once, so each string has one \
                    key. The second row is reported at its label and ignored.
                    """,
                example: """
                    | Title | Unable to Sign In | Can’t sign in |
                    | Title | Sign-In Failed | Sign-in failed |
                    """,
                fix: "Keep one row; move alternatives into prose for review.")),
        CatalogueEntry(
            sample: .emptyCopyCell(row: "Title", platform: .android),
            explanation: MessageExplanation(
                summary: "A cell of a copy table is empty.",
                detail: """
                    A copy cell is never empty: it holds the exact words on screen, or 'None' where nothing \
                    is shown. An empty cell could mean “nothing” or “not written yet”; writing 'None' makes \
                    “no error” an explicit, reviewed decision. Reported at the cell, naming the row and \
                    platform.
                    """,
                example: """
                    | Title | Unable to Sign In |  |
                    """,
                fix: "Write the copy, or 'None' (optionally 'None — no error is shown') where nothing is shown.")),
        CatalogueEntry(
            sample: .placeholderCopy("TBD", row: "Title", platform: .ios),
            explanation: MessageExplanation(
                summary: "A copy cell holds a stand-in (TBD, TODO, XXX, a dash, an ellipsis, lorem ipsum).",
                detail: """
                    Copy cells are exported as they are to the String Catalog, Android resources and the \
                    web messages, so a stand-in would reach a user's screen. A cell of Title, Message or an \
                    action label that is only a dash, an ellipsis or question marks, or that contains one \
                    of the words TBD, TBC, TODO, XXX, FIXME, TK, placeholder or lorem, is reported at the \
                    cell, naming its row and platform.
                    """,
                example: """
                    | Title   | TBD | Can’t sign in |
                    | Message | -   | … |
                    """,
                fix: "Write the copy, or 'None' where nothing is shown; keep drafts and open questions in prose.")),
        CatalogueEntry(
            sample: .placeholderSyntax("%@", platform: .android),
            explanation: MessageExplanation(
                summary: "A row declares a placeholder in a syntax one of its platforms does not read.",
                detail: """
                    Each platform formats its strings its own way: iOS with Foundation's `String(format:)` \
                    and String Catalogs (`%@`, `%lld`), Android with Java's `Formatter` through \
                    `getString(id, args)` (`%1$s`, `%1$d`), the web messages with named arguments in \
                    braces (`{name}`). A placeholder declared before any platform name applies to every \
                    column, so `(placeholders: %@)` on a table with an Android column would ship `%@`, \
                    which Android prints as it is. Reported at the row label, once per platform.
                    """,
                example: """
                    | Message (placeholders: %@) | Signed in as %@. | Signed in as %@. |
                    """,
                fix: """
                    Name each platform before its placeholders: \
                    '(placeholders: iOS %@, Android %1$s, Web {name})', and write each column's copy \
                    with its own.
                    """)),
        CatalogueEntry(
            sample: .extraCopyCell(count: 4, columns: 3),
            explanation: MessageExplanation(
                summary: "A copy table row has more cells than the table has columns.",
                detail: """
                    GitHub's table syntax drops the cells after the header's last column without a word, \
                    on GitHub, on the site and in the exports. The row is counted on its own line, and the \
                    first extra cell is reported.
                    """,
                example: """
                    |       | iOS | Android |
                    | ----- | --- | ------- |
                    | Title | Unable to Sign In | Can’t sign in | Web: Sign-in failed |
                    """,
                fix: "Add the column to the header (a platform the spec declares), or move the text into prose.")),
        CatalogueEntry(
            sample: .missingActionID,
            explanation: MessageExplanation(
                summary: "An 'Action' row does not name its action ID in backticks.",
                detail: """
                    A button row is labelled 'Action' followed by the action's ID in backticks, e.g. \
                    'Action `retry`'. The ID says which action the engine offers the button for and forms \
                    its copy key ('lookup-failed.action.retry'). A row labelled 'Action' without a code span \
                    is reported at its label and ignored.
                    """,
                example: """
                    | Action retry | Try Again | Try again |
                    """,
                fix: "Put the action ID in backticks: 'Action `retry`' ('passkey-spec steps' lists the actions).")),
        CatalogueEntry(
            sample: .triggerWithoutSignal(.ios),
            explanation: MessageExplanation(
                summary: "A Trigger cell names no native signal in backticks.",
                detail: """
                    Engineers search the spec for the error type or code they see, so every Trigger cell \
                    names at least one native result in backticks: an ASAuthorizationError code, a \
                    GetCredentialException class or DomError, a server answer or a lookup error. A cell \
                    with text but no code span is a warning (lint still passes) at the cell.
                    """,
                example: """
                    | Trigger | The user cancels the prompt | The user cancels the prompt |
                    """,
                fix: "Name the native result in backticks, e.g. `ASAuthorizationError.Code.canceled` (1001).")),
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

    /// `placeholders` are the undeclared ones; `row` is the row's label without a suffix,
    /// e.g. `Title` or ``Action `retry` ``; `declared` are those the row already declares.
    public static func copyPlaceholder(
        _ text: String, placeholders: [String], row: String, declared: [String] = []
    ) -> Message {
        let noun = placeholders.count == 1 ? "placeholder" : "placeholders"
        let label = "\(row) (placeholders: \((declared + placeholders).joined(separator: ", ")))"
        return Message(
            "copy-placeholder", .warning,
            "'\(text)' holds the format \(noun) \(quotedList(placeholders)), which its row does not declare; write the words, or declare \(placeholders.count == 1 ? "it" : "them") as '\(label)'"
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
            sample: .copyTitleCase("Unable to sign in", capitalize: ["sign", "in"], part: "title", platform: "iOS"),
            explanation: MessageExplanation(
                summary: "An iOS button, or an iOS title that is a fragment, is not in title-style capitalization.",
                detail: """
                    Apple's Human Interface Guidelines use title-style capitalization for buttons and for \
                    alert titles that are sentence fragments: every word starts with a capital letter \
                    except articles, coordinating conjunctions and prepositions of four or fewer letters \
                    (a, and, for, in, of, on, or, the, to, with…), which stay lowercase unless they are the \
                    first or last word. The particle of a phrasal verb such as “Sign In” or “Set Up” is \
                    part of the verb and is capitalized. The message names the words to capitalize and the \
                    short words to write in lowercase (“Sign In With A Password” becomes “Sign In with a \
                    Password”). A title that is a complete sentence takes sentence case instead (see \
                    'copy-sentence-case'). A warning; 'lint --strict' makes it an error.
                    """,
                example: """
                    | Title | Unable to sign in | Can’t sign in |
                    | Action `fallback` | Sign In With A Password | Sign in with a password |
                    """,
                fix: "Capitalize or lowercase the words as the message says, e.g. “Unable to Sign In”.")),
        CatalogueEntry(
            sample: .copySentenceCase("Try Again", lowercase: ["Again"], part: "button", platform: "Android"),
            explanation: MessageExplanation(
                summary: "An Android title or button, or an iOS title that is a sentence, is not in sentence case.",
                detail: """
                    Material Design uses sentence case for dialog titles and buttons: only the first word \
                    and proper nouns (Face ID, Google Password Manager) start with a capital letter. A \
                    capitalized word later in an Android title or button, often copied from the iOS column, \
                    is reported with the word to lowercase. On iOS, Apple's Human Interface Guidelines \
                    write an alert title that is a complete sentence in sentence case too, so “Your Passkey \
                    Was Removed.” is reported. The tool takes a title for a complete sentence when it \
                    starts with a pronoun or a determiner (“your”, “this”, “the”) and either goes on to a \
                    verb such as “is”, “was”, “can’t” or “has” or ends with “.”, “?” or “!”, or when it is a \
                    question such as “Do you want to use a passkey?”; a headline such as “Passkey Can’t Be \
                    Used” is a fragment. A warning; 'lint --strict' makes it an error.
                    """,
                example: """
                    | Action `retry` | Try Again | Try Again |
                    | Title | Your Passkey Was Removed. | Passkey removed |
                    """,
                fix: "Write the word in lowercase (“Try again”); keep capitals only for proper nouns.")),
        CatalogueEntry(
            sample: .copyStraightQuote("Passkey Can't Be Used", quote: "'", replacement: "’"),
            explanation: MessageExplanation(
                summary: "Copy uses a straight quote (' or \") instead of a typographic one.",
                detail: """
                    Copy on screen uses typographic apostrophes and quotation marks (’ “ ”), as both \
                    platforms' guidelines do; the exports escape them as each platform needs. A straight \
                    ' or \" in a copy cell is reported with the character to use instead. A warning; \
                    'lint --strict' makes it an error.
                    """,
                example: """
                    | Title | Passkey Can't Be Used | Passkey can't be used |
                    """,
                fix: "Replace ' with ’ and \" with “ or ” (“Passkey Can’t Be Used”).")),
        CatalogueEntry(
            sample: .copyTrailingPeriod("Unable to Continue.", part: "title", platform: "iOS"),
            explanation: MessageExplanation(
                summary: "A title or button ends with a period.",
                detail: """
                    Button labels, dialog titles and alert titles that are sentence fragments are not \
                    sentences and end without a period on every platform; messages may end with one. A \
                    title or 'Action' cell ending in '.' is reported, except an iOS title that is a \
                    complete sentence, which ends with punctuation (see 'copy-end-punctuation'). A \
                    warning; 'lint --strict' makes it an error.
                    """,
                example: """
                    | Title | Unable to Continue. | Can’t continue. |
                    """,
                fix: "Remove the period.")),
        CatalogueEntry(
            sample: .copyEndPunctuation("This account can’t sign in with a passkey", part: "title", platform: "iOS"),
            explanation: MessageExplanation(
                summary: "An iOS title that is a complete sentence has no ending punctuation.",
                detail: """
                    Apple's Human Interface Guidelines end an alert title that is a complete sentence with \
                    the punctuation a sentence takes, and write it in sentence case. The tool takes an iOS \
                    title for a complete sentence when it starts with a pronoun or a determiner (“your”, \
                    “this”, “the”) followed by a verb such as “is”, “was”, “can’t” or “has”, or when it is \
                    a question such as “Do you want to use a passkey”; such a title without '.', '?' or \
                    '!' at the end is reported. A warning; 'lint --strict' makes it an error.
                    """,
                example: """
                    | Title | This account can’t sign in with a passkey | Can’t sign in with a passkey |
                    """,
                fix: """
                    End the sentence with '.', '?' or '!' (“This account can’t sign in with a passkey.”), or \
                    make the title a fragment in title style (“Can’t Sign In with a Passkey”).
                    """)),
        CatalogueEntry(
            sample: .copyPlaceholder("This passkey can no longer sign in to %@.", placeholders: ["%@"], row: "Message"),
            explanation: MessageExplanation(
                summary: "Copy holds a format placeholder that its row does not declare.",
                detail: """
                    A placeholder such as '%@', '%s', '%d' or '{name}' in copy is filled in by the app at \
                    run time, so engineers must know it is there, and translators must keep it. A \
                    placeholder is only accepted when the row declares it, as in \
                    'Message (placeholders: %@)'; an undeclared one is usually an unfinished draft and is \
                    reported. A warning; 'lint --strict' makes it an error.
                    """,
                example: """
                    | Message | This passkey can no longer sign in to %@. | This passkey can no longer sign in to %s. |
                    """,
                fix: "Write the words out, or declare the placeholder in the row label: 'Message (placeholders: %@)'.")),
        CatalogueEntry(
            sample: .copyButtonLength("Sign In Using Another Method Instead", length: 36, limit: 25, platform: "iOS"),
            explanation: MessageExplanation(
                summary: "A button label is longer than 25 characters.",
                detail: """
                    Alert and dialog buttons are narrow; on small screens and in larger text sizes a long \
                    label is truncated or wraps, and translations are usually longer still. An 'Action' \
                    cell of more than 25 characters is reported with its length. A warning; \
                    'lint --strict' makes it an error.
                    """,
                example: """
                    | Action `fallback` | Sign In Using Another Method Instead | Sign in another way |
                    """,
                fix: "Shorten the label to 25 characters or fewer, e.g. “Sign In Another Way”.")),
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
            sample: .missingCriteriaTable,
            explanation: MessageExplanation(
                summary: "A 'criteria' section has no acceptance-criteria table.",
                detail: """
                    A section of kind 'criteria' holds the criteria table, recognised by its first column \
                    'ID'. Without it the spec has no criteria to check, badge or trace. Reported at the \
                    section heading.
                    """,
                example: """
                    ## Acceptance criteria
                    <!-- section: acceptance-criteria kind: criteria -->

                    - N1.4-AC01: the first cancellation offers a retry.
                    """,
                fix: "Add a table with the columns 'ID | Level | Acceptance criterion | How to verify'.")),
        CatalogueEntry(
            sample: .criteriaTableColumns(found: ["ID", "Level", "Criterion", "How to verify"]),
            explanation: MessageExplanation(
                summary: "The criteria table does not have exactly the four expected columns.",
                detail: """
                    The criteria table's columns are 'ID', 'Level', 'Acceptance criterion' and 'How to \
                    verify', in that order (case does not matter). Renamed, missing, extra or reordered \
                    columns are reported at the header row with the names found, and the table is not read.
                    """,
                example: """
                    | ID | Level | Criterion | How to verify |
                    | --- | --- | --- | --- |
                    """,
                fix: "Rename the columns to 'ID | Level | Acceptance criterion | How to verify'.")),
        CatalogueEntry(
            sample: .malformedCriterionID("N1.4-AC1"),
            explanation: MessageExplanation(
                summary: "A criterion ID is not the spec ID, '-AC' and at least two digits.",
                detail: """
                    Criterion IDs look like 'N1.4-AC01'. A malformed one is reported in the criteria table \
                    (at the row), in a heading over checks (a word containing '-AC'), or in a reference. \
                    Such an ID cannot be linked to its checks, badges and references.
                    """,
                example: """
                    | N1.4-AC1 | Core | When the app starts passkey login automatically, … | … |
                    """,
                fix: "Write the ID with at least two digits: 'N1.4-AC01'.")),
        CatalogueEntry(
            sample: .foreignCriterionID("N1.3-AC01", spec: "N1.4"),
            explanation: MessageExplanation(
                summary: "A criterion ID starts with another spec's ID.",
                detail: """
                    A criterion belongs to the page's spec, so its ID starts with that spec's ID. A row of \
                    the criteria table or a heading over checks whose ID names another spec is reported; it \
                    is usually a leftover from copying another page.
                    """,
                example: """
                    <!-- spec: N1.4 platforms: ios, android -->
                    …
                    | N1.3-AC01 | Core | … | … |
                    """,
                fix: "Use this page's spec ID in the criterion ID, e.g. 'N1.4-AC01'.")),
        CatalogueEntry(
            sample: .duplicateCriterionID("N1.4-AC02", first: firstUse),
            explanation: MessageExplanation(
                summary: "Two rows of the criteria table have the same ID.",
                detail: """
                    Criterion IDs are unique: checks, references and badges refer to them. The second row \
                    is reported and ignored, and the message names where the first one is.
                    """,
                example: """
                    | N1.4-AC02 | Core | When the user starts login from the passkey button, … | … |
                    | N1.4-AC02 | Core | A lookup timeout is not proof that the account does not exist. | … |
                    """,
                fix: "Give the new criterion the next free number.")),
        CatalogueEntry(
            sample: .emptyCriterionCell("How to verify"),
            explanation: MessageExplanation(
                summary: "A cell of the criteria table is empty.",
                detail: """
                    Every criterion has an ID, a level, the criterion itself and how to verify it. An empty \
                    cell is reported at that cell, naming its column, and the row is not read.
                    """,
                example: """
                    | N1.4-AC03 | Core | A lookup timeout is not proof that the account does not exist. |  |
                    """,
                fix: "Fill in the cell.")),
        CatalogueEntry(
            sample: .malformedBenchmarkTable,
            explanation: MessageExplanation(
                summary: "The benchmark table does not have the columns 'Benchmark as' and 'User reach' and one row.",
                detail: """
                    In a criteria section, a table whose first column is 'Benchmark as' is the benchmark \
                    table: two columns, 'Benchmark as' and 'User reach', and exactly one row with both \
                    filled in. Anything else is reported at the table (or at the row with an empty cell).
                    """,
                example: """
                    | Benchmark as | User reach |
                    | ------------ | ---------- |
                    | Baseline     | Mid        |
                    | Stretch      | High       |
                    """,
                fix: "Keep the two columns and one row with both cells filled in.")),
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
            sample: .unclosedCheckBlock,
            explanation: MessageExplanation(
                summary: "A 'gherkin' block is not closed.",
                detail: """
                    A fenced block runs until a fence like the one that opened it (the same character, at \
                    least as many). Without one, everything to the end of the page becomes part of the \
                    block, so the rest of the page is lost. Reported at the opening fence.
                    """,
                example: """
                    ```gherkin
                    Scenario: The first cancellation offers a retry
                      Given the app starts passkey login automatically

                    ### N1.4-AC02: explicit route
                    """,
                fix: "Close the block with ``` on a line of its own after the last step.")),
        CatalogueEntry(
            sample: .emptyCheckBlock,
            explanation: MessageExplanation(
                summary: "A 'gherkin' block holds no 'Scenario:'.",
                detail: """
                    Each 'Scenario:' line in a 'gherkin' block starts one check. A block with only blank \
                    lines, '#' comments or steps but no 'Scenario:' line checks nothing. Reported at the \
                    opening fence.
                    """,
                example: """
                    ```gherkin
                    # to do: cancellation checks
                    ```
                    """,
                fix: "Add a 'Scenario: name' line and its steps, or remove the block.")),
        CatalogueEntry(
            sample: .checkOutsideCriterion,
            explanation: MessageExplanation(
                summary: "A 'gherkin' block is neither under a criterion heading nor inside a scenario.",
                detail: """
                    Checks verify something: either the criterion named by the nearest heading above them \
                    (e.g. '### N1.4-AC01: automatic route'), or, for a scenario that belongs to no \
                    criterion, the scenario they sit in, after its copy table. A block anywhere else has \
                    nothing to verify. Reported at the opening fence.
                    """,
                example: """
                    ### Checks

                    ```gherkin
                    Scenario: The first cancellation offers a retry
                    ```
                    """,
                fix: "Put the block under a heading that names its criterion ID, or inside its scenario.")),
        CatalogueEntry(
            sample: .checkForUnknownCriterion("N1.4-AC09"),
            explanation: MessageExplanation(
                summary: "A heading over checks names a criterion the criteria table does not define.",
                detail: """
                    The checks under a heading naming a criterion ID verify that criterion, so it must be a \
                    row of the page's criteria table. Reported once per ID, at the heading; often a typo or \
                    a criterion that was renumbered.
                    """,
                example: """
                    ### N1.4-AC09: automatic route

                    ```gherkin
                    Scenario: …
                    ```
                    """,
                fix: "Correct the ID in the heading, or add the criterion to the criteria table.")),
        CatalogueEntry(
            sample: .stepWithoutKeyword("the user cancels the OS prompt"),
            explanation: MessageExplanation(
                summary: "A line of a 'gherkin' block is neither a 'Scenario:' nor a step.",
                detail: """
                    Every non-blank line of a check is a 'Scenario:' (or 'Example:') line, a '#' comment or \
                    a step starting with 'Given', 'When', 'Then', 'And' or 'But' (capitalized, followed by \
                    the step). Anything else is reported at the line and skipped.
                    """,
                example: """
                    Scenario: The first cancellation offers a retry
                      Given the app starts passkey login automatically
                      the user cancels the OS prompt
                    """,
                fix: "Start the line with Given, When, Then, And or But, or make it a '#' comment.")),
        CatalogueEntry(
            sample: .stepOutsideScenario,
            explanation: MessageExplanation(
                summary: "A step comes before the first 'Scenario:' line of its block.",
                detail: """
                    Steps belong to the check started by the 'Scenario:' line above them. A step before any \
                    'Scenario:' belongs to no check and is reported at its line.
                    """,
                example: """
                    ```gherkin
                      Given the app starts passkey login automatically
                    Scenario: The first cancellation offers a retry
                    ```
                    """,
                fix: "Move the step below a 'Scenario:' line, or add one above it.")),
        CatalogueEntry(
            sample: .scenarioWithoutSteps("A second cancellation shows the fallback"),
            explanation: MessageExplanation(
                summary: "A check has a 'Scenario:' line but no steps.",
                detail: """
                    A check with no steps would pass without checking anything. Reported at its \
                    'Scenario:' line.
                    """,
                example: """
                    Scenario: A second cancellation shows the fallback

                    Scenario: The count survives a relaunch
                      Given the app starts passkey login automatically
                    """,
                fix: "Write its steps, or remove the 'Scenario:' line.")),
        CatalogueEntry(
            sample: .unnamedCheck,
            explanation: MessageExplanation(
                summary: "A 'Scenario:' line has no name.",
                detail: """
                    A check's name is shown on the site and in JUnit, and it forms the check's ID with its \
                    criterion ('N1.4-AC01/the-count-survives-a-relaunch'). A 'Scenario:' with nothing after \
                    the colon is reported at its line and the check is dropped.
                    """,
                example: """
                    Scenario:
                      Given the app starts passkey login automatically
                    """,
                fix: "Name the check after the colon, saying what it shows.")),
        CatalogueEntry(
            sample: .duplicateCheckName("Cancelling shows the fallback", first: firstUse),
            explanation: MessageExplanation(
                summary: "Two checks of the same criterion or scenario have the same name.",
                detail: """
                    A check's ID is its criterion (or scenario) and its name made into lowercase words \
                    joined by hyphens, so two names that differ only in case or punctuation clash too. The \
                    second check is reported and dropped; the message names where the first is.
                    """,
                example: """
                    Scenario: Cancelling shows the fallback
                      …
                    Scenario: Cancelling shows the fallback!
                      …
                    """,
                fix: "Give the check a name that says what is different about it.")),
        CatalogueEntry(
            sample: .conjunctionWithoutStep("And"),
            explanation: MessageExplanation(
                summary: "A check's first step starts with 'And' or 'But'.",
                detail: """
                    'And' and 'But' continue the step before them, so they cannot come first in a check. \
                    Reported at the step.
                    """,
                example: """
                    Scenario: The first cancellation offers a retry
                      And the app starts passkey login automatically
                    """,
                fix: "Start the check with 'Given' (or 'When' or 'Then').")),
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
            sample: .referenceWithoutLink,
            explanation: MessageExplanation(
                summary: "A reference item has no link.",
                detail: """
                    Each item of a 'references' section links the sources that support the criteria it \
                    names. An item without a Markdown link is reported at the item and ignored.
                    """,
                example: """
                    - **N1.4-AC01–AC03:** Apple: Authorization error codes.
                    """,
                fix: "Link the source: '[Apple: Authorization error codes](https://developer.apple.com/…)'.")),
        CatalogueEntry(
            sample: .unsafeReferenceLink("file:///Users/me/notes.md"),
            explanation: MessageExplanation(
                summary: "A reference link is not an http or https address.",
                detail: """
                    Reference links are published on the site, which only links to web addresses. A link \
                    with another scheme ('javascript:', 'file:', 'ftp:') or a relative path is reported at \
                    the link and left out.
                    """,
                example: """
                    - **N1.4-AC01:** [Notes](file:///Users/me/notes.md)
                    """,
                fix: "Link to the source's https:// address.")),
        CatalogueEntry(
            sample: .referenceWithoutCriteria,
            explanation: MessageExplanation(
                summary: "A reference item names no criterion it supports.",
                detail: """
                    Each reference item starts by naming the criteria its links support (an ID such as \
                    'N1.4-AC01' or a range such as 'N1.4-AC01–AC03'); that is how the site traces criteria \
                    to sources. An item naming none is reported at the item.
                    """,
                example: """
                    - [Apple: Authorization error codes](https://developer.apple.com/…)
                    """,
                fix: "Start the item with the criteria it supports: '- **N1.4-AC01–AC03:** [Apple: …](https://…)'.")),
        CatalogueEntry(
            sample: .referenceToUnknownCriterion(["N1.4-AC07"]),
            explanation: MessageExplanation(
                summary: "A reference names a criterion the criteria table does not define.",
                detail: """
                    Every criterion a reference names, including each one inside a range, must be a row of \
                    the page's criteria table. Reported at the link, with the ID.
                    """,
                example: """
                    - **N1.4-AC01–AC07:** [Apple: Authorization error codes](https://developer.apple.com/…)
                    (with criteria AC01 to AC05 only)
                    """,
                fix: "Correct the ID or range, or add the criterion to the table.")),
        CatalogueEntry(
            sample: .backwardsCriterionRange("N1.4-AC03–AC01"),
            explanation: MessageExplanation(
                summary: "A criterion range in a reference runs backwards.",
                detail: """
                    A range such as 'N1.4-AC01–AC03' is expanded to every criterion from the first to the \
                    last, so the first ID must be the lower one. Reported at the item.
                    """,
                example: """
                    - **N1.4-AC03–AC01:** [Apple: Authorization error codes](https://developer.apple.com/…)
                    """,
                fix: "Write the lower ID first: 'N1.4-AC01–AC03'.")),
        CatalogueEntry(
            sample: .criterionRangeTooLong("N1.4-AC01–AC1000", limit: 100),
            explanation: MessageExplanation(
                summary: "A criterion range in a reference spans more criteria than a page can hold.",
                detail: """
                    A range is expanded to every criterion from the first to the last, and a page holds a \
                    few dozen criteria; a range over more than 100 is a typo (an extra digit), and is not \
                    expanded. Reported at the item.
                    """,
                example: """
                    - **N1.4-AC01–AC1000:** [Apple: Authorization error codes](https://developer.apple.com/…)
                    """,
                fix: "Correct the last ID: 'N1.4-AC01–AC10'.")),
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
            sample: .noMarkdownFiles("templates"),
            explanation: MessageExplanation(
                summary: "A folder given to the command holds no Markdown files.",
                detail: """
                    The tool reads every '.md' file under a folder, recursively, skipping hidden folders. A \
                    folder with none is reported at its path as an error, since checking nothing would \
                    pass silently.
                    """,
                example: """
                    $ passkey-spec lint templates
                    """,
                fix: "Point the command at the folder with the spec pages (default: 'content')."))
    ]
}

// MARK: - Helpers

private func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
}
