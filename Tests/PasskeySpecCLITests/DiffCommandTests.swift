import Foundation
import TestSupport
import Testing

/// A git repository holding a copy of the spec in `content/`, committed, then edited and
/// committed again: one criterion reworded, two copy strings changed and one check removed.
/// The tool runs in process, in the repository.
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
    init() async throws {
        folder = try TemporaryFolder()
        try await git("init", "-q")
        try folder.write(Self.spec, String(contentsOf: BinaryRunner.fixtureSpec, encoding: .utf8))
        try folder.write("content/index.md", "# Guide\n<!-- page: home -->\n\nThe guide.\n")
        try await git("add", "-A")
        try await git("commit", "-q", "-m", "The spec")
    }

    /// The four edits, committed.
    func editAndCommit() async throws {
        try edit()
        try await git("commit", "-q", "-a", "-m", "Reword a criterion and two strings; drop a check")
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
    func git(_ arguments: String...) async throws -> String {
        try await PasskeySpecCLITests.git(arguments, in: root)
    }

    /// `passkey-spec ARGUMENTS` run in process in the repository.
    func run(_ arguments: String..., environment: [String: String] = [:]) -> InProcessRun {
        InProcess.run(arguments, in: root, environment: environment)
    }

    /// Builds `content` (or `from`) into `folder` with the project's templates.
    func build(_ from: URL? = nil, into folder: URL) -> InProcessRun {
        InProcess.run(
            [
                "build", (from ?? content).path, "--out", folder.path, "--templates",
                BinaryRunner.packageRoot.appendingPathComponent("templates").path,
            ], in: root)
    }

    /// The repository with a page that does not lint committed at HEAD and then removed, so
    /// that the content at HEAD cannot be compared with.
    static func withABrokenPageAtHEAD() async throws -> EditedRepository {
        let repository = try await EditedRepository()
        try repository.folder.write("content/broken.md", "# Broken\n<!-- spec: B1 -->\n")
        try await repository.git("add", "-A")
        try await repository.git("commit", "-q", "-m", "A broken page")
        try await repository.git("rm", "-q", "content/broken.md")
        return repository
    }

    /// The text of `path` in `folder`.
    func read(_ path: String, in folder: URL) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }
}

/// The JSON of `text` as Foundation objects, for exact comparison.
func jsonObject(_ text: String) throws -> NSDictionary {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? NSDictionary)
}

/// `diff` in process: what changed since a revision or a built site, in every format, and the
/// Changes page that lists the same; its failures.
@Suite struct DiffCommandTests {
    /// The changes the edits make, as `diff --format json` lists them, without `earlier`.
    static var expectedChanges: NSDictionary {
        NSDictionary(dictionary: expected)
    }

    private static var expected: [String: Any] {
        [
            "schemaVersion": 2,
            "unavailable": NSNull(),
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

    @Test func sinceARevisionListsExactlyTheEditsInEveryFormat() async throws {
        let repository = try await EditedRepository()
        try await repository.editAndCommit()
        let commit = try await repository.git("rev-parse", "HEAD~1")

        let json = repository.run("diff", "--since", "HEAD~1", "--format", "json")
        #expect(json.status == .success, "\(json.stderr)")
        #expect(json.stderr == "")
        let document = try jsonObject(json.stdout)
        #expect(Self.changes(document) == Self.expectedChanges, "\(json.stdout)")
        #expect(
            document["earlier"] as? NSDictionary
                == NSDictionary(dictionary: ["kind": "revision", "name": "HEAD~1", "commit": commit]))
        // Keys are sorted, so the same comparison gives the same bytes.
        #expect(json.stdout.hasPrefix("{\n  \"checks\" : ["))
        #expect(json.stdout.contains("\"rewordedCriteria\" : [\n    \"N1.4-AC02\"\n  ],\n  \"scenarios\""))

        let text = repository.run("diff", "content", "--since", "HEAD~1")
        #expect(text.status == .success, "\(text.stderr)")
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

        let markdown = repository.run("diff", "--since", "HEAD~1", "--format", "markdown")
        #expect(markdown.status == .success, "\(markdown.stderr)")
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

    /// Without `--since`, `diff` compares with what the Changes page compares with: nothing is
    /// listed when the content's newest change, or an uncommitted edit, changes nothing it lists.
    @Test func withoutChangesThereIsNothingToList() async throws {
        let repository = try await EditedRepository()
        let first = try await repository.git("rev-parse", "HEAD")
        // A committed change to a prose page: compared with the commit before it.
        try repository.folder.write("content/index.md", "# Guide\n<!-- page: home -->\n\nThe writer's guide.\n")
        try await repository.git("commit", "-q", "-a", "-m", "Reword the guide")
        let text = repository.run("diff")
        #expect(text.status == .success, "\(text.stderr)")
        #expect(text.stdout == "no changes in content since revision \(first.prefix(12))\n")
        let json = try jsonObject(repository.run("diff", "--format", "json").stdout)
        #expect(json["rewordedCriteria"] as? [String] == [])
        #expect(json["copy"] as? [Any] != nil && (json["copy"] as? [Any])?.isEmpty == true)
        #expect(
            json["earlier"] as? NSDictionary
                == NSDictionary(dictionary: ["kind": "revision", "name": String(first.prefix(12)), "commit": first]))

        // An uncommitted change to a prose page: compared with HEAD.
        let head = try await repository.git("rev-parse", "HEAD")
        try repository.folder.write("content/index.md", "# Guide\n<!-- page: home -->\n\nThe guide, again.\n")
        let uncommitted = repository.run("diff")
        #expect(uncommitted.status == .success, "\(uncommitted.stderr)")
        #expect(uncommitted.stdout == "no changes in content since revision \(head.prefix(12))\n")
    }

    /// A verdict that changes is listed per platform, with the failing step's check.
    @Test func aVerdictThatChangesIsListed() async throws {
        let repository = try await EditedRepository()
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
        let json = try jsonObject(repository.run("diff", "--format", "json").stdout)
        let verdicts = try #require(json["verdicts"] as? [NSDictionary])
        let check = verdicts.filter { $0["kind"] as? String == "check" }
        #expect(!check.isEmpty)
        #expect(check.allSatisfy { $0["old"] as? String == "passed" && $0["new"] as? String == "failed" })
        #expect(Set(check.compactMap { $0["platform"] as? String }) == ["ios", "android"])
        #expect(verdicts.contains { $0["kind"] as? String == "criterion" && $0["id"] as? String == "N1.4-AC05" })
        let output = repository.run("diff").stdout
        #expect(output.contains("Verdicts\n"))
        #expect(output.contains("\n  N1.4 criterion N1.4-AC05 ios: passed → failed\n"), "\(output)")
    }

    @Test func againstTwoBuildsGivesTheSameChanges() async throws {
        let repository = try await EditedRepository()
        let old = repository.root.appendingPathComponent("site-old")
        #expect(repository.build(into: old).status == .success)
        try await repository.editAndCommit()
        let new = repository.root.appendingPathComponent("site-new")
        #expect(repository.build(into: new).status == .success)

        let since = try jsonObject(repository.run("diff", "--since", "HEAD~1", "--format", "json").stdout)
        let content = repository.run("diff", "content", "--against", old.path, "--format", "json")
        #expect(content.status == .success, "\(content.stderr)")
        let sites = repository.run("diff", new.path, "--against", old.path, "--format", "json")
        #expect(sites.status == .success, "\(sites.stderr)")
        for result in [content, sites] {
            let json = try jsonObject(result.stdout)
            #expect(Self.changes(json) == Self.changes(since))
            #expect(
                json["earlier"] as? NSDictionary
                    == NSDictionary(dictionary: ["kind": "site", "name": old.path, "commit": NSNull()]))
        }
        let text = repository.run("diff", "--against", old.path)
        #expect(text.stdout.hasPrefix("4 changes in content since the site in \(old.path): "))
    }

    @Test func aBuiltSiteCanBeComparedWithItsCommittedSelf() async throws {
        let repository = try await EditedRepository()
        let site = repository.root.appendingPathComponent("site")
        #expect(repository.build(into: site).status == .success)
        try await repository.git("add", "-A")
        try await repository.git("commit", "-q", "-m", "The site")
        try repository.edit()
        #expect(repository.build(into: site).status == .success)
        let result = repository.run("diff", "site", "--since", "HEAD", "--format", "json")
        #expect(result.status == .success, "\(result.stderr)")
        let json = try jsonObject(result.stdout)
        #expect(Self.changes(json) == Self.expectedChanges, "\(result.stdout)")
    }

    // MARK: - The Changes page

    /// The page compares with the content in git, never with what the output folder held:
    /// with the commit before the content's newest change, or with HEAD while the content has
    /// uncommitted edits; the site before a commit and after it are the same.
    @Test func aBuildOverAnEarlierBuildWritesTheChangesPage() async throws {
        let repository = try await EditedRepository()
        let site = repository.root.appendingPathComponent("site")
        #expect(repository.build(into: site).status == .success)
        // The content's only commit is compared with the empty content before it.
        let first = try repository.read("changes.html", in: site)
        #expect(first.contains(" since revision the first commit&#39;s parent, by stable ID: "), "\(first)")
        #expect(first.contains("<p class=\"changes-summary\">1 change: 1 spec.</p>"), "\(first)")
        #expect(first.contains("<tr id=\"change-specs-N1.4\">"), "the spec is added")
        #expect(
            try jsonObject(repository.read("exports/changes.json", in: site))["earlier"] as? NSDictionary
                == NSDictionary(dictionary: [
                    "kind": "revision", "name": "the first commit's parent", "commit": NSNull(),
                ]
                ))
        let home = try repository.read("index.html", in: site)
        #expect(home.contains("<li><a href=\"changes.html\">Changes</a></li>"), "the navigation lists the page")

        try repository.edit()
        let head = try await repository.git("rev-parse", "HEAD")
        let build = repository.build(into: site)
        #expect(build.status == .success, "\(build.stderr)")
        let page = try repository.read("changes.html", in: site)
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
        let spec = try repository.read("native/login-error-states.html", in: site)
        #expect(spec.contains("<a class=\"reworded-marker\" href=\"../changes.html#reworded-N1.4-AC02\">reworded</a>"))
        #expect(spec.components(separatedBy: "class=\"reworded-marker\"").count == 3, "in the table and the section")
        // The data is the comparison `diff` makes, with the content at HEAD.
        let json = try jsonObject(repository.read("exports/changes.json", in: site))
        #expect(Self.changes(json) == Self.expectedChanges)
        #expect(
            json["earlier"] as? NSDictionary
                == NSDictionary(dictionary: ["kind": "revision", "name": String(head.prefix(12)), "commit": head]))
        #expect(Self.changes(try jsonObject(repository.run("diff", "--format", "json").stdout)) == Self.changes(json))

        // Built again unchanged, the comparison is kept.
        #expect(repository.build(into: site).status == .success)
        #expect(try repository.read("changes.html", in: site) == page)
        // Built into an empty folder, it is the same: the comparison is not with the folder.
        let elsewhere = repository.root.appendingPathComponent("elsewhere")
        #expect(repository.build(into: elsewhere).status == .success)
        #expect(try repository.read("changes.html", in: elsewhere) == page)
        // Committed, the edits are the content's newest change: compared with the commit before.
        try await repository.git("commit", "-q", "-a", "-m", "The edits")
        #expect(repository.build(into: site).status == .success)
        #expect(try repository.read("changes.html", in: site) == page)
        #expect(try jsonObject(repository.read("exports/changes.json", in: site)) == json)
    }

    // MARK: - Errors

    @Test func anUnknownRevisionIsAnError() async throws {
        let repository = try await EditedRepository()
        let result = repository.run("diff", "--since", "no-such-branch")
        #expect(result.status == .failure)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "passkey-spec: error: no commit 'no-such-branch' in the git repository of 'content' [unknown-revision]\n"
        )
        // An option's name is not a revision: '--since' is missing its value.
        let option = repository.run("diff", "--since", "--format")
        #expect(option.status == .usage)
        #expect(option.stderr.contains("[missing-option-value]"))
    }

    @Test func contentOutsideAGitRepositoryIsAnError() throws {
        let folder = try TemporaryFolder()
        try folder.write("content/spec.md", String(contentsOf: BinaryRunner.fixtureSpec, encoding: .utf8))
        let result = InProcess.run(
            ["diff", "--since", "HEAD~1"], in: folder.url, environment: ["GIT_CEILING_DIRECTORIES": folder.url.path])
        #expect(result.status == .failure)
        #expect(result.stderr.hasPrefix("passkey-spec: error: 'content' is not in a git repository; "))
        #expect(result.stderr.hasSuffix(" [not-a-git-repository]\n"))
    }

    /// Git is looked for on the process's PATH: spawned, so that the PATH is the tool's own.
    @Test func withoutGitTheRevisionCannotBeRead() async throws {
        let repository = try await EditedRepository()
        let result = try await BinaryRunner.run(
            ["diff", "--since", "HEAD"], in: repository.root, environment: ["PATH": "/nonexistent"])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("passkey-spec: error: git failed: cannot run git: "), "\(result.stderr)")
        #expect(result.stderr.hasSuffix(" [git-failed]\n"))
    }

    @Test func aFolderWithoutExportsIsAnError() async throws {
        let repository = try await EditedRepository()
        let result = repository.run("diff", "--against", "content")
        #expect(result.status == .failure)
        #expect(
            result.stderr
                == "passkey-spec: error: cannot read the model and the run of the site in 'content': 'exports/spec.json' is missing; build it with 'passkey-spec build --out content' [unreadable-exports]\n"
        )
        let site = repository.root.appendingPathComponent("site")
        #expect(repository.build(into: site).status == .success)
        try Data("{}".utf8).write(to: site.appendingPathComponent("exports/report.json"))
        let broken = repository.run("diff", "--against", "site")
        #expect(broken.status == .failure)
        #expect(broken.stderr.contains("'exports/report.json' is not a run report of this tool"), "\(broken.stderr)")
        let missing = repository.run("diff", "--against", "nowhere")
        #expect(missing.status == .usage)
        #expect(missing.stderr.contains("[path-not-found]"))
    }

    @Test func bothOptionsAtOnceAreAUsageError() async throws {
        let repository = try await EditedRepository()
        let result = repository.run("diff", "--since", "HEAD", "--against", "site")
        #expect(result.status == .usage)
        #expect(
            result.stderr.hasPrefix(
                "passkey-spec: error: 'diff' takes '--since' or '--against', not both [conflicting-options]\n"))
        let format = repository.run("diff", "--format", "yaml")
        #expect(format.status == .usage)
        #expect(format.stderr.contains("[unsupported-format]"))
    }

    @Test func earlierContentWithErrorsCannotBeCompared() async throws {
        let repository = try await EditedRepository.withABrokenPageAtHEAD()
        let result = repository.run("diff", "--since", "HEAD")
        #expect(result.status == .failure)
        #expect(result.stderr.contains("HEAD:content/broken.md:"), "\(result.stderr)")
        #expect(result.stderr.contains("[missing-platforms]"))
        #expect(result.stderr.hasSuffix(" [earlier-content-has-errors]\n"), "\(result.stderr)")
    }

    /// The Changes page of a build whose baseline does not lint says why it compares nothing,
    /// and the tool's cache keeps that answer as it keeps a comparison: the same build again
    /// does not read and lint the earlier version to learn it.
    @Test func aBaselineWithErrorsIsKeptAsTheReasonThereIsNoComparison() async throws {
        let repository = try await EditedRepository.withABrokenPageAtHEAD()
        let cache = repository.root.appendingPathComponent("cache")
        let site = repository.root.appendingPathComponent("site")
        func build() throws -> NSDictionary {
            let result = InProcess.run(
                [
                    "build", repository.content.path, "--out", site.path, "--templates",
                    BinaryRunner.packageRoot.appendingPathComponent("templates").path,
                ], in: repository.root, environment: ["PASSKEY_SPEC_CACHE": cache.path])
            #expect(result.status == .success, "\(result.stderr)")
            return try jsonObject(repository.read("exports/changes.json", in: site))
        }
        let first = try build()
        let reason = try #require(first["unavailable"] as? String)
        #expect(reason.hasPrefix("the content at revision ") && reason.hasSuffix("; 'passkey-spec diff' lists them"))
        let kept = try FileManager.default.contentsOfDirectory(
            atPath: cache.appendingPathComponent("changes").path
        ).filter { !$0.hasPrefix(".") }
        #expect(kept.count == 1)
        let entry = try String(
            contentsOf: cache.appendingPathComponent("changes").appendingPathComponent(kept[0]), encoding: .utf8)
        #expect(entry.contains(reason))
        #expect(try build() == first)
    }

    @Test func currentContentWithErrorsIsNotCompared() async throws {
        let repository = try await EditedRepository()
        try repository.folder.write("content/broken.md", "# Broken\n<!-- spec: B1 -->\n")
        let result = repository.run("diff")
        #expect(result.status == .failure)
        #expect(result.stderr.contains("[missing-platforms]"))
        #expect(result.stdout == "diff: not compared; fix the errors above first\n")
    }

    @Test func theHelpDescribesTheOptions() {
        let result = InProcess.run(["diff", "--help"])
        #expect(result.status == .success)
        #expect(
            result.stdout.hasPrefix(
                "USAGE: passkey-spec diff [CONTENT] [--since GIT-REF | --against DIR] [--format text|markdown|json]"))
        for option in ["--since GIT-REF", "--against DIR", "--format FORMAT"] {
            #expect(result.stdout.contains(option))
        }
        #expect(InProcess.run(["--help"]).stdout.contains("\n  diff     "))
    }
}
