import Foundation
import TestSupport
import Testing

/// A git repository holding a copy of the spec in `content/`, committed, then edited and
/// committed again: one criterion reworded, two copy strings changed and one check removed.
final class EditedRepository {
    let folder: TemporaryFolder
    var root: URL { folder.url }
    var content: URL { root.appendingPathComponent("content") }
    static let spec = "content/native/login-error-states.md"

    static let oldStatement =
        "When the user starts login from the normal passkey button, outside the retry offered after an automatic attempt, cancellation returns to the unchanged login screen without an error or forced fallback."
    static let newStatement =
        "When the user starts login from the normal passkey button, outside the retry offered after an automatic attempt, cancellation returns to the unchanged login screen without an error, a forced fallback or a redirect."
    static let oldMessage = "Your sign-in options couldn’t be checked right now. Try again, or sign in another way."
    static let newMessage = "We couldn’t check your sign-in options. Try again, or sign in another way."
    static let removedCheck = "N1.4-AC03/the-credential-list-cannot-be-reached"

    /// The first commit, with the spec as it was.
    init() throws {
        folder = try TemporaryFolder()
        try git("init", "-q")
        try folder.write(Self.spec, String(contentsOf: BinaryRunner.fixtureSpec, encoding: .utf8))
        try folder.write("content/index.md", "# Guide\n<!-- page: home -->\n\nThe guide.\n")
        try git("add", "-A")
        try git("commit", "-q", "-m", "The spec")
    }

    /// The four edits, committed.
    func editAndCommit() throws {
        try edit()
        try git("commit", "-q", "-a", "-m", "Reword a criterion and two strings; drop a check")
    }

    /// The four edits, in the working tree.
    func edit() throws {
        let file = root.appendingPathComponent(Self.spec)
        var text = try String(contentsOf: file, encoding: .utf8)
        func replace(_ old: String, _ new: String) {
            #expect(text.components(separatedBy: old).count == 2, "'\(old)' is in the spec once")
            text = text.replacingOccurrences(of: old, with: new)
        }
        replace(Self.oldStatement + " |", Self.newStatement + " |")
        replace(
            "| Title             | Passkey Sign-In Failed | Passkey sign-in failed |",
            "| Title             | Passkey Sign-In Unsuccessful | Passkey sign-in failed |")
        replace(
            "right now. | \(Self.oldMessage) |", "right now. | \(Self.newMessage) |")
        let start = try #require(text.range(of: "Scenario: The credential list cannot be reached\n"))
        let end = try #require(text.range(of: "Scenario: The credential list answers with a server error\n"))
        text.removeSubrange(start.lowerBound..<end.lowerBound)
        try Data(text.utf8).write(to: file)
    }

    /// Runs git in the repository; its output, without the last line end.
    @discardableResult
    func git(_ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "commit.gpgsign=false", "-c", "core.hooksPath=/dev/null"] + arguments
        process.currentDirectoryURL = root
        var environment = ProcessInfo.processInfo.environment
        for (key, value) in [
            ("GIT_AUTHOR_NAME", "Writer"), ("GIT_AUTHOR_EMAIL", "writer@example.com"),
            ("GIT_COMMITTER_NAME", "Writer"), ("GIT_COMMITTER_EMAIL", "writer@example.com"),
        ] {
            environment[key] = value
        }
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments.joined(separator: " "))")
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .newlines)
    }

    /// `passkey-spec ARGUMENTS` run in the repository.
    func run(_ arguments: String...) throws -> RunResult {
        try BinaryRunner.run(arguments, in: root)
    }

    /// Builds `content` (or `from`) into `folder` with the project's templates.
    func build(_ from: URL? = nil, into folder: URL) throws -> RunResult {
        try BinaryRunner.run(
            [
                "build", (from ?? content).path, "--out", folder.path, "--templates",
                BinaryRunner.packageRoot.appendingPathComponent("templates").path,
            ], in: root)
    }
}

/// The JSON of `text` as Foundation objects, for exact comparison.
func jsonObject(_ text: String) throws -> NSDictionary {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
}

@Suite struct DiffCommandTests {
    /// The changes the edits make, as `diff --format json` lists them, without `earlier`.
    static var expectedChanges: NSDictionary {
        NSDictionary(dictionary: expected)
    }

    private static var expected: [String: Any] {
        [
            "schemaVersion": 1,
            "rewordedCriteria": ["N1.4-AC02"],
            "criteria": [
                [
                    "change": "reworded", "spec": "N1.4", "id": "N1.4-AC02", "level": NSNull(),
                    "howToVerify": NSNull(),
                    "statement": ["old": EditedRepository.oldStatement, "new": EditedRepository.newStatement],
                ]
            ],
            "copy": [
                [
                    "change": "reworded", "id": "N1.4 lookup-failed android message", "spec": "N1.4",
                    "scenario": "lookup-failed", "platform": "android", "part": "message", "action": NSNull(),
                    "key": "lookup-failed.message", "old": EditedRepository.oldMessage,
                    "new": EditedRepository.newMessage,
                ],
                [
                    "change": "reworded", "id": "N1.4 passkey-failed ios title", "spec": "N1.4",
                    "scenario": "passkey-failed", "platform": "ios", "part": "title", "action": NSNull(),
                    "key": "passkey-failed.title", "old": "Passkey Sign-In Failed",
                    "new": "Passkey Sign-In Unsuccessful",
                ],
            ],
            "checks": [
                [
                    "change": "removed", "spec": "N1.4", "id": EditedRepository.removedCheck,
                    "name": "The credential list cannot be reached", "criterion": "N1.4-AC03", "scenario": NSNull(),
                    "steps": NSNull(),
                ]
            ],
            "triggers": [], "verdicts": [], "specs": [], "scenarios": [],
        ]
    }

    /// The JSON's changes, without what they were compared with.
    static func changes(_ json: NSDictionary) -> NSDictionary {
        let changes = NSMutableDictionary()
        for case (let key as String, let value) in json where key != "earlier" { changes[key] = value }
        return changes
    }

    @Test func sinceARevisionListsExactlyTheEditsInEveryFormat() throws {
        let repository = try EditedRepository()
        try repository.editAndCommit()
        let commit = try repository.git("rev-parse", "HEAD~1")

        let json = try repository.run("diff", "--since", "HEAD~1", "--format", "json")
        #expect(json.status == 0, "\(json.stderr)")
        #expect(json.stderr == "")
        let document = try jsonObject(json.stdout)
        #expect(Self.changes(document) == Self.expectedChanges, "\(json.stdout)")
        #expect(
            document["earlier"] as? NSDictionary
                == NSDictionary(dictionary: ["kind": "revision", "name": "HEAD~1", "commit": commit]))
        // Keys are sorted, so the same comparison gives the same bytes.
        #expect(json.stdout.hasPrefix("{\n  \"checks\" : ["))
        #expect(json.stdout.contains("\"rewordedCriteria\" : [\n    \"N1.4-AC02\"\n  ],\n  \"scenarios\""))

        let text = try repository.run("diff", "content", "--since", "HEAD~1")
        #expect(text.status == 0, "\(text.stderr)")
        let lines = text.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines.first
                == "4 changes in content since revision HEAD~1 (\(commit.prefix(12))): 1 criterion reworded, 2 copy strings, 1 check"
        )
        // The reworded criterion comes first, flagged.
        #expect(lines[2] == "⚠ Criterion reworded: N1.4-AC02")
        #expect(
            lines[3...5] == [
                "  Acceptance criterion", "    - \(EditedRepository.oldStatement)",
                "    + \(EditedRepository.newStatement)",
            ])
        for line in [
            "Copy strings", "  reworded  N1.4 lookup-failed android message",
            "    - “\(EditedRepository.oldMessage)”", "    + “\(EditedRepository.newMessage)”",
            "  reworded  N1.4 passkey-failed ios title", "    - “Passkey Sign-In Failed”",
            "    + “Passkey Sign-In Unsuccessful”", "Checks", "  removed   \(EditedRepository.removedCheck)",
        ] {
            #expect(lines.contains(line), "no line '\(line)' in:\n\(text.stdout)")
        }
        #expect(!text.stdout.contains("Verdicts") && !text.stdout.contains("Triggers"))

        let markdown = try repository.run("diff", "--since", "HEAD~1", "--format", "markdown")
        #expect(markdown.status == 0, "\(markdown.stderr)")
        let markdownLines = markdown.stdout.split(separator: "\n").map(String.init)
        #expect(markdownLines[0] == "## Spec changes in `content` since `HEAD~1` (`\(commit.prefix(12))`)")
        #expect(markdownLines[1] == "**4 changes: 1 criterion reworded, 2 copy strings, 1 check**")
        #expect(markdownLines[2] == "> [!WARNING]")
        #expect(markdownLines[3].hasPrefix("> **Criterion reworded: `N1.4-AC02`.**"))
        #expect(markdownLines[4] == "### ⚠ Criterion reworded: `N1.4-AC02`")
        for line in [
            "> \(EditedRepository.oldStatement)", "> \(EditedRepository.newStatement)", "### Copy strings (2)",
            "| ID | Change | Before | After |",
            "| `N1.4 lookup-failed android message` | reworded | `\(EditedRepository.oldMessage)` | `\(EditedRepository.newMessage)` |",
            "| `N1.4 passkey-failed ios title` | reworded | `Passkey Sign-In Failed` | `Passkey Sign-In Unsuccessful` |",
            "### Checks (1)",
            "| `\(EditedRepository.removedCheck)` | removed | `The credential list cannot be reached` | *None* |",
        ] {
            #expect(markdownLines.contains(line), "no line '\(line)' in:\n\(markdown.stdout)")
        }
        #expect(!markdown.stdout.contains("### Verdicts") && !markdown.stdout.contains("### Triggers"))
    }

    @Test func withoutChangesThereIsNothingToList() throws {
        let repository = try EditedRepository()
        let text = try repository.run("diff")
        #expect(text.status == 0, "\(text.stderr)")
        let head = try repository.git("rev-parse", "HEAD")
        #expect(text.stdout == "no changes in content since revision HEAD (\(head.prefix(12)))\n")
        let json = try jsonObject(try repository.run("diff", "--format", "json").stdout)
        #expect(json["rewordedCriteria"] as? [String] == [])
        #expect(json["copy"] as? [Any] != nil && (json["copy"] as? [Any])?.isEmpty == true)
    }

    /// A verdict that changes is listed per platform, with the failing step's check.
    @Test func aVerdictThatChangesIsListed() throws {
        let repository = try EditedRepository()
        let file = repository.root.appendingPathComponent(EditedRepository.spec)
        let text = try String(contentsOf: file, encoding: .utf8)
        let step = "  Then no session is created\n  And the user sees the \"restricted-account\" copy\n"
        #expect(text.contains(step))
        try Data(
            text.replacingOccurrences(
                of: step, with: "  Then a session is created\n  And the user sees the \"restricted-account\" copy\n"
            )
            .utf8
        ).write(to: file)
        let json = try jsonObject(try repository.run("diff", "--format", "json").stdout)
        let verdicts = try #require(json["verdicts"] as? [NSDictionary])
        let check = verdicts.filter { $0["kind"] as? String == "check" }
        #expect(!check.isEmpty)
        #expect(check.allSatisfy { $0["old"] as? String == "passed" && $0["new"] as? String == "failed" })
        #expect(Set(check.compactMap { $0["platform"] as? String }) == ["ios", "android"])
        #expect(verdicts.contains { $0["kind"] as? String == "criterion" && $0["id"] as? String == "N1.4-AC05" })
        let output = try repository.run("diff").stdout
        #expect(output.contains("Verdicts\n"))
        #expect(output.contains("\n  N1.4 criterion N1.4-AC05 ios: passed → failed\n"), "\(output)")
    }

    @Test func againstTwoBuildsGivesTheSameChanges() throws {
        let repository = try EditedRepository()
        let old = repository.root.appendingPathComponent("site-old")
        #expect(try repository.build(into: old).status == 0)
        try repository.editAndCommit()
        let new = repository.root.appendingPathComponent("site-new")
        #expect(try repository.build(into: new).status == 0)

        let since = try jsonObject(try repository.run("diff", "--since", "HEAD~1", "--format", "json").stdout)
        let content = try repository.run("diff", "content", "--against", old.path, "--format", "json")
        #expect(content.status == 0, "\(content.stderr)")
        let sites = try repository.run("diff", new.path, "--against", old.path, "--format", "json")
        #expect(sites.status == 0, "\(sites.stderr)")
        for result in [content, sites] {
            let json = try jsonObject(result.stdout)
            #expect(Self.changes(json) == Self.changes(since))
            #expect(
                json["earlier"] as? NSDictionary
                    == NSDictionary(dictionary: ["kind": "site", "name": old.path, "commit": NSNull()]))
        }
        let text = try repository.run("diff", "--against", old.path)
        #expect(text.stdout.hasPrefix("4 changes in content since the site in \(old.path): "))
    }

    @Test func aBuiltSiteCanBeComparedWithItsCommittedSelf() throws {
        let repository = try EditedRepository()
        let site = repository.root.appendingPathComponent("site")
        #expect(try repository.build(into: site).status == 0)
        try repository.git("add", "-A")
        try repository.git("commit", "-q", "-m", "The site")
        try repository.edit()
        #expect(try repository.build(into: site).status == 0)
        let json = try jsonObject(try repository.run("diff", "site", "--since", "HEAD", "--format", "json").stdout)
        #expect(Self.changes(json) == Self.expectedChanges)
    }

    // MARK: - The Changes page

    @Test func aBuildOverAnEarlierBuildWritesTheChangesPage() throws {
        let repository = try EditedRepository()
        let site = repository.root.appendingPathComponent("site")
        #expect(try repository.build(into: site).status == 0)
        let first = try String(contentsOf: site.appendingPathComponent("changes.html"), encoding: .utf8)
        #expect(first.contains("<p>There is no earlier build to compare with: "))
        #expect(
            try jsonObject(String(contentsOf: site.appendingPathComponent("exports/changes.json"), encoding: .utf8))[
                "earlier"] is NSNull)
        let home = try String(contentsOf: site.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(home.contains("<li><a href=\"changes.html\">Changes</a></li>"), "the navigation lists the page")

        try repository.edit()
        let build = try repository.build(into: site)
        #expect(build.status == 0, "\(build.stderr)")
        let page = try String(contentsOf: site.appendingPathComponent("changes.html"), encoding: .utf8)
        #expect(
            page.contains("<p class=\"changes-summary\">4 changes: 1 criterion reworded, 2 copy strings, 1 check.</p>"))
        // The reworded criterion is flagged first, before every table, with both wordings.
        let alert = try #require(
            page.range(of: "<h2 id=\"reworded-title\"><span aria-hidden=\"true\">⚠</span> Criterion reworded</h2>"))
        let firstTable = try #require(page.range(of: "<table"))
        #expect(alert.lowerBound < firstTable.lowerBound)
        #expect(page.contains("<section class=\"changes-alert\" id=\"reworded\""))
        #expect(
            page.contains(
                "<h3 id=\"reworded-N1.4-AC02-title\"><a href=\"native/login-error-states.html#criterion-N1.4-AC02\">N1.4-AC02</a></h3>"
            ))
        #expect(page.contains("<del>\(EditedRepository.oldStatement)</del>"))
        #expect(page.contains("<ins>\(EditedRepository.newStatement)</ins>"))
        for row in [
            "<th scope=\"row\"><a href=\"native/login-error-states.html#scenario-lookup-failed\"><code>N1.4 lookup-failed android message</code></a></th>\n        <td>reworded</td>\n        <td>“\(EditedRepository.oldMessage)”</td>\n        <td>“\(EditedRepository.newMessage)”</td>",
            "<code>N1.4 passkey-failed ios title</code></a></th>\n        <td>reworded</td>\n        <td>“Passkey Sign-In Failed”</td>\n        <td>“Passkey Sign-In Unsuccessful”</td>",
            "<th scope=\"row\"><code>\(EditedRepository.removedCheck)</code></th>\n        <td>removed</td>\n        <td>The credential list cannot be reached</td>\n        <td><span class=\"none\">None</span></td>",
        ] {
            #expect(page.contains(row), "no row \(row)")
        }
        #expect(!page.contains("id=\"changed-verdicts\"") && !page.contains("id=\"changed-triggers\""))
        // The spec page marks the criterion and links to its new wording.
        let spec = try String(
            contentsOf: site.appendingPathComponent("native/login-error-states.html"), encoding: .utf8)
        #expect(spec.contains("<a class=\"reworded-marker\" href=\"../changes.html#reworded-N1.4-AC02\">reworded</a>"))
        #expect(spec.components(separatedBy: "class=\"reworded-marker\"").count == 3, "in the table and the section")
        // The data is the comparison `diff` makes, measured from the earlier build.
        let json = try jsonObject(
            String(contentsOf: site.appendingPathComponent("exports/changes.json"), encoding: .utf8))
        #expect(Self.changes(json) == Self.expectedChanges)
        #expect(
            json["earlier"] as? NSDictionary
                == NSDictionary(dictionary: ["kind": "build", "name": NSNull(), "commit": NSNull()]))

        // Built again unchanged, the comparison is kept.
        #expect(try repository.build(into: site).status == 0)
        #expect(try String(contentsOf: site.appendingPathComponent("changes.html"), encoding: .utf8) == page)
    }

    // MARK: - Errors

    @Test func anUnknownRevisionIsAnError() throws {
        let repository = try EditedRepository()
        let result = try repository.run("diff", "--since", "no-such-branch")
        #expect(result.status == 1)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "passkey-spec: error: no commit 'no-such-branch' in the git repository of 'content' [unknown-revision]\n"
        )
        // An option's name is not a revision: '--since' is missing its value.
        let option = try repository.run("diff", "--since", "--format")
        #expect(option.status == 2)
        #expect(option.stderr.contains("[missing-option-value]"))
    }

    @Test func contentOutsideAGitRepositoryIsAnError() throws {
        let folder = try TemporaryFolder()
        try folder.write("content/spec.md", String(contentsOf: BinaryRunner.fixtureSpec, encoding: .utf8))
        let result = try BinaryRunner.run(
            ["diff", "--since", "HEAD~1"], in: folder.url, environment: ["GIT_CEILING_DIRECTORIES": folder.url.path])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("passkey-spec: error: 'content' is not in a git repository; "))
        #expect(result.stderr.hasSuffix(" [not-a-git-repository]\n"))
    }

    @Test func withoutGitTheRevisionCannotBeRead() throws {
        let repository = try EditedRepository()
        let result = try BinaryRunner.run(
            ["diff", "--since", "HEAD"], in: repository.root, environment: ["PATH": "/nonexistent"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("passkey-spec: error: git failed: cannot run git: "), "\(result.stderr)")
        #expect(result.stderr.hasSuffix(" [git-failed]\n"))
    }

    @Test func aFolderWithoutExportsIsAnError() throws {
        let repository = try EditedRepository()
        let result = try repository.run("diff", "--against", "content")
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "passkey-spec: error: cannot read the model and the run of the site in 'content': 'exports/spec.json' is missing; build it with 'passkey-spec build --out content' [unreadable-exports]\n"
        )
        let site = repository.root.appendingPathComponent("site")
        #expect(try repository.build(into: site).status == 0)
        try Data("{}".utf8).write(to: site.appendingPathComponent("exports/report.json"))
        let broken = try repository.run("diff", "--against", "site")
        #expect(broken.status == 1)
        #expect(broken.stderr.contains("'exports/report.json' is not a run report of this tool"), "\(broken.stderr)")
        let missing = try repository.run("diff", "--against", "nowhere")
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("[path-not-found]"))
    }

    @Test func bothOptionsAtOnceAreAUsageError() throws {
        let repository = try EditedRepository()
        let result = try repository.run("diff", "--since", "HEAD", "--against", "site")
        #expect(result.status == 2)
        #expect(
            result.stderr.hasPrefix(
                "passkey-spec: error: 'diff' takes '--since' or '--against', not both [conflicting-options]\n"))
        let format = try repository.run("diff", "--format", "yaml")
        #expect(format.status == 2)
        #expect(format.stderr.contains("[unsupported-format]"))
    }

    @Test func earlierContentWithErrorsCannotBeCompared() throws {
        let repository = try EditedRepository()
        try repository.folder.write("content/broken.md", "# Broken\n<!-- spec: B1 -->\n")
        try repository.git("add", "-A")
        try repository.git("commit", "-q", "-m", "A broken page")
        try repository.git("rm", "-q", "content/broken.md")
        let result = try repository.run("diff", "--since", "HEAD")
        #expect(result.status == 1)
        #expect(result.stderr.contains("HEAD:content/broken.md:"), "\(result.stderr)")
        #expect(result.stderr.contains("[missing-platforms]"))
        #expect(result.stderr.hasSuffix(" [earlier-content-has-errors]\n"), "\(result.stderr)")
    }

    @Test func currentContentWithErrorsIsNotCompared() throws {
        let repository = try EditedRepository()
        try repository.folder.write("content/broken.md", "# Broken\n<!-- spec: B1 -->\n")
        let result = try repository.run("diff")
        #expect(result.status == 1)
        #expect(result.stderr.contains("[missing-platforms]"))
        #expect(result.stdout == "diff: not compared; fix the errors above first\n")
    }

    @Test func theHelpDescribesTheOptions() throws {
        let result = try BinaryRunner.run(["diff", "--help"])
        #expect(result.status == 0)
        #expect(
            result.stdout.hasPrefix(
                "USAGE: passkey-spec diff [CONTENT] [--since GIT-REF | --against DIR] [--format text|markdown|json]"))
        for option in ["--since GIT-REF", "--against DIR", "--format FORMAT"] {
            #expect(result.stdout.contains(option))
        }
        #expect(try BinaryRunner.run(["--help"]).stdout.contains("\n  diff     "))
    }
}
