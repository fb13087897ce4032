import Foundation
import TestSupport
import Testing

/// Each mistake a new writer makes, following only the writer's guide: one message, at the
/// cause, saying what to do, and no more messages than the mistake needs.
@Suite struct WriterMistakeTests {
    /// A diagnostic as `lint` prints it.
    struct Printed: Equatable {
        var line: Int
        var column: Int
        var id: String
        var message: String
    }

    /// Lints the frozen spec page after `edit`, in a folder of its own; returns what it printed
    /// about the page and the edited text.
    static func lint(_ edit: (String) throws -> String) throws -> (found: [Printed], text: String) {
        let folder = try TemporaryFolder()
        let text = try edit(try String(contentsOf: BinaryRunner.fixtureSpec, encoding: .utf8))
        let path = try folder.write("page.md", text)
        let run = InProcess.run(["lint", path])
        let pattern = #/^.*page\.md:(\d+):(\d+): (?:error|warning): (.*) \[([a-z0-9-]+)\]$/#
        let found = run.stderr.split(separator: "\n").compactMap { line -> Printed? in
            guard let match = String(line).wholeMatch(of: pattern) else { return nil }
            return Printed(line: Int(match.1)!, column: Int(match.2)!, id: String(match.4), message: String(match.3))
        }
        return (found, text)
    }

    /// The 1-based line and byte column of the first `needle` after `anchor`.
    static func position(of needle: String, in text: String, after anchor: String = "") throws -> (Int, Int) {
        let start = anchor.isEmpty ? text.startIndex : try #require(text.range(of: anchor)).lowerBound
        let range = try #require(text.range(of: needle, range: start..<text.endIndex))
        let before = text[..<range.lowerBound]
        let line = before.split(separator: "\n", omittingEmptySubsequences: false).count
        let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
        return (line, text[lineStart..<range.lowerBound].utf8.count + 1)
    }

    @Test func aMisspeltScenarioInAStepIsOneMessageAtTheValue() throws {
        let (found, text) = try Self.lint {
            $0.replacingOccurrences(
                of: "Then the user sees the \"deleted-passkey\" copy",
                with: "Then the user sees the \"deleted-pasky\" copy")
        }
        #expect(found.count == 1, "\(found)")
        let message = try #require(found.first)
        let (line, column) = try Self.position(of: "deleted-pasky\"", in: text)
        #expect(message.id == "step-names-unknown-scenario")
        #expect(message.line == line && message.column == column)
        #expect(message.message.hasSuffix("did you mean 'deleted-passkey'?"))
    }

    /// A misspelt action ID is one error from `lint`, at the ID, with the flow's action as its
    /// fix; the run's `unreachable-action` and `action-without-copy` that it implies are not
    /// reached.
    @Test func aMisspeltActionIDIsOneLintErrorAtTheID() throws {
        let (found, text) = try Self.lint { text in
            // The row's first occurrence only: two scenarios offer the action.
            let range = try #require(text.range(of: "| Action `another-passkey` | Choose Another Passkey |"))
            return text.replacingCharacters(in: range, with: "| Action `another-paskey` | Choose Another Passkey |")
        }
        #expect(found.count == 1, "\(found)")
        let message = try #require(found.first)
        let (line, column) = try Self.position(of: "another-paskey`", in: text)
        #expect(message.id == "unknown-action")
        #expect(message.line == line && message.column == column)
        #expect(message.message.contains("did you mean 'another-passkey'?"))
    }

    /// A misspelt ID in a scenario's comment is one error, at the ID, whose fix is the flow's
    /// ID; the steps that name the scenario correctly are not told to use the typo.
    @Test func aMisspeltScenarioIDIsOneErrorAtTheID() throws {
        let (found, text) = try Self.lint {
            $0.replacingOccurrences(
                of: "<!-- scenario: deleted-passkey -->", with: "<!-- scenario: deleted-paskey -->")
        }
        #expect(found.map(\.id) == ["scenario-not-in-flow"], "\(found)")
        let message = try #require(found.first)
        let (line, column) = try Self.position(of: "deleted-paskey -->", in: text)
        #expect(message.line == line && message.column == column)
        #expect(message.message.contains("the closest are 'deleted-passkey'"))
    }

    /// A spec ID in small letters is one error, at the ID, saying it is written in capitals;
    /// its criteria, checks and references are read as the spec's, not as another spec's.
    @Test func aSpecIDInSmallLettersIsOneErrorAtTheID() throws {
        let (found, text) = try Self.lint { $0.replacingOccurrences(of: "<!-- spec: N1.4", with: "<!-- spec: n1.4") }
        #expect(found.map(\.id) == ["malformed-spec-id"], "\(found)")
        let message = try #require(found.first)
        let (line, column) = try Self.position(of: "n1.4", in: text)
        #expect(message.line == line && message.column == column)
        #expect(message.message.contains("written in capitals"))
        #expect(message.message.hasSuffix("did you mean 'N1.4'?"))
    }

    /// A section whose comment is deleted is one error, at its heading: the section is read as
    /// the kind its contents show (scenarios, or the criteria table), so its scenarios and
    /// checks are not each reported as outside a section.
    @Test func aDeletedSectionCommentIsOneErrorAtTheHeading() throws {
        let fixture = try String(contentsOf: BinaryRunner.fixtureSpec, encoding: .utf8)
        let comments = fixture.split(separator: "\n").filter { $0.hasPrefix("<!-- section:") }
        #expect(comments.count >= 2)
        for comment in comments where comment.contains("kind: scenarios") || comment.contains("kind: criteria") {
            let (found, text) = try Self.lint { $0.replacingOccurrences(of: comment + "\n", with: "") }
            #expect(found.map(\.id) == ["missing-section-id"], "\(comment): \(found)")
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let heading = try #require(found.first).line
            #expect(lines[heading - 1].hasPrefix("## "), "\(comment)")
        }
    }

    /// A blank line inside a copy table is one error, at the blank line, and the rows after it
    /// still count; a table without its delimiter row is one error at its first line, not a
    /// missing copy table.
    @Test func aBrokenTableIsOneErrorThatSaysHow() throws {
        let row = "| Action `another-passkey` | Choose Another Passkey |"
        let (split, splitText) = try Self.lint { text in
            let range = try #require(text.range(of: row))
            return text.replacingCharacters(in: range.lowerBound..<range.lowerBound, with: "\n")
        }
        #expect(split.map(\.id) == ["table-split-by-blank-line"], "\(split)")
        let (rowLine, _) = try Self.position(of: row, in: splitText)
        #expect(split.first?.line == rowLine - 1 && split.first?.column == 1)
        #expect(split.first?.message.contains("the 2 rows after it") == true)

        let (missing, missingText) = try Self.lint {
            $0.replacingOccurrences(
                of:
                    "| ------------------------ | --- | ------- |\n| Trigger                  | Passkey assertion succeeds; the server answers `credential-not-found`",
                with:
                    "| Trigger                  | Passkey assertion succeeds; the server answers `credential-not-found`"
            )
        }
        #expect(missing.map(\.id) == ["missing-table-delimiter"], "\(missing)")
        #expect(missing.first?.message.contains("'| --- | --- | --- |'") == true)
        let (triggerLine, _) = try Self.position(
            of: "| Trigger                  | Passkey assertion succeeds; the server answers `credential-not-found`",
            in: missingText)
        #expect(missing.first?.line == triggerLine - 1 && missing.first?.column == 1, "at the header row")
    }

    /// A page that drops one of the flow's scenarios is one `lint` error at the spec's title,
    /// not one at each of the seven steps that name the scenario.
    @Test func aPageWithoutAFlowScenarioIsOneLintError() throws {
        let (found, _) = try Self.lint { text in
            let start = try #require(text.range(of: "### Restricted account state"))
            let end = try #require(text.range(of: "\n## ", range: start.upperBound..<text.endIndex))
            return text.replacingCharacters(in: start.lowerBound..<end.lowerBound, with: "")
        }
        #expect(found.map(\.id) == ["scenario-missing-from-spec"], "\(found)")
        #expect(found.first?.line == 1 && found.first?.column == 1)
        #expect(found.first?.message.hasPrefix("7 steps name the flow's scenario 'restricted-account'") == true)
    }

    /// Two scenarios with one heading are one error, at the later heading, with a note at the
    /// first: their IDs differ, but a reader tells them apart by their titles.
    @Test func aRepeatedScenarioTitleIsOneErrorAtTheLaterHeading() throws {
        let (found, text) = try Self.lint {
            $0.replacingOccurrences(
                of: "### Error: system / API error related to lookup",
                with: "### Account cannot continue with this route")
        }
        #expect(found.map(\.id) == ["duplicate-scenario-title"], "\(found)")
        let (line, _) = try Self.position(
            of: "### Account cannot continue with this route", in: text,
            after: "<!-- scenario: account-cannot-continue -->")
        #expect(found.first?.line == line && found.first?.column == 1)
    }

    @Test func notApplicableAsCopyIsAStandIn() throws {
        let (found, _) = try Self.lint { text in
            let range = try #require(text.range(of: "| Title                    | Passkey Can’t Be Used |"))
            return text.replacingCharacters(in: range, with: "| Title                    | N/A |")
        }
        #expect(found.map(\.id) == ["placeholder-copy"], "\(found)")
    }

    /// Trigger names written without backticks are one warning per cell, listing them, with
    /// the backticks as the fix; the cell is not also told it names no signal, nor that it
    /// misses the names it holds.
    @Test func triggerNamesWithoutBackticksAreOneWarningPerCell() throws {
        let (found, text) = try Self.lint { text in
            let row = try #require(
                text.split(separator: "\n").first {
                    $0.hasPrefix("| Trigger") && $0.contains("`verification-inconclusive`")
                })
            return text.replacingOccurrences(of: row, with: row.replacingOccurrences(of: "`", with: ""))
        }
        #expect(found.map(\.id) == ["trigger-name-in-plain-text", "trigger-name-in-plain-text"], "\(found)")
        let (line, _) = try Self.position(of: "or the server answers verification-inconclusive", in: text)
        #expect(found.allSatisfy { $0.line == line })
        #expect(
            found.first?.message.contains(
                "the iOS Trigger cell writes 'ASAuthorizationError.Code.unknown', 'verification-inconclusive', 'challenge-expired' as plain text"
            ) == true)
        #expect(found.last?.message.contains("'GetCredentialInterruptedException'") == true)
    }

    /// A check block whose closing fence is missing in the middle of the page: one error at
    /// its opening fence, and the rest of the page is read as if it had closed before the next
    /// heading (its checks and criteria still count).
    @Test func anUnclosedFenceIsOneErrorAtItsOpeningLine() throws {
        var opening = 0
        let (found, _) = try Self.lint { text in
            let criteria = try #require(text.range(of: "## Acceptance criteria"))
            let fence = try #require(text.range(of: "```gherkin", range: criteria.upperBound..<text.endIndex))
            let close = try #require(text.range(of: "\n```\n", range: fence.upperBound..<text.endIndex))
            opening = text[..<fence.lowerBound].filter { $0 == "\n" }.count + 1
            return text.replacingCharacters(in: close, with: "\n\n")
        }
        #expect(found.count == 1, "\(found)")
        #expect(found.first?.id == "unclosed-check-block")
        #expect(found.first?.line == opening && found.first?.column == 1)
    }

    /// A metadata comment without the spaces after `<!--` and the colon is read as meant.
    @Test func aMetadataCommentWithoutSpacesIsReadAsMeant() throws {
        let (found, _) = try Self.lint {
            $0.replacingOccurrences(
                of: "<!-- scenario: restricted-account -->", with: "<!--scenario:restricted-account-->")
        }
        #expect(found.isEmpty, "\(found)")
    }

    /// `platform:` for `platforms:` is one message at the key, with the key meant, and the
    /// value is read as the platforms: no copy table repeats the mistake.
    @Test func aSingularPlatformKeyIsOneMessageWithTheFix() throws {
        let (found, text) = try Self.lint {
            $0.replacingOccurrences(of: "platforms: ios, android", with: "platform: ios, android")
        }
        #expect(found.count == 1, "\(found)")
        let message = try #require(found.first)
        let (line, column) = try Self.position(of: "platform: ios, android", in: text)
        #expect(message.id == "malformed-metadata" && message.line == line && message.column == column)
        #expect(message.message.contains("unknown key 'platform'; did you mean 'platforms'?"))
    }

    /// A folder without pages has no line of its own: it is named at its start, `path:1:1:`,
    /// in the form every other diagnostic has, once.
    @Test func aFolderWithoutPagesIsNamedAtItsStart() throws {
        let folder = try TemporaryFolder()
        let run = InProcess.run(["lint", folder.url.path])
        #expect(run.status == .failure)
        #expect(
            run.stderr.hasPrefix("\(folder.url.path):1:1: error: no Markdown ('.md') files under"), "\(run.stderr)")
        #expect(run.stderr.components(separatedBy: "[no-markdown-files]").count == 2, "\(run.stderr)")
    }

    /// A criterion that no invariant covers says so in words, not "0/0 hold".
    @Test func aCriterionWithoutInvariantsSaysSo() throws {
        let folder = try TemporaryFolder()
        var text = try String(contentsOf: BinaryRunner.fixtureSpec, encoding: .utf8)
        let row = try #require(text.range(of: "| N1.4-AC05 | Core |"))
        text.insert(
            contentsOf: "| N1.4-AC06 | Core | The login screen appears. | Open it. |\n", at: row.lowerBound)
        text = text.replacingOccurrences(
            of: "## References",
            with: """
                ### N1.4-AC06: the screen

                ```gherkin
                Scenario: The login screen appears without an error
                  When the login screen appears
                  Then no error is shown
                ```

                ## References
                """)
        let path = try folder.write("page.md", text)
        let run = InProcess.run(["check", path])
        let line = try #require(
            run.stdout.split(separator: "\n").first { $0.contains("N1.4-AC06") }, "\(run.stdout)\(run.stderr)")
        #expect(line.hasSuffix("no invariant covers this criterion"))
        #expect(!run.stdout.contains("0/0 hold"))
    }

    /// Copy that cannot ship: a stand-in title and a dash for a message are errors at their cells.
    @Test(arguments: [("TBD", "Title"), ("-", "Message"), ("TODO: ask legal", "Message"), ("…", "Title")])
    func aPlaceholderInACopyCellIsAnErrorAtTheCell(placeholder: String, row: String) throws {
        let original =
            row == "Title"
            ? "| Title             | Passkey Sign-In Failed |"
            : "| Message           | Something went wrong with your passkey."
        let (found, text) = try Self.lint { text in
            let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(original) }).description
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            var edited = cells
            edited[2] = " \(placeholder) "
            return text.replacingOccurrences(of: line, with: edited.joined(separator: "|"))
        }
        #expect(found.count == 1, "\(found)")
        let message = try #require(found.first)
        let (line, column) = try Self.position(of: "| \(placeholder) |", in: text)
        #expect(message.id == "placeholder-copy" && message.line == line && message.column == column + 2)
    }

    /// A fourth cell in a three-column row is an error at that cell, not dropped in silence.
    @Test func aCellBeyondTheColumnsIsAnErrorAtTheCell() throws {
        let row = "| Action `dismiss`  | Cancel | Cancel |"
        let (found, text) = try Self.lint { $0.replacingOccurrences(of: row, with: row + " Close |") }
        #expect(found.count >= 1 && found.allSatisfy { $0.id == "extra-copy-cell" }, "\(found)")
        let (line, column) = try Self.position(of: "Close |", in: text)
        #expect(found.first?.line == line && found.first?.column == column)
    }

    /// Title case that capitalizes every word: one warning at the cell, naming the words the
    /// HIG's rule writes in lowercase.
    @Test func titleCaseOnEveryWordIsOneWarningNamingTheShortWords() throws {
        let row = "| Action `fallback` | Sign In Another Way | Sign in another way |"
        let (found, text) = try Self.lint {
            guard let range = $0.range(of: row) else { return $0 }
            return $0.replacingCharacters(
                in: range, with: "| Action `fallback` | Sign In With A Password | Sign in another way |")
        }
        #expect(found.count == 1, "\(found)")
        let message = try #require(found.first)
        let (line, column) = try Self.position(of: "Sign In With A Password", in: text)
        #expect(message.id == "copy-title-case" && message.line == line && message.column == column)
        #expect(message.message.hasSuffix("write 'With' and 'A' in lowercase"), "\(message.message)")
    }

    /// A misspelt command: one message, with the command meant and where the list is, and no
    /// doubled punctuation.
    @Test func aMisspeltCommandIsOneCleanMessage() {
        let run = InProcess.run(["chek", "content"])
        #expect(run.status == .usage)
        let first = run.stderr.split(separator: "\n").first.map(String.init) ?? ""
        #expect(
            first
                == "passkey-spec: error: unknown command 'chek'; did you mean 'check'? 'passkey-spec --help' lists every command [unknown-command]"
        )
        #expect(!first.contains("?;") && !first.contains(".;"))
    }

    /// Typographic quotes and a tab in a step read as the step they look like.
    @Test func aStepWithSmartQuotesOrATabIsReadAsItLooks() throws {
        let (found, _) = try Self.lint { text in
            var edited = text
            let quoted = try #require(edited.range(of: "  And the device has passkey \"phone\""))
            edited.replaceSubrange(quoted, with: "  And the device has passkey \u{201C}phone\u{201D}")
            let plain = try #require(edited.range(of: "  When the login screen appears"))
            edited.replaceSubrange(plain, with: "  When the login\tscreen\u{00A0}appears")
            return edited
        }
        #expect(found.isEmpty, "\(found)")
    }

    /// `(placeholders: %@)` declared once for every column: Android cannot read `%@`, so it is
    /// one error at the row label; declared per platform in each one's syntax, it lints clean
    /// and Android's export keeps the string formatted.
    @Test func aPlaceholderInAnotherPlatformsSyntaxIsOneErrorAtTheLabel() throws {
        let row = "| Message           | Something went wrong with your passkey. |"
        let (found, text) = try Self.lint { text in
            let line = try #require(text.split(separator: "\n").first { $0.hasPrefix(row) }).description
            return text.replacingOccurrences(
                of: line,
                with: "| Message (placeholders: %@) | Something went wrong with %@. | Something went wrong with %@. |")
        }
        #expect(found.count == 1, "\(found)")
        let (line, column) = try Self.position(of: "Message (placeholders: %@)", in: text)
        #expect(found.first?.id == "placeholder-syntax" && found.first?.line == line && found.first?.column == column)
        #expect(found.first?.message.contains("'%@' is not a placeholder Android reads") == true)

        let folder = try TemporaryFolder()
        let source = try String(contentsOf: BinaryRunner.fixtureSpec, encoding: .utf8)
        let original = try #require(source.split(separator: "\n").first { $0.hasPrefix(row) }).description
        let path = try folder.write(
            "page.md",
            source.replacingOccurrences(
                of: original,
                with:
                    "| Message (placeholders: iOS %@, Android %1$s) | Something went wrong with %@. | Something went wrong with %1$s. |"
            ))
        #expect(InProcess.run(["lint", path]).status == .success)
        let export = InProcess.run(["export", "--format", "android-xml", path])
        #expect(
            export.stdout.contains("<string name=\"passkey_failed_message\">Something went wrong with %1$s.</string>"))
    }

    /// A misspelt Trigger name is one error, with the real name, not also a missing one.
    @Test func aMisspeltTriggerNameIsOneMessage() throws {
        let (found, text) = try Self.lint {
            $0.replacingOccurrences(
                of: "| `GetCredentialUnsupportedException`,", with: "| `GetCredentialUnsuportedException`,")
        }
        #expect(found.map(\.id) == ["unknown-trigger-name"], "\(found)")
        let (line, column) = try Self.position(of: "GetCredentialUnsuportedException", in: text)
        #expect(found.first?.line == line && found.first?.column == column)
        #expect(found.first?.message.contains("'GetCredentialUnsupportedException'") == true)
    }

    static let newScenario = """
        ### Error: passkey provider misconfigured
        <!-- scenario: provider-misconfigured -->

        The credential provider is not set up.

        |                   | iOS | Android |
        | ----------------- | --- | ------- |
        | Trigger           | `ASAuthorizationError.Code.faild` (1004) | `GetCredentialProviderConfigurationException` |
        | Presentation      | Alert | Dialog |
        | Title             | Passkey Provider Not Set Up | Passkey provider not set up |
        | Message           | Set up a passkey provider in Settings to sign in with a passkey. | Set up a passkey provider in Settings to sign in with a passkey. |
        | Action `fallback` | Sign In Another Way | Sign in another way |


        """

    static let anchor = "### Error: tried deleted passkey"

    /// The guide's "Adding a scenario", walked: each step's messages say what to do next, and
    /// every page-level rule applies to the new scenario although the flow does not know it.
    @Test func addingAScenarioAsTheGuideSaysGetsTheNextStepEachTime() throws {
        // 1. The heading, the copy table and a misspelt Trigger name.
        let (first, text) = try Self.lint {
            $0.replacingOccurrences(of: Self.anchor, with: Self.newScenario + Self.anchor)
        }
        let (idLine, idColumn) = try Self.position(of: "provider-misconfigured -->", in: text)
        let (nameLine, nameColumn) = try Self.position(of: "ASAuthorizationError.Code.faild", in: text)
        #expect(first.map(\.id).sorted() == ["scenario-not-in-flow", "scenario-without-check", "unknown-trigger-name"])
        let unknown = try #require(first.first { $0.id == "scenario-not-in-flow" })
        #expect(unknown.line == idLine && unknown.column == idColumn, "at the ID in the comment")
        #expect(unknown.message.contains("the closest are 'passkey-"))
        #expect(unknown.message.contains("see 'Adding a scenario' in the writer's guide"))
        let name = try #require(first.first { $0.id == "unknown-trigger-name" })
        #expect(name.line == nameLine && name.column == nameColumn)
        #expect(name.message.contains("the closest real name is 'ASAuthorizationError.Code.failed'"))

        // 2. The name corrected, and a check that names the scenario: only the heading is left,
        // and it says where to go next.
        let check = """
            Scenario: A misconfigured provider offers the fallback
              Given the app does not start passkey login automatically
              When the login screen appears
              And the user taps the passkey button
              And the passkey provider is misconfigured
              Then the user sees the "provider-misconfigured" copy

            """
        let (second, _) = try Self.lint {
            $0.replacingOccurrences(
                of: Self.anchor,
                with: Self.newScenario.replacingOccurrences(of: "Code.faild", with: "Code.failed") + Self.anchor
            )
            .replacingOccurrences(
                of: "Scenario: A device that cannot run passkey requests",
                with: check + "Scenario: A device that cannot run passkey requests")
        }
        #expect(second.map(\.id) == ["scenario-not-in-flow"], "\(second)")

        // 3. `explain` says what to do about it.
        let explained = InProcess.run(["explain", "scenario-not-in-flow"])
        #expect(explained.status == .success)
        #expect(explained.stdout.contains("Adding a scenario"))
    }
}
