// What each message of the catalogue means, for `passkey-spec explain ID` and the writer's
// guide. One exhaustive switch per property, without a default, so that a new message ID
// cannot compile until it is explained.

/// The long form of a message: what it means, when it is reported, an input that triggers
/// it, and what to do about it.
public struct MessageExplanation: Sendable, Equatable {
    /// One line: what the message means.
    public var summary: String
    /// When it is reported and why it matters.
    public var detail: String
    /// A short Markdown or command-line snippet that triggers it, as a writer would write it.
    public var example: String
    /// What to do about it.
    public var fix: String

    public init(summary: String, detail: String, example: String, fix: String) {
        self.summary = summary
        self.detail = detail
        self.example = example
        self.fix = fix
    }
}

extension MessageID {
    /// The long form of this message.
    public var explanation: MessageExplanation {
        switch self {
        // MARK: Files
        case .emptyFile:
            MessageExplanation(
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
            )
        case .invalidUTF8:
            MessageExplanation(
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
            )
        case .binaryFile:
            MessageExplanation(
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
            )
        case .fileTooLarge:
            MessageExplanation(
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
            )
        case .unreadableFile:
            MessageExplanation(
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
            )
        case .notASpecPage:
            MessageExplanation(
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
                    """)
        case .missingTitle:
            MessageExplanation(
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
                fix: "Move the '# Title' heading and its comment to the top; put the other text below them.")
        case .duplicateTitle:
            MessageExplanation(
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
                fix: "Make the extra heading a '##' section (with its '<!-- section: … -->' comment).")

        // MARK: Page metadata
        case .malformedMetadata:
            MessageExplanation(
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
                fix: "Remove or correct the key, or move the comment to the line right after its heading.")
        case .malformedSpecID:
            MessageExplanation(
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
                fix: "Write the ID as capital letters, digits and dots, e.g. 'N1.4'.")
        case .duplicateSpecID:
            MessageExplanation(
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
                fix: "Give the new page its own spec ID (and renumber its criterion IDs to match).")
        case .duplicatePageID:
            MessageExplanation(
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
                fix: "Give one of the pages another ID.")
        case .missingPlatforms:
            MessageExplanation(
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
                fix: "Add 'platforms: ios, android' (or the platforms the spec covers) to the comment.")
        case .unknownPlatform:
            MessageExplanation(
                summary: "The spec comment names a platform the tool does not know.",
                detail: """
                    The known platforms are 'ios' and 'android' (their display names 'iOS' and 'Android' \
                    are accepted too, in any case). The reference engine has an adapter for each; any other \
                    name is reported at the 'platforms' value.
                    """,
                example: """
                    <!-- spec: N1.4 platforms: ios, android, web -->
                    """,
                fix: "Use 'ios' and/or 'android', separated by commas; remove other names.")

        case .missingFlow:
            MessageExplanation(
                summary: "The spec comment does not say which flow the page is checked against.",
                detail: """
                    A spec page names its flow in its metadata comment ('flow: passkey-login'): the flow \
                    brings the steps its checks may use, the scenarios its engine can reach, the platforms \
                    it runs on and the rules its copy is held to. Without one, nothing on the page can be \
                    checked. Reported by 'lint', 'check' and 'build' at the page's title, with the flows \
                    the tool knows.
                    """,
                example: """
                    <!-- spec: N1.4 platforms: ios, android -->
                    """,
                fix: "Add 'flow: ID' to the spec comment, with one of the flows the message lists.")
        case .unknownFlow:
            MessageExplanation(
                summary: "The spec comment names a flow the tool does not know.",
                detail: """
                    The 'flow' value must be the ID of a registered flow ('passkey-spec steps' lists each \
                    flow with its steps). A misspelt flow would leave every step undefined and every \
                    scenario unreached, so the page is not run at all. Reported at the value.
                    """,
                example: """
                    <!-- spec: N1.4 flow: passkey-signin platforms: ios, android -->
                    """,
                fix: "Use one of the flows the message lists.")
        case .platformNotInFlow:
            MessageExplanation(
                summary: "The spec covers a platform its flow does not run on.",
                detail: """
                    A flow runs on the platforms its engine has an adapter for. A spec that lists another \
                    platform could not check that platform's copy or behaviour, so its criteria could not \
                    pass there. Reported at the 'flow' value, once per platform.
                    """,
                example: """
                    <!-- spec: N1.4 flow: passkey-login platforms: ios, android, web -->
                    """,
                fix: "Remove the platform from 'platforms', or choose a flow that runs on it.")

        // MARK: Sections and scenarios
        case .missingSectionID:
            MessageExplanation(
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
                fix: "Add '<!-- section: general-login-errors kind: scenarios -->' on the line after the heading.")
        case .unknownSectionKind:
            MessageExplanation(
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
                fix: "Use one of 'scenarios', 'criteria', 'references' or 'prose' (or leave 'kind' out for prose).")
        case .malformedID:
            MessageExplanation(
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
                fix: "Rewrite the ID in lowercase with hyphens, e.g. 'deleted-passkey'.")
        case .duplicateSectionID:
            MessageExplanation(
                summary: "Two sections of the page have the same ID.",
                detail: """
                    Section IDs are anchors on the page, so they are unique within it. The second section is \
                    reported at its ID, and the message names where the first one is.
                    """,
                example: """
                    ## Passkey login errors
                    <!-- section: general-login-errors kind: scenarios -->
                    """,
                fix: "Give the section its own ID, e.g. 'passkey-login-errors'.")
        case .missingScenarioID:
            MessageExplanation(
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
                fix: "Add '<!-- scenario: explicit-cancel -->' on the line after the heading.")
        case .duplicateScenarioID:
            MessageExplanation(
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
                fix: "Give the scenario its own ID, or merge the two scenarios.")
        case .scenarioOutsideSection:
            MessageExplanation(
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
                fix: "Move the scenario into a section of kind 'scenarios', as a '###' heading.")

        // MARK: Copy tables
        case .missingCopyTable:
            MessageExplanation(
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
                    """)
        case .extraCopyTable:
            MessageExplanation(
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
                fix: "Merge the rows into the first table; write notes as prose, not as a table.")
        case .missingPlatformColumn:
            MessageExplanation(
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
                fix: "Add the platform's column (write 'None' in cells where nothing is shown).")
        case .unknownPlatformColumn:
            MessageExplanation(
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
                fix: "Correct the header, declare the platform in the spec comment, or move notes into prose.")
        case .duplicatePlatformColumn:
            MessageExplanation(
                summary: "A copy table has two columns for the same platform.",
                detail: """
                    Each platform has one column, so each string has one cell. The second column is \
                    reported at its header and ignored.
                    """,
                example: """
                    |         | iOS | iOS | Android |
                    | ------- | --- | --- | ------- |
                    """,
                fix: "Merge the two columns into one.")
        case .unknownCopyRow:
            MessageExplanation(
                summary: "A copy table row has a label the tool does not know.",
                detail: """
                    The first cell of each row names what the row holds: 'Trigger', 'Presentation', \
                    'Title', 'Message', or 'Action `id`' for a button. Any other label is reported at the \
                    label and the row is ignored, so its words would not be exported.
                    """,
                example: """
                    | Heading | Unable to Sign In | Can’t sign in |
                    """,
                fix: "Use one of the known labels, e.g. 'Title'; a button is 'Action `retry`'.")
        case .missingCopyRow:
            MessageExplanation(
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
                fix: "Add the row; write 'None' (optionally 'None — reason') where nothing is shown.")
        case .duplicateCopyRow:
            MessageExplanation(
                summary: "A copy table has the same row twice.",
                detail: """
                    Each row ('Title', 'Message', each 'Action `id`') appears once, so each string has one \
                    key. The second row is reported at its label and ignored.
                    """,
                example: """
                    | Title | Unable to Sign In | Can’t sign in |
                    | Title | Sign-In Failed | Sign-in failed |
                    """,
                fix: "Keep one row; move alternatives into prose for review.")
        case .emptyCopyCell:
            MessageExplanation(
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
                fix: "Write the copy, or 'None' (optionally 'None — no error is shown') where nothing is shown.")
        case .missingActionID:
            MessageExplanation(
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
                fix: "Put the action ID in backticks: 'Action `retry`' ('passkey-spec steps' lists the actions).")
        case .triggerWithoutSignal:
            MessageExplanation(
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
                fix: "Name the native result in backticks, e.g. `ASAuthorizationError.Code.canceled` (1001).")

        // MARK: Trigger names
        case .unknownTriggerName:
            MessageExplanation(
                summary: "A backticked name in a Trigger cell is not a native result the engine knows there.",
                detail: """
                    Trigger cells are data: every name in backticks is looked up in the engine's catalogue \
                    of native results for that column's platform. On iOS those are the \
                    'ASAuthorizationError.Code' cases; on Android the 'GetCredentialException' subclasses \
                    and the DomError names such as 'NotAllowedError'; on both, the server's answers \
                    ('route-unavailable', 'credential-not-found', 'credential-revoked', 'account-status', \
                    'verification-inconclusive') and the lookup's transport errors ('URLError.Code.timedOut', \
                    'SocketTimeoutException', 'HTTP 5xx'). A name that is not there is reported at its \
                    column, with the closest real name, or saying it belongs in the other platform's column. \
                    A misspelt name would send engineers searching for an API that does not exist.
                    """,
                example: """
                    | Trigger | `ASAuthorizationError.Code.cancelled` (1001) | `GetCredentialCancellationException` |
                    """,
                fix: """
                    Correct the name as the message suggests, or move it to its platform's column. Words \
                    outside backticks are free prose, so put anything that is not a native name there.
                    """)
        case .triggerLeadsElsewhere:
            MessageExplanation(
                summary: "A native result named in a Trigger cell never leads to this scenario.",
                detail: """
                    The engine is asked where each named native result goes, on every route (automatic, \
                    explicit, after a cancellation) and configuration. When it never sends the result to \
                    this scenario on that platform, the Trigger cell promises engineers a mapping the app \
                    must not implement. The message names the scenarios (or the fallback) it does lead to; \
                    'passkey-spec errors' prints the whole mapping.
                    """,
                example: """
                    ### Error: general passkey login error
                    <!-- scenario: passkey-failed -->

                    | Trigger | `ASAuthorizationError.Code.notInteractive` (1005) | `NoCredentialException` |
                    """,
                fix: """
                    Remove the name from this cell and name it in the scenario it leads to; if the spec \
                    means to change the mapping, the engine must change first.
                    """)
        case .triggerNotNamed:
            MessageExplanation(
                summary: "A native result that leads to this scenario is missing from its Trigger cell.",
                detail: """
                    Coverage the other way round: every native result that the engine sends to the scenario \
                    on a platform, on some route and configuration, must be named in that platform's \
                    Trigger cell, so that engineers map every one of them. Dropping one (for example \
                    `ASAuthorizationError.Code.invalidResponse` (1002) from the general passkey error) is \
                    reported at the cell with the name to add.
                    """,
                example: """
                    ### Error: general passkey login error
                    <!-- scenario: passkey-failed -->

                    | Trigger | `ASAuthorizationError.Code.failed` (1004) or `ASAuthorizationError.Code.unknown` (1000) | … |
                    """,
                fix: "Add the name in backticks to the cell ('passkey-spec errors' lists what leads where).")
        case .triggerRawValue:
            MessageExplanation(
                summary: "An iOS error code name lacks its raw value in parentheses, or has the wrong one.",
                detail: """
                    iOS logs and crash reports show ASAuthorizationError codes as numbers, so every \
                    'ASAuthorizationError.Code' name in a Trigger cell is followed by its raw value in \
                    parentheses, e.g. `ASAuthorizationError.Code.failed` (1004). A missing number, or one \
                    that is not the code's raw value, is reported at the name with the right value.
                    """,
                example: """
                    | Trigger | `ASAuthorizationError.Code.canceled` (1004) | `GetCredentialCancellationException` |
                    """,
                fix:
                    "Write the code's raw value right after the closing backtick: `ASAuthorizationError.Code.canceled` (1001)."
            )

        // MARK: Copy style
        case .copyTitleCase:
            MessageExplanation(
                summary: "An iOS title or button is not in title-style capitalization.",
                detail: """
                    Apple's Human Interface Guidelines use title-style capitalization for alert titles and \
                    buttons: every word starts with a capital letter except articles, coordinating \
                    conjunctions and prepositions of four or fewer letters (a, and, for, in, of, on, or, the, \
                    to, with…), which stay lowercase unless they are the first or last word. The parts of a \
                    phrasal verb such as “Sign In” may be capitalized. The message names the word to \
                    capitalize. A warning; 'lint --strict' makes it an error.
                    """,
                example: """
                    | Title | Unable to sign in | Can’t sign in |
                    """,
                fix: "Capitalize the word as the message says, e.g. “Unable to Sign In”.")
        case .copySentenceCase:
            MessageExplanation(
                summary: "An Android title or button is not in sentence case.",
                detail: """
                    Material Design uses sentence case for dialog titles and buttons: only the first word \
                    and proper nouns (Face ID, Google Password Manager) start with a capital letter. A \
                    capitalized word later in an Android title or button, often copied from the iOS column, \
                    is reported with the word to lowercase. A warning; 'lint --strict' makes it an error.
                    """,
                example: """
                    | Action `retry` | Try Again | Try Again |
                    """,
                fix: "Write the word in lowercase (“Try again”); keep capitals only for proper nouns.")
        case .copyStraightQuote:
            MessageExplanation(
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
                fix: "Replace ' with ’ and \" with “ or ” (“Passkey Can’t Be Used”).")
        case .copyTrailingPeriod:
            MessageExplanation(
                summary: "A title or button ends with a period.",
                detail: """
                    Alert and dialog titles and button labels are not sentences and end without a period on \
                    both platforms; messages may end with one. A title or 'Action' cell ending in '.' is \
                    reported. A warning; 'lint --strict' makes it an error.
                    """,
                example: """
                    | Title | Unable to Continue. | Can’t continue. |
                    """,
                fix: "Remove the period.")
        case .copyPlaceholder:
            MessageExplanation(
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
                fix: "Write the words out, or declare the placeholder in the row label: 'Message (placeholders: %@)'.")
        case .copyButtonLength:
            MessageExplanation(
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
                fix: "Shorten the label to 25 characters or fewer, e.g. “Sign In Another Way”.")

        // MARK: Acceptance criteria
        case .missingCriteriaTable:
            MessageExplanation(
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
                fix: "Add a table with the columns 'ID | Level | Acceptance criterion | How to verify'.")
        case .criteriaTableColumns:
            MessageExplanation(
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
                fix: "Rename the columns to 'ID | Level | Acceptance criterion | How to verify'.")
        case .malformedCriterionID:
            MessageExplanation(
                summary: "A criterion ID is not the spec ID, '-AC' and at least two digits.",
                detail: """
                    Criterion IDs look like 'N1.4-AC01'. A malformed one is reported in the criteria table \
                    (at the row), in a heading over checks (a word containing '-AC'), or in a reference. \
                    Such an ID cannot be linked to its checks, badges and references.
                    """,
                example: """
                    | N1.4-AC1 | Core | When the app starts passkey login automatically, … | … |
                    """,
                fix: "Write the ID with at least two digits: 'N1.4-AC01'.")
        case .foreignCriterionID:
            MessageExplanation(
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
                fix: "Use this page's spec ID in the criterion ID, e.g. 'N1.4-AC01'.")
        case .duplicateCriterionID:
            MessageExplanation(
                summary: "Two rows of the criteria table have the same ID.",
                detail: """
                    Criterion IDs are unique: checks, references and badges refer to them. The second row \
                    is reported and ignored, and the message names where the first one is.
                    """,
                example: """
                    | N1.4-AC02 | Core | When the user starts login from the passkey button, … | … |
                    | N1.4-AC02 | Core | A lookup timeout is not proof that the account does not exist. | … |
                    """,
                fix: "Give the new criterion the next free number.")
        case .emptyCriterionCell:
            MessageExplanation(
                summary: "A cell of the criteria table is empty.",
                detail: """
                    Every criterion has an ID, a level, the criterion itself and how to verify it. An empty \
                    cell is reported at that cell, naming its column, and the row is not read.
                    """,
                example: """
                    | N1.4-AC03 | Core | A lookup timeout is not proof that the account does not exist. |  |
                    """,
                fix: "Fill in the cell.")
        case .malformedBenchmarkTable:
            MessageExplanation(
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
                fix: "Keep the two columns and one row with both cells filled in.")

        // MARK: Checks
        case .unclosedCheckBlock:
            MessageExplanation(
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
                fix: "Close the block with ``` on a line of its own after the last step.")
        case .emptyCheckBlock:
            MessageExplanation(
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
                fix: "Add a 'Scenario: name' line and its steps, or remove the block.")
        case .checkOutsideCriterion:
            MessageExplanation(
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
                fix: "Put the block under a heading that names its criterion ID, or inside its scenario.")
        case .checkForUnknownCriterion:
            MessageExplanation(
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
                fix: "Correct the ID in the heading, or add the criterion to the criteria table.")
        case .stepWithoutKeyword:
            MessageExplanation(
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
                fix: "Start the line with Given, When, Then, And or But, or make it a '#' comment.")
        case .stepOutsideScenario:
            MessageExplanation(
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
                fix: "Move the step below a 'Scenario:' line, or add one above it.")
        case .scenarioWithoutSteps:
            MessageExplanation(
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
                fix: "Write its steps, or remove the 'Scenario:' line.")
        case .unnamedCheck:
            MessageExplanation(
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
                fix: "Name the check after the colon, saying what it shows.")
        case .duplicateCheckName:
            MessageExplanation(
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
                fix: "Give the check a name that says what is different about it.")
        case .conjunctionWithoutStep:
            MessageExplanation(
                summary: "A check's first step starts with 'And' or 'But'.",
                detail: """
                    'And' and 'But' continue the step before them, so they cannot come first in a check. \
                    Reported at the step.
                    """,
                example: """
                    Scenario: The first cancellation offers a retry
                      And the app starts passkey login automatically
                    """,
                fix: "Start the check with 'Given' (or 'When' or 'Then').")

        // MARK: Running checks
        case .undefinedStep:
            MessageExplanation(
                summary: "A step matches no step definition.",
                detail: """
                    Steps come from a fixed list so that each means exactly one thing to the engine. A step \
                    whose words match no pattern (parameter values in double quotes, numbers bare) is \
                    reported at its line by 'lint', 'check' and 'build', with the closest known step. Like \
                    every error 'lint' finds, it stops 'check' and 'build' before any check runs.
                    """,
                example: """
                    Scenario: The first cancellation offers a retry
                      Given the app starts passkey login automatically
                      When the user dismisses the OS prompt
                    """,
                fix: "Reword the step as the suggestion, or pick one from 'passkey-spec steps'.")
        case .ambiguousStep:
            MessageExplanation(
                summary: "A step matches more than one step definition.",
                detail: """
                    Every step must match exactly one pattern, or the engine would not know which one was \
                    meant. The message lists the patterns that match. With the built-in step list this \
                    points at overlapping definitions rather than at the spec.
                    """,
                example: """
                    When the user chooses "retry"
                    (with a second definition 'the user chooses {fallback}' next to 'the user chooses {action}')
                    """,
                fix:
                    "Reword the step to match one pattern exactly, and tell the engine's maintainers about the overlap."
            )
        case .invalidStepParameter:
            MessageExplanation(
                summary: "A step's quoted value is not one the parameter accepts.",
                detail: """
                    The step has the shape of a definition, but a value in double quotes is not one of the \
                    values its parameter takes (an account status, an action, a scenario, a lookup fault…), \
                    or is empty. The message lists the accepted values; 'passkey-spec steps' prints them \
                    all. Reported at the step.
                    """,
                example: """
                    Given the account is "frozen"
                    """,
                fix: "Use one of the listed values, e.g. 'the account is \"locked\"'.")
        case .stepFailed:
            MessageExplanation(
                summary: "A step of a check did not hold when run against the engine on a platform.",
                detail: """
                    'check' and 'build' run every check once per platform, through that platform's native \
                    results. A step that does not hold is reported at its line, with the platform, what it \
                    expected and what the engine showed (screen, error notice, actions offered, open \
                    prompt, cancellation count, session). The remaining steps of that check on that \
                    platform are skipped. Either the check says something the spec does not mean, or the \
                    behaviour it describes is not the engine's.
                    """,
                example: """
                    Scenario: The first cancellation offers a retry
                      Given the app starts passkey login automatically
                      And the device has passkey "phone"
                      When the login screen appears
                      And the user cancels the OS prompt
                      Then the fallback screen is shown
                    """,
                fix: """
                    Compare expected and observed: correct the check if it is wrong; if the spec means the \
                    behaviour, the engine (and the app) must change, which is a decision to take with \
                    engineering.
                    """)
        case .scenarioNotExercised:
            MessageExplanation(
                summary: "No check run reaches the scenario.",
                detail: """
                    'check' requires every scenario to be reached by at least one check on some platform, \
                    so that its copy is known to be shown where the spec says. Reported at the scenario's \
                    heading when no step of any check leads the engine to it.
                    """,
                example: """
                    ### Error: tried deleted passkey
                    <!-- scenario: deleted-passkey -->
                    … (and no check selects a passkey the server has no record of)
                    """,
                fix:
                    "Add a check whose steps reach the scenario and say so: Then the user sees the \"deleted-passkey\" copy."
            )
        case .scenarioMissingFromSpec:
            MessageExplanation(
                summary: "The engine reaches a scenario that no spec page describes.",
                detail: """
                    The engine can lead the user to this scenario on the platform, but no page has a \
                    scenario with its ID, so there is no copy for it: the app would have nothing to show. \
                    Reported by 'check' at the first spec's title.
                    """,
                example: """
                    A page without the '<!-- scenario: lookup-failed -->' scenario, while the engine shows \
                    it when the account lookup fails.
                    """,
                fix: "Add a scenario with exactly that ID and its copy table to the spec page.")
        case .unreachableScenario:
            MessageExplanation(
                summary: "The engine never reaches the scenario on a platform.",
                detail: """
                    Exploring every reachable state, the engine never presents this scenario on the \
                    platform, so its copy there can never be shown. Usually the scenario's ID does not \
                    match the engine's (a typo or a rename), or the situation cannot happen on that \
                    platform. Reported by 'check' at the scenario's heading.
                    """,
                example: """
                    ### Error: tried deleted passkey
                    <!-- scenario: passkey-deleted -->
                    """,
                fix: "Use the engine's scenario ID ('passkey-spec steps' lists them), or remove the scenario.")
        case .actionWithoutCopy:
            MessageExplanation(
                summary: "The engine offers an action in the scenario that its copy table does not label.",
                detail: """
                    Every action the engine offers in a scenario is a button on screen, so the copy table \
                    needs an 'Action `id`' row with a label for it on every platform. Missing or 'None' is \
                    reported by 'check' at the label (or the title cell).
                    """,
                example: """
                    ### Error: system / API error related to lookup
                    <!-- scenario: lookup-failed -->
                    … (a copy table with an 'Action `retry`' row but no 'Action `fallback`' row)
                    """,
                fix: "Add the row, e.g. '| Action `fallback` | Sign In Another Way | Sign in another way |'.")
        case .unreachableAction:
            MessageExplanation(
                summary: "The copy labels an action the engine never offers in that scenario.",
                detail: """
                    A button label for an action that the engine never offers in this scenario on the \
                    platform would be shipped but never shown, or would promise the user something the app \
                    does not do. Reported by 'check' at the label.
                    """,
                example: """
                    ### Explicit passkey login is cancelled
                    <!-- scenario: explicit-cancel -->
                    …
                    | Action `retry` | Try Again | Try again |
                    """,
                fix: "Remove the row, write 'None' in that platform's cell, or use the action the engine offers.")
        case .noticeWithoutCopy:
            MessageExplanation(
                summary: "The engine shows an error in the scenario, but its title or message is 'None'.",
                detail: """
                    In this scenario the engine puts up an error notice (an alert or dialog) on the \
                    platform, so both its title and its message need words. Reported by 'check' at the \
                    'None' cell.
                    """,
                example: """
                    ### Error: system / API error related to lookup
                    <!-- scenario: lookup-failed -->
                    …
                    | Title | None | None |
                    """,
                fix: "Write the title and the message for that platform.")
        case .copyWithoutNotice:
            MessageExplanation(
                summary: "The scenario shows no error, but its copy has a title or message.",
                detail: """
                    In this scenario the engine shows no error notice on the platform (for example after a \
                    cancellation, which is not an error), so a title or message would never be shown. \
                    Reported by 'check' at the cell.
                    """,
                example: """
                    ### Explicit passkey login is cancelled
                    <!-- scenario: explicit-cancel -->
                    …
                    | Title | Sign-In Cancelled | Sign-in cancelled |
                    """,
                fix: "Write 'None' (e.g. 'None — no error is shown') in the title and message cells.")
        case .invariantViolated:
            MessageExplanation(
                summary: "The engine breaks one of a criterion's invariants in some reachable state.",
                detail: """
                    Each criterion has invariants that 'check' and 'explore' test on every transition of \
                    every state the engine can reach, on both platforms and across every world script and \
                    configuration. A violation is reported at the criterion's row with the shortest trace \
                    that leads to it. It is a fault of the engine, not of the page's wording.
                    """,
                example: """
                    $ passkey-spec explore
                    (after a change to the engine lets a second automatic cancellation reopen the prompt)
                    """,
                fix:
                    "Run 'passkey-spec explore' to read the trace, and have the engine fixed (or the criterion revisited)."
            )
        case .explorationIncomplete:
            MessageExplanation(
                summary: "The explorer's depth limit cut the reachable state space short.",
                detail: """
                    'check' explores the engine up to a fixed number of events from launch. When some runs \
                    still find new states at that depth, not every state was checked, so the invariants \
                    are not proven. Reported at the first spec's title, and the summary of 'check' says \
                    “CUT SHORT”; 'explore' reports the same cut for the depth it is given.
                    """,
                example: """
                    $ passkey-spec explore --depth 3
                    """,
                fix: "Ask the engine's maintainers to raise the default depth; 'explore --depth N' tries a higher one.")
        case .criterionWithoutChecks:
            MessageExplanation(
                summary: "A criterion has no checks.",
                detail: """
                    Every criterion is verified by at least one check in a 'gherkin' block under a heading \
                    naming it; without one it can never pass. Reported by 'lint', 'check' and 'build' at the \
                    criterion's row.
                    """,
                example: """
                    | N1.4-AC05 | Core | A valid passkey assertion does not bypass the account status. | … |
                    (and no '### N1.4-AC05' heading with a gherkin block)
                    """,
                fix: "Add a heading naming the criterion ('### N1.4-AC05: account status') with a 'gherkin' block.")
        case .scenarioWithoutCheck:
            MessageExplanation(
                summary: "No check names the scenario with a 'the user sees the \"ID\" copy' step.",
                detail: """
                    'lint' requires every scenario to be named by at least one check, with a step such as \
                    'Then the user sees the \"deleted-passkey\" copy'. That step is what proves the copy is \
                    shown and how the site links checks to scenarios. Reported at the scenario's heading.
                    """,
                example: """
                    ### Error: tried deleted passkey
                    <!-- scenario: deleted-passkey -->
                    … (and no check says: Then the user sees the "deleted-passkey" copy)
                    """,
                fix: "Add the step 'Then the user sees the \"ID\" copy' to a check that reaches the scenario.")
        case .stepNamesUnknownScenario:
            MessageExplanation(
                summary: "A step names a scenario ID that the page does not define.",
                detail: """
                    A step such as 'the user sees the \"ID\" copy' names one of the scenarios of the page the \
                    check is on. An ID that no scenario of that page has (a scenario renamed, removed, or \
                    described on another page) is reported at the step's line, with the page's scenario IDs.
                    """,
                example: """
                    Then the user sees the "lookup-failed" copy
                    (on a page whose scenarios are the cancellations only)
                    """,
                fix: "Use one of the page's scenario IDs listed in the message ('passkey-spec copy --list').")

        // MARK: References
        case .referenceWithoutLink:
            MessageExplanation(
                summary: "A reference item has no link.",
                detail: """
                    Each item of a 'references' section links the sources that support the criteria it \
                    names. An item without a Markdown link is reported at the item and ignored.
                    """,
                example: """
                    - **N1.4-AC01–AC03:** Apple: Authorization error codes.
                    """,
                fix: "Link the source: '[Apple: Authorization error codes](https://developer.apple.com/…)'.")
        case .unsafeReferenceLink:
            MessageExplanation(
                summary: "A reference link is not an http or https address.",
                detail: """
                    Reference links are published on the site, which only links to web addresses. A link \
                    with another scheme ('javascript:', 'file:', 'ftp:') or a relative path is reported at \
                    the link and left out.
                    """,
                example: """
                    - **N1.4-AC01:** [Notes](file:///Users/me/notes.md)
                    """,
                fix: "Link to the source's https:// address.")
        case .referenceWithoutCriteria:
            MessageExplanation(
                summary: "A reference item names no criterion it supports.",
                detail: """
                    Each reference item starts by naming the criteria its links support (an ID such as \
                    'N1.4-AC01' or a range such as 'N1.4-AC01–AC03'); that is how the site traces criteria \
                    to sources. An item naming none is reported at the item.
                    """,
                example: """
                    - [Apple: Authorization error codes](https://developer.apple.com/…)
                    """,
                fix: "Start the item with the criteria it supports: '- **N1.4-AC01–AC03:** [Apple: …](https://…)'.")
        case .referenceToUnknownCriterion:
            MessageExplanation(
                summary: "A reference names a criterion the criteria table does not define.",
                detail: """
                    Every criterion a reference names, including each one inside a range, must be a row of \
                    the page's criteria table. Reported at the link, with the ID.
                    """,
                example: """
                    - **N1.4-AC01–AC07:** [Apple: Authorization error codes](https://developer.apple.com/…)
                    (with criteria AC01 to AC05 only)
                    """,
                fix: "Correct the ID or range, or add the criterion to the table.")
        case .backwardsCriterionRange:
            MessageExplanation(
                summary: "A criterion range in a reference runs backwards.",
                detail: """
                    A range such as 'N1.4-AC01–AC03' is expanded to every criterion from the first to the \
                    last, so the first ID must be the lower one. Reported at the item.
                    """,
                example: """
                    - **N1.4-AC03–AC01:** [Apple: Authorization error codes](https://developer.apple.com/…)
                    """,
                fix: "Write the lower ID first: 'N1.4-AC01–AC03'.")

        // MARK: Command line
        case .unknownCommand:
            MessageExplanation(
                summary: "The tool was called with a command it does not have.",
                detail: """
                    The first argument names a command ('lint', 'check', 'build', 'copy', 'export', \
                    'explore', 'errors', 'steps', 'explain', 'help'). An unknown one is reported with the \
                    closest command when one is near, and the tool exits with status 2.
                    """,
                example: """
                    $ passkey-spec lnt
                    """,
                fix: "Use the suggested command; 'passkey-spec --help' lists them all.")
        case .unknownOption:
            MessageExplanation(
                summary: "A command was given an option it does not take.",
                detail: """
                    Each command accepts its own options ('passkey-spec COMMAND --help' lists them). An \
                    unknown option, often a typo, is reported with the closest one when there is one, and \
                    the tool exits with status 2.
                    """,
                example: """
                    $ passkey-spec export --fromat json
                    """,
                fix: "Use the suggested option, or check the command's '--help'.")
        case .missingOptionValue:
            MessageExplanation(
                summary: "An option that takes a value was given none.",
                detail: """
                    Options such as '--out', '--format', '--report' and '--platform' need a value, after a \
                    space or an '='. When the option comes last the value is missing; the tool exits with \
                    status 2.
                    """,
                example: """
                    $ passkey-spec export --out
                    """,
                fix: "Give the value: '--out FILE' or '--out=FILE'.")
        case .unsupportedFormat:
            MessageExplanation(
                summary: "A command was given a '--format' it does not support.",
                detail: """
                    Each command has its own formats ('text' and 'json' for most; 'export' has 'json', \
                    'schema', 'xcstrings', 'strings', 'android-xml', 'junit' and 'report'). The message \
                    lists the supported ones; the tool exits with status 2.
                    """,
                example: """
                    $ passkey-spec copy explicit-cancel --format yaml
                    """,
                fix: "Use one of the formats the message lists.")
        case .invalidOptionValue:
            MessageExplanation(
                summary: "An option was given a value it does not accept.",
                detail: """
                    Some options take only certain values: '--platform' takes 'ios' or 'android', \
                    'explore --depth' a whole number from 1 to 64. The message says what the option takes; \
                    the tool exits with status 2.
                    """,
                example: """
                    $ passkey-spec copy explicit-cancel --platform iphone
                    """,
                fix: "Give one of the values the message names.")
        case .unexpectedArgument:
            MessageExplanation(
                summary: "A command was given more arguments than it takes.",
                detail: """
                    'explain' takes one diagnostic ID, and no ID with '--list'. An extra argument (often a \
                    second ID, or a value given to a flag that takes none) is reported, and the tool exits \
                    with status 2.
                    """,
                example: """
                    $ passkey-spec explain empty-copy-cell empty-file
                    """,
                fix: "Remove the extra argument, or check the command's '--help'.")
        case .pathNotFound:
            MessageExplanation(
                summary: "A path given to the command does not exist.",
                detail: """
                    Commands that read content take files or folders (default: 'content'). A path that \
                    does not exist is reported before anything is read, and the tool exits with status 2. \
                    Relative paths are read from the folder the tool runs in.
                    """,
                example: """
                    $ passkey-spec lint contents
                    """,
                fix: "Correct the path, or run the tool from the folder that holds 'content'.")
        case .noMarkdownFiles:
            MessageExplanation(
                summary: "A folder given to the command holds no Markdown files.",
                detail: """
                    The tool reads every '.md' file under a folder, recursively, skipping hidden folders. A \
                    folder with none is reported at its path as an error, since checking nothing would \
                    pass silently.
                    """,
                example: """
                    $ passkey-spec lint templates
                    """,
                fix: "Point the command at the folder with the spec pages (default: 'content').")
        case .writeFailed:
            MessageExplanation(
                summary: "The tool could not write an output file.",
                detail: """
                    Writing a file for '--out', '--junit' or '--report', or the site, failed: the folder \
                    is not writable, the disk is full, or the path names a folder. The reason the system \
                    gave is part of the message; the tool exits with status 1.
                    """,
                example: """
                    $ passkey-spec check --report /read-only/report.json
                    """,
                fix: "Choose a writable path, or fix the folder's permissions or free disk space.")
        case .unexpectedFailure:
            MessageExplanation(
                summary: "The tool failed in a way it does not expect.",
                detail: """
                    Something failed inside the tool that is not a problem with the spec or with how it \
                    was called, for example encoding output. The message carries the underlying error. It \
                    is a bug in the tool.
                    """,
                example: """
                    $ passkey-spec export --format json
                    (when encoding the model fails)
                    """,
                fix: "Report it to the tool's maintainers with the command and the message.")
        case .unknownScenario:
            MessageExplanation(
                summary: "'copy' was given a scenario ID that no spec page defines.",
                detail: """
                    'passkey-spec copy ID' prints the copy of one scenario. An ID that no scenario has is \
                    reported with the closest scenario IDs, and the tool exits with status 1.
                    """,
                example: """
                    $ passkey-spec copy explicit-cancle
                    """,
                fix: "Use one of the suggested IDs; 'passkey-spec copy --list' lists them all.")
        case .missingScenarioArgument:
            MessageExplanation(
                summary: "'copy' was called without a scenario ID.",
                detail: """
                    'passkey-spec copy' needs the scenario whose copy to print, or '--list' to list the \
                    scenarios. The tool exits with status 2.
                    """,
                example: """
                    $ passkey-spec copy --platform ios
                    """,
                fix: "Add the scenario ID ('passkey-spec copy explicit-cancel'), or use '--list'.")

        // MARK: Building the site
        case .templateError:
            MessageExplanation(
                summary: "A Mustache template of the site is missing or broken.",
                detail: """
                    'build' renders the site from the templates folder. A missing template, a syntax error \
                    (an unclosed section, a bad tag) or a missing partial is reported at its place in the \
                    template, and nothing is written.
                    """,
                example: """
                    {{#scenarios}}
                      <h3>{{title}}</h3>
                    (no closing {{/scenarios}} in templates/spec.mustache)
                    """,
                fix: "Fix the template at the reported line, or point '--templates' at the right folder.")
        case .outputNotASite:
            MessageExplanation(
                summary: "The output folder has files and is not a previous build.",
                detail: """
                    'build' replaces its output folder as a whole. It only does so when the folder is \
                    missing, empty, or marked as a previous build of this tool, so that a wrong '--out' \
                    cannot delete someone's work.
                    """,
                example: """
                    $ passkey-spec build --out content
                    """,
                fix: "Choose an empty or new folder for '--out', or remove the folder first.")
        case .unreadableReport:
            MessageExplanation(
                summary: "The run report given to 'build --report' cannot be read.",
                detail: """
                    'build --report FILE' renders from a saved run report instead of running the checks. A \
                    missing file, or one that is not a run report's JSON (truncated, hand-edited, or from \
                    another tool), is reported with the reason, and nothing is built.
                    """,
                example: """
                    $ passkey-spec build --report site/exports/spec.json
                    """,
                fix: "Write the report with 'passkey-spec check --report FILE', then build with that file.")
        case .reportFromOtherContent:
            MessageExplanation(
                summary: "The run report given to 'build --report' was made from other content or another engine.",
                detail: """
                    A saved run report carries a fingerprint of the content and the engine it was made \
                    from. When the pages have changed since (or the tool's engine has), its results no \
                    longer describe them, so 'build --report' refuses it instead of publishing stale \
                    verdicts.
                    """,
                example: """
                    $ passkey-spec check --report report.json
                    (edit content/native/login-error-states.md)
                    $ passkey-spec build --report report.json
                    """,
                fix: "Run 'passkey-spec check --report FILE' again on the current content, then build.")

        // MARK: Explaining diagnostics
        case .unknownMessageID:
            MessageExplanation(
                summary: "'explain' (or 'help') was given an ID that no diagnostic has.",
                detail: """
                    'passkey-spec explain ID' explains the diagnostic with that ID, the word in brackets at \
                    the end of each diagnostic. An ID that no diagnostic has is reported with the closest \
                    IDs, and the tool exits with status 1.
                    """,
                example: """
                    $ passkey-spec explain empty-cell
                    """,
                fix: "Use one of the suggested IDs; 'passkey-spec explain --list' lists them all.")
        }
    }
}

extension MessageID {
    /// A message of this ID as a writer would see it, with typical values filled in: its
    /// severity is the catalogue's, and its text shows how the diagnostic reads.
    public var sampleMessage: Message {
        let first = SourceLocation(file: "content/native/login-error-states.md", line: 19, column: 1)
        switch self {
        case .emptyFile: return .emptyFile
        case .invalidUTF8: return .invalidUTF8(byte: 0x92)
        case .binaryFile: return .binaryFile
        case .fileTooLarge: return .fileTooLarge(bytes: 5_242_880, limit: 4_194_304)
        case .unreadableFile: return .unreadableFile("permission denied")
        case .notASpecPage: return .notASpecPage
        case .missingTitle: return .missingTitle
        case .duplicateTitle: return .duplicateTitle
        case .malformedMetadata: return .malformedMetadata("unknown key 'owner'; this comment takes 'kind', 'section'")
        case .malformedSpecID: return .malformedSpecID("n1.4")
        case .duplicateSpecID: return .duplicateSpecID("N1.4", first: first)
        case .duplicatePageID: return .duplicatePageID("home", first: first)
        case .missingPlatforms: return .missingPlatforms
        case .unknownPlatform: return .unknownPlatform("web")
        case .missingFlow: return .missingFlow(known: ["passkey-login"])
        case .unknownFlow: return .unknownFlow("passkey-signin", known: ["passkey-login"])
        case .platformNotInFlow:
            return .platformNotInFlow("web", flow: "passkey-login", supported: ["ios", "android"])
        case .missingSectionID: return .missingSectionID("General login errors")
        case .unknownSectionKind: return .unknownSectionKind("acceptance")
        case .malformedID: return .malformedID("Deleted_Passkey")
        case .duplicateSectionID: return .duplicateSectionID("general-login-errors", first: first)
        case .missingScenarioID: return .missingScenarioID("Explicit passkey login is cancelled")
        case .duplicateScenarioID: return .duplicateScenarioID("explicit-cancel", first: first)
        case .scenarioOutsideSection: return .scenarioOutsideSection
        case .missingCopyTable: return .missingCopyTable("Explicit passkey login is cancelled")
        case .extraCopyTable: return .extraCopyTable("Explicit passkey login is cancelled")
        case .missingPlatformColumn: return .missingPlatformColumn(.android)
        case .unknownPlatformColumn: return .unknownPlatformColumn("Notes", declared: [.ios, .android])
        case .duplicatePlatformColumn: return .duplicatePlatformColumn(.ios)
        case .unknownCopyRow: return .unknownCopyRow("Heading")
        case .missingCopyRow: return .missingCopyRow("Title")
        case .duplicateCopyRow: return .duplicateCopyRow("Title")
        case .emptyCopyCell: return .emptyCopyCell(row: "Title", platform: .android)
        case .missingActionID: return .missingActionID
        case .triggerWithoutSignal: return .triggerWithoutSignal(.ios)
        case .unknownTriggerName:
            return .unknownTriggerName(
                "ASAuthorizationError.Code.cancelled", platform: "iOS",
                suggestion: "ASAuthorizationError.Code.canceled", otherPlatform: nil)
        case .triggerLeadsElsewhere:
            return .triggerLeadsElsewhere(
                "ASAuthorizationError.Code.notInteractive", scenario: "passkey-failed", platform: "iOS",
                destinations: ["explicit-cancel", "no-passkey-used"])
        case .triggerNotNamed:
            return .triggerNotNamed(
                "ASAuthorizationError.Code.invalidResponse", scenario: "passkey-failed", platform: "iOS")
        case .triggerRawValue:
            return .triggerRawValue("ASAuthorizationError.Code.canceled", expected: "1001", found: "1004")
        case .copyTitleCase:
            return .copyTitleCase("Unable to sign in", words: ["sign", "in"], part: "title", platform: "iOS")
        case .copySentenceCase:
            return .copySentenceCase("Try Again", lowercase: ["Again"], part: "button", platform: "Android")
        case .copyStraightQuote: return .copyStraightQuote("Passkey Can't Be Used", quote: "'", replacement: "’")
        case .copyTrailingPeriod: return .copyTrailingPeriod("Unable to Continue.", part: "title", platform: "iOS")
        case .copyPlaceholder:
            return .copyPlaceholder("This passkey can no longer sign in to %@.", placeholders: ["%@"], row: "Message")
        case .copyButtonLength:
            return .copyButtonLength("Sign In Using Another Method Instead", length: 36, limit: 25, platform: "iOS")
        case .missingCriteriaTable: return .missingCriteriaTable
        case .criteriaTableColumns: return .criteriaTableColumns(found: ["ID", "Level", "Criterion", "How to verify"])
        case .malformedCriterionID: return .malformedCriterionID("N1.4-AC1")
        case .foreignCriterionID: return .foreignCriterionID("N1.3-AC01", spec: "N1.4")
        case .duplicateCriterionID: return .duplicateCriterionID("N1.4-AC02", first: first)
        case .emptyCriterionCell: return .emptyCriterionCell("How to verify")
        case .malformedBenchmarkTable: return .malformedBenchmarkTable
        case .unclosedCheckBlock: return .unclosedCheckBlock
        case .emptyCheckBlock: return .emptyCheckBlock
        case .checkOutsideCriterion: return .checkOutsideCriterion
        case .checkForUnknownCriterion: return .checkForUnknownCriterion("N1.4-AC09")
        case .stepWithoutKeyword: return .stepWithoutKeyword("the user cancels the OS prompt")
        case .stepOutsideScenario: return .stepOutsideScenario
        case .scenarioWithoutSteps: return .scenarioWithoutSteps("A second cancellation shows the fallback")
        case .unnamedCheck: return .unnamedCheck
        case .duplicateCheckName: return .duplicateCheckName("Cancelling shows the fallback", first: first)
        case .conjunctionWithoutStep: return .conjunctionWithoutStep("And")
        case .undefinedStep:
            return .undefinedStep(
                "the user dismisses the OS prompt", suggestion: "the user cancels the OS prompt")
        case .ambiguousStep:
            return .ambiguousStep(
                "the user chooses \"retry\"",
                patterns: ["the user chooses \"<action>\"", "the user chooses \"<fallback>\""])
        case .invalidStepParameter:
            return .invalidStepParameter(
                "frozen", kind: "status",
                allowed: ["active", "closed", "deleted", "disabled", "inactive", "locked", "restricted"])
        case .stepFailed:
            return .stepFailed(
                platform: "iOS", expected: "the fallback screen",
                observed: "screen login, no error notice, offers \"retry\", cancellation count 1, no session")
        case .scenarioNotExercised: return .scenarioNotExercised("deleted-passkey")
        case .scenarioMissingFromSpec: return .scenarioMissingFromSpec("lookup-failed", platform: "Android")
        case .unreachableScenario: return .unreachableScenario("passkey-deleted", platform: "iOS")
        case .actionWithoutCopy: return .actionWithoutCopy("fallback", scenario: "lookup-failed", platform: "iOS")
        case .unreachableAction: return .unreachableAction("retry", scenario: "explicit-cancel", platform: "iOS")
        case .noticeWithoutCopy: return .noticeWithoutCopy("lookup-failed", platform: "Android")
        case .copyWithoutNotice: return .copyWithoutNotice("explicit-cancel", platform: "iOS")
        case .invariantViolated:
            return .invariantViolated(
                "AC01.no-reopen-before-retry",
                detail: "ios; automatic; … → violation: the prompt reopened before the user chose retry")
        case .explorationIncomplete: return .explorationIncomplete(depth: 16)
        case .criterionWithoutChecks: return .criterionWithoutChecks("N1.4-AC05")
        case .scenarioWithoutCheck: return .scenarioWithoutCheck("deleted-passkey")
        case .stepNamesUnknownScenario:
            return .stepNamesUnknownScenario(
                "lookup-failed", known: ["automatic-cancel-first", "automatic-cancel-repeated", "explicit-cancel"])
        case .referenceWithoutLink: return .referenceWithoutLink
        case .unsafeReferenceLink: return .unsafeReferenceLink("file:///Users/me/notes.md")
        case .referenceWithoutCriteria: return .referenceWithoutCriteria
        case .referenceToUnknownCriterion: return .referenceToUnknownCriterion(["N1.4-AC07"])
        case .backwardsCriterionRange: return .backwardsCriterionRange("N1.4-AC03–AC01")
        case .unknownCommand: return .unknownCommand("lnt", suggestion: "lint")
        case .unknownOption: return .unknownOption("--fromat", command: "export", suggestion: "--format")
        case .missingOptionValue: return .missingOptionValue("--out")
        case .unsupportedFormat: return .unsupportedFormat("yaml", supported: ["text", "json"])
        case .invalidOptionValue:
            return .invalidOptionValue("--platform", value: "iphone", expected: "'ios' or 'android'")
        case .unexpectedArgument: return .unexpectedArgument("empty-file", command: "explain")
        case .pathNotFound: return .pathNotFound("contents")
        case .noMarkdownFiles: return .noMarkdownFiles("templates")
        case .writeFailed: return .writeFailed("/read-only/report.json", reason: "permission denied")
        case .unexpectedFailure: return .unexpectedFailure("the model could not be encoded")
        case .unknownScenario:
            return .unknownScenario("explicit-cancle", closest: ["explicit-cancel", "automatic-cancel-first"])
        case .missingScenarioArgument: return .missingScenarioArgument
        case .templateError: return .templateError("section 'scenarios' is not closed")
        case .outputNotASite: return .outputNotASite("content")
        case .unreadableReport: return .unreadableReport("site/exports/spec.json", reason: "not a run report")
        case .reportFromOtherContent: return .reportFromOtherContent("report.json")
        case .unknownMessageID: return .unknownMessageID("empty-cell", closest: ["empty-file", "empty-copy-cell"])
        }
    }
}
