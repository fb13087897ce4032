// Every message in the catalogue is shown to be reported by running the tool: each ID has a
// witness, a small input that the real pipeline (or command line) reports it for, and the
// test asserts that the ID came out, where it should point.
//
// The test can fail. Given a page whose cell is filled (`with: "| Title | T | U |"`), the
// witness of `empty-copy-cell` fails, at the ID and at its place:
//
//     ✘ Test everyEntryIsReportedByTheTool(_:) recorded an issue with 1 argument id → empty-copy-cell
//       at MessageWitnessTests.swift: Expectation failed: outcome.reports.contains { $0.id == id }
//     ↳ 'empty-copy-cell' was not reported; the tool reported: page.md:1: missing-flow
//     ✘ Test everyEntryIsReportedByTheTool(_:) recorded an issue with 1 argument id → empty-copy-cell
//       at MessageWitnessTests.swift: Expectation failed: outcome.reports.contains { $0.id == id
//       && $0.file == place.file && $0.line == place.line }
//     ↳ 'empty-copy-cell' was not reported at page.md:13; the tool reported: page.md:1: missing-flow
//
// A catalogue ID without a witness (here `symlink-loop`'s key misspelt) fails both tests:
//
//     ✘ Test everyEntryIsReportedByTheTool(_:) recorded an issue with 1 argument id → symlink-loop
//       at MessageWitnessTests.swift: Expectation failed: Self.witnesses[id] → nil
//     ↳ no witness for 'symlink-loop': add one to MessageWitnessTests.witnesses that runs the tool
//       on an input it reports 'symlink-loop' for
//     ✘ Test everyWitnessIsOfOneCatalogueMessage() recorded an issue at MessageWitnessTests.swift:
//       Expectation failed: (orphans → [symlink-lop]).isEmpty → false
//     ↳ witnesses of no message: [symlink-lop]

import Foundation
import Pipeline
import ReportModel
import SpecModel
import SpecRunner
import TestSupport
import Testing

@testable import PasskeySpecCLI

#if canImport(Glibc)
import Glibc
import Utilities
#endif

/// One message the tool reported: its ID and, for a finding in a file, where.
struct ReportedMessage: Sendable, CustomStringConvertible {
    var id: MessageID
    var file: String?
    var line: Int?

    var description: String {
        guard let file, let line else { return id.rawValue }
        return "\(file):\(line): \(id.rawValue)"
    }
}

/// What a witness's run of the tool produced, and what the message must look like in it.
struct WitnessOutcome: Sendable {
    var reports: [ReportedMessage]
    /// The file and line the message must point at, when it is about a place in a file.
    var expectedAt: (file: String, line: Int)?
    /// How a command line run ended, and how it must end.
    var status: (actual: PasskeySpecCLI.ExitStatus, expected: PasskeySpecCLI.ExitStatus)?
    /// The diagnostics of a pipeline's run, with their fixes.
    var diagnostics: [Diagnostic] = []
    /// Runs the same stage again on the same folder, for a pipeline's run.
    var rerun: (@Sendable () -> WitnessOutcome)?

    /// The diagnostics and the failure of a pipeline's result.
    init(_ result: PipelineResult) {
        diagnostics = result.diagnostics
        reports = result.diagnostics.map {
            ReportedMessage(id: $0.id, file: $0.location.file, line: $0.location.line)
        }
        if let failure = result.failure { reports.append(ReportedMessage(id: failure.message.id)) }
    }

    /// The messages a command printed to standard error: `path:line:column: severity: text [id]`
    /// for a finding, `passkey-spec: severity: text [id]` for the rest.
    init(stderr: String) {
        reports = stderr.split(separator: "\n").compactMap { line -> ReportedMessage? in
            guard line.hasSuffix("]"), let open = line.lastIndex(of: "[") else { return nil }
            let id = MessageID(rawValue: String(line[line.index(after: open)..<line.index(before: line.endIndex)]))
            guard !line.hasPrefix("passkey-spec: ") else { return ReportedMessage(id: id) }
            let parts = line.split(separator: ":", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, let number = Int(parts[1]) else { return ReportedMessage(id: id) }
            return ReportedMessage(id: id, file: String(parts[0]), line: number)
        }
    }

    /// A run of the command line: what it printed to standard error, and its exit status.
    init(_ run: InProcessRun, expected: PasskeySpecCLI.ExitStatus) {
        self.init(stderr: run.stderr)
        status = (run.status, expected)
    }
}

/// Runs the tool on an input that makes it report one message. It gets a fresh folder of
/// its own, writes its input there and returns what came out.
struct Witness: Sendable {
    let run: @Sendable (TemporaryFolder) throws -> WitnessOutcome
    /// Why no input reaches the message, for one the tool reports only when it fails itself.
    var unreachable: String?

    init(_ run: @escaping @Sendable (TemporaryFolder) throws -> WitnessOutcome) {
        self.run = run
    }

    /// A message no input reaches, for the reason given: it stays a known issue of this
    /// test, so that it is listed in every run rather than passed over.
    static func unreachable(_ reason: String) -> Witness {
        var witness = Witness { _ in WitnessOutcome(PipelineResult()) }
        witness.unreachable = reason
        return witness
    }

    /// The same witness, whose message must point at `line` of `file`.
    func at(_ file: String, line: Int) -> Witness {
        Witness { folder in
            var outcome = try run(folder)
            outcome.expectedAt = (file, line)
            return outcome
        }
    }
}

/// Every message of `MessageCatalogue.all` reported by running the tool on its witness.
@Suite struct MessageWitnessTests {
    @Test(arguments: MessageCatalogue.all.map(\.id))
    func everyEntryIsReportedByTheTool(_ id: MessageID) throws {
        let witness = try #require(
            Self.witnesses[id],
            "no witness for '\(id)': add one to MessageWitnessTests.witnesses that runs the tool on an input it reports '\(id)' for"
        )
        if let reason = witness.unreachable {
            withKnownIssue("'\(id)' has no witness: \(reason)") {
                Issue.record("no input makes the tool report '\(id)'")
            }
            return
        }
        let folder = try TemporaryFolder()
        let outcome = try witness.run(folder)
        let reported = outcome.reports.map(\.description).joined(separator: ", ")
        #expect(
            outcome.reports.contains { $0.id == id },
            "'\(id)' was not reported; the tool reported: \(reported.isEmpty ? "nothing" : reported)")
        if let place = outcome.expectedAt {
            #expect(
                outcome.reports.contains { $0.id == id && $0.file == place.file && $0.line == place.line },
                "'\(id)' was not reported at \(place.file):\(place.line); the tool reported: \(reported)")
        }
        if let status = outcome.status {
            #expect(status.actual == status.expected, "'\(id)': the command ended with \(status.actual)")
        }
    }

    /// Where a message's quick fix is followed, its message goes away and no other comes: the
    /// witness's input, with the fix of the first diagnostic that has one made to its file, is
    /// run again. A message whose witnesses carry no fix has nothing to follow here.
    @Test(arguments: MessageCatalogue.all.map(\.id))
    func followingAFixClearsItsMessage(_ id: MessageID) throws {
        guard let witness = Self.witnesses[id], witness.unreachable == nil else { return }
        let folder = try TemporaryFolder()
        let outcome = try witness.run(folder)
        guard let rerun = outcome.rerun,
            let diagnostic = outcome.diagnostics.first(where: { $0.id == id && !$0.fixIts.isEmpty }),
            let fix = diagnostic.fixIts.first
        else { return }
        let file = folder.url.appendingPathComponent(diagnostic.span.file).path
        let text = try #require(FileManager.default.contents(atPath: file), "no file \(diagnostic.span.file)")
        try Data(Self.applying(fix.edits, to: [UInt8](text))).write(to: URL(fileURLWithPath: file))
        let after = rerun()
        let count = { (diagnostics: [Diagnostic]) in diagnostics.filter { $0.id == id }.count }
        #expect(
            count(after.diagnostics) < count(outcome.diagnostics),
            "'\(fix.title)' left '\(id)': \(after.diagnostics.map(\.description))")
        let added = Set(after.diagnostics.map(\.id)).subtracting(outcome.diagnostics.map(\.id))
        #expect(added.isEmpty, "'\(fix.title)' for '\(id)' brought \(added.sorted { $0.rawValue < $1.rawValue })")
    }

    /// `bytes` with `edits` made: each span's 1-based line and byte column, replaced.
    static func applying(_ edits: [SourceEdit], to bytes: [UInt8]) -> [UInt8] {
        var lineStarts = [0]
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(index + 1) }
        func offset(_ line: Int, _ column: Int) -> Int {
            guard line - 1 < lineStarts.count else { return bytes.count }
            return min(lineStarts[line - 1] + column - 1, bytes.count)
        }
        var result = bytes
        for edit in edits.sorted(by: { $0.span.start > $1.span.start }) {
            let start = offset(edit.span.start.line, edit.span.start.column)
            let end = offset(edit.span.endLine, edit.span.endColumn)
            result.replaceSubrange(start..<max(start, end), with: Array(edit.replacement.utf8))
        }
        return result
    }

    /// The witnesses, by the part of the tool that reports their messages.
    static let groups = [parsing, running, building, comparing, commandLine, translating]
    /// A witness per ID. All but one run the pipeline or the command line in this process;
    /// `build-stopped` runs the binary, since only a signal to a process of its own stops a build.
    static let witnesses = groups.reduce(into: [MessageID: Witness]()) { all, group in
        all.merge(group) { first, _ in first }
    }

    /// A witness is for a message of the catalogue, once: one left over from a message that
    /// was removed, or one in two groups, would otherwise go unnoticed.
    @Test func everyWitnessIsOfOneCatalogueMessage() {
        let ids = Set(MessageCatalogue.all.map(\.id))
        let orphans = Set(Self.witnesses.keys).subtracting(ids).sorted()
        #expect(orphans.isEmpty, "witnesses of no message: \(orphans)")
        #expect(Self.groups.map(\.count).reduce(0, +) == Self.witnesses.count, "an ID has a witness in two groups")
    }
}

// MARK: - Running the tool

extension MessageWitnessTests {
    /// How far a witness runs the pipeline: the lint, or the checks too.
    enum Stage: Sendable {
        case lint, check
    }

    /// One cache for every witness: the engine's exploration is made once in this process
    /// and written to one folder, not to a folder per witness. Removed when the tests end.
    static let cache: ToolCache = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("passkey-spec-witnesses-\(getpid())")
        atexit {
            try? FileManager.default.removeItem(
                atPath: FileManager.default.temporaryDirectory.appendingPathComponent(
                    "passkey-spec-witnesses-\(getpid())"
                ).path)
        }
        return ToolCache(folder: folder, toolFingerprint: "witnesses")
    }()

    /// The environment git runs with: a HOME of the folder's own, and no repository above the
    /// folder (the temporary folder may be inside one).
    static func environment(_ folder: TemporaryFolder, extra: [String: String] = [:]) -> [String: String] {
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = folder.url.appendingPathComponent("home").path
        environment["XDG_CONFIG_HOME"] = folder.url.appendingPathComponent("home/.config").path
        environment["GIT_CONFIG_NOSYSTEM"] = "1"
        environment["GIT_CEILING_DIRECTORIES"] = folder.url.deletingLastPathComponent().path
        for (name, value) in [
            ("GIT_AUTHOR_NAME", "Writer"), ("GIT_AUTHOR_EMAIL", "writer@example.com"),
            ("GIT_COMMITTER_NAME", "Writer"), ("GIT_COMMITTER_EMAIL", "writer@example.com"),
        ] {
            environment[name] = value
        }
        return environment.merging(extra) { $1 }
    }

    /// The pipeline over `roots` in `folder`, with the shared cache.
    static func pipeline(
        _ folder: TemporaryFolder, roots: [String], templates: String? = nil,
        flows: @escaping @Sendable () -> FlowRegistry = { FlowCatalogue.registered },
        environment extra: [String: String] = [:]
    ) -> Pipeline {
        Pipeline(
            PipelineConfiguration(
                workingDirectory: folder.url, roots: roots, templates: templates, flows: flows, cache: cache,
                environment: environment(folder, extra: extra)))
    }

    /// Lints or checks `root` in `folder`.
    static func run(
        _ stage: Stage, _ folder: TemporaryFolder, roots: [String],
        flows: @escaping @Sendable () -> FlowRegistry = { FlowCatalogue.registered }
    ) -> WitnessOutcome {
        let pipeline = pipeline(folder, roots: roots, flows: flows)
        var outcome: WitnessOutcome
        if stage == .check {
            _ = explored
            outcome = WitnessOutcome(pipeline.check())
        } else {
            outcome = WitnessOutcome(pipeline.lint())
        }
        outcome.rerun = { run(stage, folder, roots: roots, flows: flows) }
        return outcome
    }

    /// The real flows explored into the shared cache once, before the first check: the
    /// checks that start together then wait for it rather than each exploring the same space.
    static let explored: Void = {
        for flow in FlowCatalogue.registered.flows { _ = cache.explorations.exploration(of: flow) }
    }()

    /// Files written into the folder, then linted or checked from `roots`.
    static func files(
        _ files: [String: [UInt8]], _ stage: Stage = .lint, roots: [String] = ["content"]
    ) -> Witness {
        Witness { folder in
            for (name, bytes) in files { try folder.write(name, bytes: bytes) }
            return run(stage, folder, roots: roots)
        }
    }

    /// One page, `page.md`, linted or checked.
    static func page(_ bytes: [UInt8], _ stage: Stage = .lint) -> Witness {
        files(["page.md": bytes], stage, roots: ["page.md"])
    }

    static func page(_ text: String, _ stage: Stage = .lint) -> Witness {
        page(Array(text.utf8), stage)
    }

    /// `validSpec` with one replacement, linted; the message must point at `line`.
    static func valid(replacing old: String, with new: String, at line: Int) -> Witness {
        page(validSpec(replacing: old, with: new)).at("page.md", line: line)
    }

    /// The frozen spec page (`BinaryRunner.fixtureSpec`) as `spec.md`, edited by `edit`, which
    /// returns the text and the line the message must point at (nil: no line).
    static func fixture(_ stage: Stage, _ edit: @escaping @Sendable (String) throws -> (String, Int?)) -> Witness {
        Witness { folder in
            let (text, line) = try edit(try String(contentsOf: BinaryRunner.fixtureSpec, encoding: .utf8))
            try folder.write("spec.md", text)
            var outcome = run(stage, folder, roots: ["spec.md"])
            if let line { outcome.expectedAt = ("spec.md", line) }
            return outcome
        }
    }

    /// The frozen spec page with the first `old` after `anchor` replaced by `new`; the message
    /// must point at the first line holding `target` (default: `new`) from the anchor on, or
    /// without one from the replacement on.
    static func fixture(
        _ stage: Stage, replacing old: String, with new: String, after anchor: String? = nil,
        pointingAt target: String? = nil
    ) -> Witness {
        fixture(stage) { text in
            let start = try anchor.map { try #require(text.range(of: $0), "no '\($0)'").lowerBound } ?? text.startIndex
            let range = try #require(text.range(of: old, range: start..<text.endIndex), "no '\(old)'")
            let edited = text.replacingCharacters(in: range, with: new)
            let from = text.utf8.distance(from: text.startIndex, to: anchor == nil ? range.lowerBound : start)
            return (edited, try line(of: target ?? new, in: edited, fromOffset: from))
        }
    }

    /// The frozen spec page without the text from `start` up to `end`; the message must point
    /// at the first line holding `target`.
    static func fixture(
        _ stage: Stage, removingFrom start: String, to end: String, pointingAt target: String? = nil
    ) -> Witness {
        fixture(stage) { text in
            let first = try #require(text.range(of: start), "no '\(start)'")
            let last = try #require(text.range(of: end, range: first.upperBound..<text.endIndex), "no '\(end)'")
            var edited = text
            edited.removeSubrange(first.lowerBound..<last.lowerBound)
            return (edited, try target.map { try line(of: $0, in: edited) })
        }
    }

    /// The 1-based number of the first line holding `target` at or after the UTF-8 offset `from`.
    static func line(of target: String, in text: String, fromOffset from: Int = 0) throws -> Int {
        let start = text.utf8.index(text.startIndex, offsetBy: from)
        let range = try #require(text.range(of: target, range: start..<text.endIndex), "no '\(target)' in the page")
        return text[..<range.lowerBound].filter { $0 == "\n" }.count + 1
    }

    /// The command line, run in this process in the witness's folder; it must end with `status`.
    static func command(_ arguments: [String], status: PasskeySpecCLI.ExitStatus) -> Witness {
        Witness { folder in WitnessOutcome(InProcess.run(arguments, in: folder.url), expected: status) }
    }
}

// MARK: - Reading and parsing the content

extension MessageWitnessTests {
    static let gherkinBody = "Scenario: works\n  Given a\n"
    static let tableRows = "| Trigger | `A` | `B` |\n| Title | T | T |\n| Message | M | M |\n"
    static let copyTable = "| | iOS | Android |\n| --- | --- | --- |\n\(tableRows)"

    /// The parser's and the content loader's messages, and the copy style's.
    static let parsing: [MessageID: Witness] = [
        // Files
        "empty-file": page("").at("page.md", line: 1),
        "invalid-utf8": page(Array("# T\n".utf8) + [0xFF, 0x41]).at("page.md", line: 2),
        "binary-file": page(Array("# T\n ab".utf8) + [0x00]).at("page.md", line: 2),
        // One byte over the limit the catalogue states (4 MiB): measured, never parsed.
        "file-too-large": page(Array(repeating: 0x61, count: 4 * 1024 * 1024 + 1)).at("page.md", line: 1),
        "unreadable-file": Witness { folder in
            // A link to nothing is listed as a page; reading it fails.
            try folder.write("content/index.md", "# Home\n<!-- page: home -->\n")
            try link("content/gone.md", to: "nowhere.md", in: folder)
            return run(.lint, folder, roots: ["content"])
        }.at("content/gone.md", line: 1),
        "symlink-outside-content": Witness { folder in
            try folder.write("content/index.md", "# Home\n<!-- page: home -->\n")
            try folder.write("private/draft.md", "# Draft\n<!-- page: draft -->\n")
            try link("content/draft.md", to: "../private/draft.md", in: folder)
            return run(.lint, folder, roots: ["content"])
        }.at("content/draft.md", line: 1),
        "symlink-to-folder": Witness { folder in
            try folder.write("content/notes/a.md", "# A\n<!-- page: a -->\n")
            try link("content/again", to: "notes", in: folder)
            return run(.lint, folder, roots: ["content"])
        }.at("content/again", line: 1),
        "symlink-loop": Witness { folder in
            try folder.write("content/index.md", "# Home\n<!-- page: home -->\n")
            try link("content/loop.md", to: "loop.md", in: folder)
            return run(.lint, folder, roots: ["content"])
        }.at("content/loop.md", line: 1),
        "no-markdown-files": files(["content/readme.txt": Array("text".utf8)]).at("content", line: 1),
        "not-a-spec-page": page("Just some text.\n").at("page.md", line: 1),
        "missing-title": page("Intro first.\n\n# Title\n<!-- spec: T1 platforms: ios -->\n").at("page.md", line: 1),
        "duplicate-title": valid(replacing: "### T1-AC01", with: "# Extra\n\n### T1-AC01", at: 23),
        "duplicate-spec-id": files([
            "content/one.md": Array(validSpec.utf8), "content/two.md": Array(validSpec.utf8),
        ]).at("content/two.md", line: 2),
        "duplicate-page-id": files([
            "content/p1.md": Array("# A\n<!-- page: same -->\n".utf8),
            "content/p2.md": Array("# B\n<!-- page: same -->\n".utf8),
        ]).at("content/p2.md", line: 2),

        // Page metadata
        "malformed-metadata": valid(
            replacing: "platforms: ios, android -->", with: "platforms: ios, android color: red -->", at: 2),
        // On the frozen page, which names its flow: once the fix is made, the page is read whole.
        "malformed-spec-id": fixture(.lint, replacing: "<!-- spec: N1.4 ", with: "<!-- spec: n1.4 "),
        "missing-platforms": valid(
            replacing: "<!-- spec: T1 platforms: ios, android -->", with: "<!-- spec: T1 -->", at: 2),
        "unknown-platform": valid(replacing: "ios, android -->", with: "ios, android, windows -->", at: 2),

        // Sections and scenarios
        "missing-section-id": valid(replacing: "<!-- section: scenarios kind: scenarios -->\n", with: "", at: 4),
        "unknown-section-kind": valid(replacing: "kind: scenarios", with: "kind: tables", at: 5),
        "malformed-id": valid(replacing: "<!-- scenario: one -->", with: "<!-- scenario: One_1 -->", at: 8),
        "duplicate-section-id": valid(
            replacing: "<!-- section: criteria ", with: "<!-- section: scenarios ", at: 17),
        "missing-scenario-id": valid(replacing: "<!-- scenario: one -->\n", with: "", at: 7),
        "duplicate-scenario-id": valid(
            replacing: "## Criteria", with: "### Two\n<!-- scenario: one -->\n\n\(copyTable)\n## Criteria", at: 17),
        "duplicate-scenario-title": valid(
            replacing: "## Criteria", with: "### One\n<!-- scenario: two -->\n\n\(copyTable)\n## Criteria", at: 16),
        "scenario-outside-section": valid(
            replacing: "### T1-AC01", with: "### Stray\n<!-- scenario: stray -->\n\n### T1-AC01", at: 23),

        // Copy tables
        "missing-copy-table": valid(replacing: copyTable, with: "Prose only.\n", at: 7),
        "extra-copy-table": valid(
            replacing: "| Message | M | M |\n",
            with: "| Message | M | M |\n\n| | iOS | Android |\n| --- | --- | --- |\n| Title | X | X |\n", at: 16),
        "table-split-by-blank-line": fixture(.lint) { text in
            // A blank line after the first table's Presentation row; reported at that line.
            let row = try #require(text.range(of: "| Presentation      | Alert | Dialog |\n"))
            return (
                text.replacingCharacters(in: row, with: text[row] + "\n"), try line(of: "| Presentation", in: text) + 1
            )
        },
        "missing-table-delimiter": fixture(.lint) { text in
            // The first table's delimiter row removed; reported at its header row.
            let delimiter = try #require(text.range(of: "| ----------------- | --- | ------- |\n"))
            return (
                text.replacingCharacters(in: delimiter, with: ""), try line(of: "| ----------------- |", in: text) - 1
            )
        },
        "missing-platform-column": valid(
            replacing: copyTable, with: "| | iOS |\n| --- | --- |\n| Trigger | `A` |\n| Title | T |\n| Message | M |\n",
            at: 10),
        "unknown-platform-column": valid(
            replacing: "| | iOS | Android |\n| --- | --- | --- |",
            with: "| | iOS | Android | Windows |\n| --- | --- | --- | --- |", at: 10),
        "duplicate-platform-column": valid(
            replacing: copyTable,
            with:
                "| | iOS | iOS | Android |\n| --- | --- | --- | --- |\n| Trigger | `A` | `A` | `B` |\n| Title | T | T | T |\n| Message | M | M | M |\n",
            at: 10),
        "unknown-copy-row": valid(replacing: "| Title | T | T |", with: "| Heading | T | T |", at: 13),
        "missing-copy-row": valid(replacing: "| Title | T | T |\n", with: "", at: 10),
        "duplicate-copy-row": valid(
            replacing: "| Title | T | T |\n", with: "| Title | T | T |\n| Title | U | U |\n", at: 14),
        "empty-copy-cell": valid(replacing: "| Title | T | T |", with: "| Title | T |  |", at: 13),
        "placeholder-copy": valid(replacing: "| Title | T | T |", with: "| Title | T | TBD |", at: 13),
        "placeholder-syntax": valid(
            replacing: "| Message | M | M |", with: "| Message (placeholders: %@) | Hi %@ | Hi %@ |", at: 14),
        "extra-copy-cell": valid(replacing: "| Title | T | T |", with: "| Title | T | T | T |", at: 13),
        "missing-action-id": valid(
            replacing: "| Message | M | M |", with: "| Message | M | M |\n| Action | R | R |", at: 15),
        "trigger-without-signal": valid(replacing: "| Trigger | `A` |", with: "| Trigger | A |", at: 12),

        // Copy style
        "copy-title-case": valid(replacing: "| Title | T | T |", with: "| Title | Unable to sign in | T |", at: 13),
        "copy-sentence-case": valid(
            replacing: "| Title | T | T |", with: "| Title | T | Sign In With Passkey |", at: 13),
        "copy-straight-quote": valid(replacing: "| Message | M | M |", with: "| Message | M | Can't |", at: 14),
        "copy-trailing-period": valid(
            replacing: "| Message | M | M |", with: "| Message | M | M |\n| Action `retry` | Try Again. | R |", at: 15),
        "copy-end-punctuation": valid(
            replacing: "| Title | T | T |", with: "| Title | This account can’t sign in | T |", at: 13),
        "copy-placeholder": valid(replacing: "| Message | M | M |", with: "| Message | Hi %@ | M |", at: 14),
        "copy-double-space": valid(replacing: "| Message | M | M |", with: "| Message | M | Try  again |", at: 14),
        "copy-unused-placeholder": valid(
            replacing: "| Message | M | M |", with: "| Message (placeholders: iOS %@) | M | M |", at: 14),
        "copy-button-length": valid(
            replacing: "| Message | M | M |",
            with: "| Message | M | M |\n| Action `retry` | R | Try signing in with another passkey now |", at: 15),

        // Acceptance criteria
        "missing-criteria-table": valid(
            replacing:
                "| ID | Level | Acceptance criterion | How to verify |\n| --- | --- | --- | --- |\n| T1-AC01 | Core | C | V |\n",
            with: "No table.\n", at: 16),
        "criteria-table-columns": valid(replacing: "| Acceptance criterion |", with: "| Criterion |", at: 19),
        "malformed-criterion-id": valid(replacing: "| T1-AC01 | Core", with: "| T1-AC1 | Core", at: 21),
        "foreign-criterion-id": valid(replacing: "| T1-AC01 | Core", with: "| X9-AC01 | Core", at: 21),
        "duplicate-criterion-id": valid(
            replacing: "| T1-AC01 | Core | C | V |\n", with: "| T1-AC01 | Core | C | V |\n| T1-AC01 | Core | D | W |\n",
            at: 22),
        "empty-criterion-cell": valid(
            replacing: "| T1-AC01 | Core | C | V |", with: "| T1-AC01 | Core |  | V |", at: 21),
        "malformed-benchmark-table": valid(
            replacing: "| ID | Level |",
            with: "| Benchmark as | User reach |\n| --- | --- |\n| Baseline | Mid |\n| Extra | Row |\n\n| ID | Level |",
            at: 19),

        // Checks
        "unclosed-check-block": valid(replacing: "  Given a\n```\n", with: "  Given a\n", at: 25),
        "empty-check-block": valid(replacing: gherkinBody, with: "# nothing here\n", at: 25),
        "check-outside-criterion": valid(replacing: "### T1-AC01", with: "### Checks", at: 25),
        "check-for-unknown-criterion": valid(replacing: "### T1-AC01", with: "### T1-AC09", at: 23),
        "step-without-keyword": valid(replacing: "  Given a\n", with: "  Given a\n  Click it\n", at: 28),
        "step-outside-scenario": valid(replacing: gherkinBody, with: "  Given z\n" + gherkinBody, at: 26),
        "scenario-without-steps": valid(replacing: gherkinBody, with: gherkinBody + "Scenario: empty\n", at: 28),
        "unnamed-check": valid(replacing: gherkinBody, with: gherkinBody + "Scenario:\n  Given b\n", at: 28),
        "duplicate-check-name": valid(
            replacing: gherkinBody, with: gherkinBody + "Scenario: works\n  Given b\n", at: 28),
        "conjunction-without-step": valid(replacing: "  Given a\n", with: "  And a\n", at: 27),

        // References
        "reference-without-link": valid(replacing: "[Doc](https://example.com)", with: "Doc", at: 33),
        "unsafe-reference-link": valid(replacing: "(https://example.com)", with: "(javascript:alert(1))", at: 33),
        "reference-without-criteria": valid(replacing: "- **T1-AC01:** [Doc]", with: "- [Doc]", at: 33),
        "reference-to-unknown-criterion": valid(replacing: "**T1-AC01:**", with: "**T1-AC01–AC02:**", at: 33),
        "backwards-criterion-range": valid(replacing: "**T1-AC01:**", with: "**T1-AC02–AC01:**", at: 33),
        "criterion-range-too-long": valid(replacing: "**T1-AC01:**", with: "**T1-AC01–AC101:**", at: 33),
    ]

    /// A symbolic link at `path` in `folder` to `target`.
    static func link(_ path: String, to target: String, in folder: TemporaryFolder) throws {
        let url = folder.url.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }
}

// MARK: - Flows, steps and the run

extension MessageWitnessTests {
    static let firstCancelIOS = "`ASAuthorizationError.Code.canceled` (1001) from a prompt the app opened"

    /// The PIN-entry flow of `TestOnlyFlow.swift` with other parts: a flow is a value, and
    /// what the real engine never does (two steps alike, a broken invariant, an exploration
    /// cut short) is shown with one. `tag` keeps its explorations apart from the real one's.
    static func pinEntry(
        tag: String, steps: [StepDefinition<PinSession>] = PinEntryFlow.steps,
        scenarios: [String] = PinEntryFlow.flow.scenarios,
        explore: @escaping @Sendable (Int?) -> FlowExploration = PinEntryFlow.explore,
        onSession: @escaping @Sendable () -> Void = {}
    ) -> FlowRegistry {
        let base = PinEntryFlow.flow
        let flow = Flow(
            id: base.id, title: base.title, summary: base.summary, platforms: base.platforms,
            steps: steps, scenarios: scenarios, decisions: base.decisions,
            signature: ["limit 3", "witness \(tag)"], explore: explore,
            makeContext: { platform in
                onSession()
                return PinSession(platform: platform)
            })
        return FlowRegistry(FlowCatalogue.registered.flows + [flow])
    }

    /// `pinEntryPage` checked (or linted) against `flows`, as `pin.md`.
    static func pin(
        _ stage: Stage, _ page: String = pinEntryPage, flows: FlowRegistry = pinEntry(tag: "plain"),
        pointingAt target: String? = nil
    ) -> Witness {
        Witness { folder in
            try folder.write("pin.md", page)
            var outcome = run(stage, folder, roots: ["pin.md"], flows: { flows })
            if let target {
                outcome.expectedAt = ("pin.md", try line(of: target, in: page))
            }
            return outcome
        }
    }

    /// The PIN page with an Android column holding the iOS cells, as `FlowTests` makes it.
    static let pinPageOnTwoPlatforms = pinEntryPage.replacingOccurrences(
        of: "platforms: ios -->", with: "platforms: ios, android -->"
    )
    .split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
        guard line.filter({ $0 == "|" }).count == 3 else { return String(line) }
        let cells = line.split(separator: "|", omittingEmptySubsequences: false)
        return line + (line.hasPrefix("| |") ? " Android " : String(cells[cells.count - 2])) + "|"
    }.joined(separator: "\n")

    /// The PIN page without the `locked-out` scenario, which its flow still reaches, nor the
    /// steps that name it.
    static let pinPageWithoutLockedOut: String = {
        var page = pinEntryPage
        let start = page.range(of: "### Locked out")!.lowerBound
        page.removeSubrange(start..<page.range(of: "## Acceptance criteria")!.lowerBound)
        return page.replacingOccurrences(
            of: "  Then the user sees the \"locked-out\" copy\n  When the user chooses \"support\"\n", with: "")
    }()

    /// The PIN flow's exploration with its invariant violated, or cut short.
    static func pinExploration(violated: Bool = false, complete: Bool = true) -> @Sendable (Int?) -> FlowExploration {
        { depth in
            var exploration = PinEntryFlow.explore(depthLimit: depth)
            exploration.summary.complete = complete
            if violated {
                exploration.invariants[0].violations = 1
                exploration.invariants[0].counterexample = ["enter \"1111\"", "violation: signed in"]
            }
            return exploration
        }
    }

    /// A scenario no engine reaches, with triggers that name no native result.
    static let unreachableScenario = """
        ### Passkey prompt times out
        <!-- scenario: prompt-timeout -->

        The prompt stays open too long.

        |         | iOS | Android |
        | ------- | --- | ------- |
        | Trigger | The prompt stays open too long | The prompt stays open too long |
        | Title   | Timed Out | Timed out |
        | Message | Try again. | Try again. |

        ## Acceptance criteria
        """

    /// The web page with a scenario of the flow that the web cannot reach (no automatic prompt
    /// there), named by a check so that `lint` passes: the run reports it.
    static let webPageWithAutomaticScenario = Witness { folder in
        let web = BinaryRunner.packageRoot.appendingPathComponent("content/web/login-error-states.md")
        let heading = "### No passkey to use"
        let text = try String(contentsOf: web, encoding: .utf8)
            .replacingOccurrences(
                of: "## Acceptance criteria",
                with: """
                    \(heading)
                    <!-- scenario: no-passkey-used -->

                    The request ends without a passkey.

                    |         | Web |
                    | ------- | --- |
                    | Trigger | The browser shows no passkey to choose |
                    | Title   | None |
                    | Message | None — no error is shown |

                    ## Acceptance criteria
                    """
            )
            .replacingOccurrences(
                of: "  Then the user sees the \"passkey-unavailable\" copy",
                with:
                    "  Then the user sees the \"passkey-unavailable\" copy\n  And the user sees the \"no-passkey-used\" copy"
            )
        try folder.write("web.md", text)
        var outcome = run(.check, folder, roots: ["web.md"])
        outcome.expectedAt = ("web.md", try line(of: heading, in: text))
        return outcome
    }

    /// The flows' messages, the steps' and the run's.
    static let running: [MessageID: Witness] = [
        "missing-flow": page(validSpec).at("page.md", line: 1),
        "unknown-flow": fixture(.lint, replacing: "flow: passkey-login", with: "flow: passkey-signin"),
        "platform-not-in-flow": pin(.lint, pinPageOnTwoPlatforms, pointingAt: "<!-- spec: P1"),

        // Trigger names
        "unknown-trigger-name": fixture(
            .lint, replacing: firstCancelIOS, with: "`ASAuthorizationError.Code.canceld` (1001) from a prompt"),
        "trigger-leads-elsewhere": fixture(
            .lint, replacing: firstCancelIOS, with: "`ASAuthorizationError.Code.failed` (1004) from a prompt"),
        "trigger-not-named": fixture(
            .lint, replacing: "`GetCredentialUnknownException`, ", with: "",
            after:
                "| Trigger           | `ASAuthorizationError.Code.unknown` (1000); or the server answers `verification-inconclusive` or `challenge-expired` to an assertion |",
            pointingAt:
                "| Trigger           | `ASAuthorizationError.Code.unknown` (1000); or the server answers `verification-inconclusive` or `challenge-expired` to an assertion |"
        ),
        "trigger-not-from-sign-in": fixture(
            .lint, replacing: "`ASAuthorizationError.Code.failed` (1004) |",
            with: "`ASAuthorizationError.Code.failed` (1004) or `ASAuthorizationError.Code.credentialImport` (1007) |",
            after: "<!-- scenario: passkey-unavailable -->"),
        "trigger-raw-value": fixture(
            .lint, replacing: firstCancelIOS, with: "`ASAuthorizationError.Code.canceled` (1000) from a prompt"),

        // Steps
        "undefined-step": fixture(
            .lint, replacing: "  Given the app does not start passkey login automatically\n",
            with: "  Given the app does not start passkey login automatically\n  And the moon is full\n",
            after: "Scenario: An active account receives a session", pointingAt: "  And the moon is full"),
        "ambiguous-step": pin(
            .lint,
            flows: pinEntry(
                tag: "two steps alike",
                steps: PinEntryFlow.steps + [
                    StepDefinition("the user enters {action}", "Alike.", PinEntryFlow.action, kind: .action) { _, _ in }
                ]), pointingAt: "  When the user enters \"9999\""),
        "invalid-step-parameter": fixture(
            .lint, replacing: "  And the account is \"active\"", with: "  And the account is \"frozen\""),
        "step-failed": fixture(
            .check, replacing: "  Then no session is created", with: "  Then a session is created",
            after: "Scenario: A locked account does not"),

        // Copy coverage, after a run
        "scenario-not-in-flow": fixture(
            .lint, replacing: "## Acceptance criteria", with: unreachableScenario,
            pointingAt: "<!-- scenario: prompt-timeout -->"),
        "unknown-action": fixture(
            .lint, replacing: "| Action `another-passkey` | Choose Another Passkey |",
            with: "| Action `another-paskey` | Choose Another Passkey |", pointingAt: "another-paskey`"),
        "trigger-name-in-plain-text": fixture(
            .lint, replacing: "(1000); or the server answers `verification-inconclusive` or `challenge-expired`",
            with: "(1000); or the server answers verification-inconclusive or `challenge-expired`"),
        "scenario-not-exercised": webPageWithAutomaticScenario,
        "unreachable-scenario": webPageWithAutomaticScenario,
        "scenario-missing-from-spec": pin(.check, pinPageWithoutLockedOut, pointingAt: "# PIN entry"),
        "action-without-copy": fixture(
            .check, replacing: "| Action `retry` | Try Passkey Again | Try passkey again |\n", with: "",
            after: "<!-- scenario: automatic-cancel-first -->", pointingAt: "| Title          | None | None |"),
        "unreachable-action": fixture(
            .check, replacing: "| Message      | None — no error is shown | None — no error is shown |\n",
            with:
                "| Message      | None — no error is shown | None — no error is shown |\n| Action `retry` | Try Again | None |\n",
            pointingAt: "| Action `retry` | Try Again | None |"),
        "notice-without-copy": fixture(
            .check, replacing: "| Title             | Unable to Check Sign-In Options | Can’t check sign-in options |",
            with: "| Title             | None | Can’t check sign-in options |"),
        "copy-without-notice": fixture(
            .check,
            replacing:
                "| Title          | None | None |\n| Message        | None — no error is shown | None — no error is shown |\n| Action `retry` |",
            with:
                "| Title          | None | Cancelled |\n| Message        | None — no error is shown | None — no error is shown |\n| Action `retry` |"
        ),
        "presentation-unknown": fixture(
            .check, replacing: "| Presentation      | Alert | Dialog |", with: "| Presentation      | Popup | Dialog |"),
        "announcement-missing": fixture(
            .check,
            replacing:
                "| Announcement   | None — the login screen stays as it was | None — the login screen stays as it was |\n",
            with: "", after: "<!-- scenario: automatic-cancel-first -->", pointingAt: "| Presentation"),
        "announcement-differs": fixture(
            .check,
            replacing: "| Announcement | None — the login screen stays as it was | None —",
            with: "| Announcement | A toast reads “Cancelled” | None —", pointingAt: "| Announcement | A toast"),
        "invariant-violated": pin(
            .check, flows: pinEntry(tag: "invariant violated", explore: pinExploration(violated: true)),
            pointingAt: "| P1-AC01 | Core"),
        "exploration-incomplete": pin(
            .check, flows: pinEntry(tag: "cut short", explore: pinExploration(complete: false)),
            pointingAt: "# PIN entry"),
        "criterion-without-checks": fixture(
            .lint, removingFrom: "### N1.4-AC02: explicit route", to: "### N1.4-AC03", pointingAt: "| N1.4-AC02 | Core"),
        "scenario-without-check": fixture(.lint) { text in
            (
                text.replacingOccurrences(
                    of: "Then the user sees the \"passkey-unavailable\" copy", with: "Then \"fallback\" is offered"),
                try line(of: "### Error: passkey login unavailable", in: text)
            )
        },
        "step-names-unknown-scenario": fixture(
            .lint, replacing: "Then the user sees the \"deleted-passkey\" copy",
            with: "Then the user sees the \"deleted-pasky\" copy"),
    ]
}

// MARK: - Building the site

extension MessageWitnessTests {
    /// Content of one prose page, which builds in a moment.
    static func prose(in folder: TemporaryFolder) throws {
        try folder.write("content/index.md", "# Guide\n<!-- page: home -->\n\nThe guide.\n")
    }

    /// A run report that `check --report` saved of the project's own content.
    static let committedReport = BinaryRunner.packageRoot.appendingPathComponent("site/exports/report.json").path

    /// The site's messages, and writing files.
    static let building: [MessageID: Witness] = [
        // Only a fault of the tool itself reaches it: encoding an export or a command's JSON,
        // which holds only strings, numbers and flags, and errors no command throws.
        "unexpected-failure": .unreachable(
            "it is reported only when encoding JSON fails or a command throws an error it does not expect, which no input causes"
        ),
        "path-not-found": Witness { folder in WitnessOutcome(pipeline(folder, roots: ["nowhere"]).lint()) },
        "write-failed": Witness { folder in
            try folder.write("taken", "a file where a folder should be")
            var outcome = WitnessOutcome(PipelineResult())
            if let failure = pipeline(folder, roots: []).write(Data("{}".utf8), to: "taken/report.json") {
                outcome.reports.append(ReportedMessage(id: failure.message.id))
            }
            return outcome
        },
        "template-error": Witness { folder in
            try prose(in: folder)
            // The home page is rendered from this template, which opens a section it never closes.
            try folder.write("mine/home.mustache", "{{<layout}}\n{{$content}}{{#specs}}{{/content}}{{/layout}}")
            return WitnessOutcome(pipeline(folder, roots: ["content"], templates: "mine").build(into: "site"))
        }.at("mine/home.mustache", line: 2),
        "output-not-a-kit": Witness { folder in
            try prose(in: folder)
            try folder.write("app/App.swift", "let app = 1")
            var outcome = WitnessOutcome(PipelineResult())
            if let failure = pipeline(folder, roots: ["content"]).writeKit(
                [KitFile(path: "Package.swift", text: "")], to: "app")
            {
                outcome.reports.append(ReportedMessage(id: failure.message.id))
            }
            return outcome
        },
        "output-not-a-site": Witness { folder in
            try prose(in: folder)
            try folder.write("mine/notes.txt", "keep me")
            return WitnessOutcome(pipeline(folder, roots: ["content"]).build(into: "mine"))
        },
        "site-not-written": Witness { folder in
            // The output's folder is a file: nothing can be made under it.
            try prose(in: folder)
            try folder.write("taken", "a file where a folder should be")
            return WitnessOutcome(pipeline(folder, roots: ["content"]).build(into: "taken/site"))
        },
        "output-removed": Witness { folder in
            // The output is removed while the second, incremental, build runs its checks.
            let armed = Locked(false)
            let site = folder.url.appendingPathComponent("site")
            let flows = pinEntry(
                tag: "output removed",
                onSession: {
                    if armed.withLock({ $0 }) { try? FileManager.default.removeItem(at: site) }
                })
            try folder.write("content/pin.md", pinEntryPage)
            let build = pipeline(folder, roots: ["content"], flows: { flows })
            let first = build.build(into: "site")
            try #require(
                first.output != nil, "the first build: \(first.diagnostics) \(String(describing: first.failure))")
            try folder.write(
                "content/pin.md", pinEntryPage.replacingOccurrences(of: "Wrong PIN |", with: "PIN Not Accepted |"))
            armed.withLock { $0 = true }
            return WitnessOutcome(build.build(into: "site"))
        },
        "build-stopped": Witness { folder in try buildStoppedBySignal(in: folder) },
        "report-from-other-content": Witness { folder in
            try prose(in: folder)
            return WitnessOutcome(
                pipeline(folder, roots: ["content"]).build(into: "site", savedReport: committedReport))
        },
        "unreadable-report": Witness { folder in
            try prose(in: folder)
            return WitnessOutcome(pipeline(folder, roots: ["content"]).build(into: "site", savedReport: "missing.json"))
        },
        "link-to-missing-page": files([
            "content/index.md": Array("# Guide\n<!-- page: home -->\n\nSee [the notes](notes.md).\n".utf8)
        ]).at("content/index.md", line: 4),
        "link-to-missing-anchor": files([
            "content/index.md": Array("# Guide\n<!-- page: home -->\n\nSee [below](#nowhere).\n".utf8)
        ]).at("content/index.md", line: 4),
        "link-from-server-root": files([
            "content/index.md": Array("# Guide\n<!-- page: home -->\n\nSee [the notes](/notes/a.md).\n".utf8),
            "content/notes/a.md": Array("# Notes\n<!-- page: notes -->\n\nText.\n".utf8),
        ]).at("content/index.md", line: 4),
        "reserved-page-path": files([
            "content/index.md": Array("# Home\n<!-- page: home -->\n\nWelcome.\n".utf8),
            "content/changes.md": Array("# Release notes\n<!-- page: release-notes -->\n\nText.\n".utf8),
        ]).at("content/changes.md", line: 1),
    ]

    /// A build of the binary stopped by SIGINT while it waits for the output's lock, which
    /// this test holds: the handler of a process of its own reports it. In this process the
    /// signal's clean-up (`WriteGate.close`) would stop every other build for good, so the
    /// binary runs it; its cache is off, so it starts at once.
    static func buildStoppedBySignal(in folder: TemporaryFolder) throws -> WitnessOutcome {
        try prose(in: folder)
        let lock = open(folder.url.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try #require(lock >= 0 && flock(lock, LOCK_EX) == 0, "cannot lock \(folder.url.path)")
        defer { close(lock) }
        let process = Process()
        process.executableURL = BinaryRunner.executable
        process.arguments = ["build", "content", "--out", "site"]
        process.currentDirectoryURL = folder.url
        process.environment = environment(folder, extra: ["PASSKEY_SPEC_CACHE": "off", "NO_COLOR": "1"])
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        // The build says that it waits for the lock once its signal handler is in place.
        let waiting = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            var seen = ""
            while !seen.contains("waiting for another build") {
                let data = out.fileHandleForReading.availableData
                if data.isEmpty { break }
                seen += String(decoding: data, as: UTF8.self)
            }
            waiting.signal()
        }
        if waiting.wait(timeout: .now() + 60) == .timedOut { process.terminate() }
        kill(process.processIdentifier, SIGINT)
        let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal, "it ends by the signal: \(stderr)")
        return WitnessOutcome(stderr: stderr)
    }
}

// MARK: - Comparing with an earlier version

/// A git repository in a witness's folder, run with the witness's environment.
struct WitnessRepository {
    let folder: TemporaryFolder

    init(_ folder: TemporaryFolder) throws {
        self.folder = folder
        try git("init", "-q")
    }

    /// Runs git in the folder; fails the witness if git does.
    func git(_ arguments: String...) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "commit.gpgsign=false", "-C", folder.url.path] + arguments
        process.environment = MessageWitnessTests.environment(folder)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "git \(arguments.joined(separator: " ")) failed")
    }

    /// Commits everything in the folder.
    func commitAll(_ message: String) throws {
        try git("add", "-A")
        try git("commit", "-q", "-m", message)
    }
}

extension MessageWitnessTests {
    /// What changed in `content` since `earlier`.
    static func changes(
        _ folder: TemporaryFolder, since earlier: Pipeline.Earlier, environment: [String: String] = [:]
    ) -> WitnessOutcome {
        WitnessOutcome(pipeline(folder, roots: ["content"], environment: environment).changes(since: earlier))
    }

    /// The messages of `diff` and of the Changes page's baseline.
    static let comparing: [MessageID: Witness] = [
        "not-a-git-repository": Witness { folder in
            try prose(in: folder)
            return changes(folder, since: .revision("HEAD"))
        },
        "unknown-revision": Witness { folder in
            try prose(in: folder)
            try WitnessRepository(folder).commitAll("The guide")
            return changes(folder, since: .revision("no-such-branch"))
        },
        "git-failed": Witness { folder in
            try prose(in: folder)
            try WitnessRepository(folder).commitAll("The guide")
            return changes(folder, since: .revision("HEAD"), environment: ["PATH": "/nonexistent"])
        },
        "unreadable-exports": Witness { folder in
            // A content folder is not a folder a build wrote.
            try prose(in: folder)
            return changes(folder, since: .site("content"))
        },
        "earlier-content-has-errors": Witness { folder in
            try prose(in: folder)
            let repository = try WitnessRepository(folder)
            try folder.write("content/broken.md", "# Broken\n<!-- spec: B1 -->\n")
            try repository.commitAll("A broken page")
            try repository.git("rm", "-q", "content/broken.md")
            return changes(folder, since: .revision("HEAD"))
        },
    ]
}

// MARK: - The command line

extension MessageWitnessTests {
    /// The messages about how the tool was called, each from a run of the command line.
    static let commandLine: [MessageID: Witness] = [
        "unknown-command": command(["lnt"], status: .usage),
        "unknown-option": command(["lint", "--stict"], status: .usage),
        "missing-option-value": command(["export", "--out"], status: .usage),
        "unsupported-format": command(["export", "--format", "yaml"], status: .usage),
        "kit-needs-folder": command(["export", "--format", "swift-kit"], status: .usage),
        "option-required": command(["lockstep"], status: .usage),
        "invalid-option-value": command(["explore", "--depth", "many"], status: .usage),
        "unexpected-argument": command(["explain", "a", "b"], status: .usage),
        "repeated-option": command(["errors", "--format", "json", "--format", "text"], status: .usage),
        "flag-with-value": command(["copy", "--list=yes"], status: .usage),
        "conflicting-options": command(["diff", "--since", "HEAD", "--against", "site"], status: .usage),
        "missing-scenario-argument": command(["copy"], status: .usage),
        "unknown-scenario": command(["copy", "explicit-cancle", BinaryRunner.fixtureSpec.path], status: .failure),
        "no-copy-for-platform": command(
            ["copy", "deleted-passkey", "--platform", "web", BinaryRunner.fixtureSpec.path], status: .failure),
        "unknown-native-error": command(["errors", "cancelled"], status: .failure),
        "unknown-message-id": command(["explain", "empty-cell"], status: .failure),
        "port-unavailable": Witness { folder in
            // A port this test holds: `preview` listens before anything else, so it stops there.
            let occupier = try #require(
                PreviewCommand.listen(on: "127.0.0.1", port: 0, console: CapturedConsole().console))
            defer { occupier.stop() }
            try prose(in: folder)
            let run = InProcess.run(["preview", "content", "--port", String(occupier.port)], in: folder.url)
            return WitnessOutcome(run, expected: .failure)
        },
    ]
}
