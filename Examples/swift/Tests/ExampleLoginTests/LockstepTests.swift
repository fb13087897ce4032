import ExampleLogin
import Foundation
import PasskeyLoginKit
import Pipeline
import ReportModel
import SpecModel
import Testing

/// The file the suite's exploration is written to, removed when the process ends.
nonisolated(unsafe) private var explorationFile: String?

/// The example replayed on every sequence of inputs the reference engine takes, up to six
/// inputs, under every configuration of the engine's explorer and each of its worlds with one
/// kind of server trouble: the exploration `passkey-spec lockstep --platform ios --depth 6`
/// writes, read by the kit as an app's tests read it. Each of the example's mistakes shows
/// within three inputs; the default depth, 8, replays twice the sequences, and the app's work
/// is let settle after every input, as in the checks.
@Suite struct LockstepTests {
    static let content = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("content")

    /// The exploration of the content's iOS spec, written once into a file of its own.
    static let exploration: Result<URL, any Error> = Result {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "lockstep-ios-\(UUID().uuidString).jsonl")
        let pipeline = Pipeline(PipelineConfiguration(workingDirectory: content, roots: ["."]))
        guard case (_, .spec(let spec)) = pipeline.lockstepSource(specID: "N1.4", platform: .ios) else {
            throw CocoaError(.fileReadCorruptFile)
        }
        var bytes = Data()
        pipeline.lockstep(spec, on: .ios, options: KitLockstepOptions(depth: 6)) { bytes.append(contentsOf: $0.utf8) }
        try bytes.write(to: file)
        // Shared by the suite's tests, which run side by side; removed when the tests end.
        explorationFile = file.path
        atexit { explorationFile.map { _ = unlink($0) } }
        return file
    }

    @Test func theExampleMatchesTheEngineOnEverySequence() async throws {
        let report = try await Lockstep(contentsOf: try Self.exploration.get()).run(AppHarness.self)
        #expect(report.divergence == nil, "\(report.divergence.map(\.description) ?? "")")
        let counts: [Int] = [report.runs, report.runsSkipped, report.sequences, report.inputs]
        #expect(counts == [7776, 0, 1_841_051, 9_078_652])
    }

    enum AutoFillAlert: MutationChoice {
        static var mutations: Set<LoginViewModel.Mutation> { [.alertForAutoFillFailure] }
    }

    /// An alert for a failed AutoFill request: no written check ends one with an error, so
    /// every check passes; lockstep exploration finds the shortest sequence that shows it.
    @Test func findsAMistakeNoWrittenCheckCatches() async throws {
        let script = try Scripts.n1_4()
        #expect(await Conformance.failures(in: script, harness: ExampleHarness<AutoFillAlert>.self).isEmpty)
        let report = try await Lockstep(contentsOf: try Self.exploration.get()).run(ExampleHarness<AutoFillAlert>.self)
        let divergence = try #require(report.divergence)
        #expect(divergence.inputs.count == 2, "\(divergence)")
        #expect(divergence.inputs.first == "screen-appeared")
        #expect(divergence.inputs.last?.hasPrefix("suggestion-result: ASAuthorizationError.Code.") == true)
        #expect(divergence.differences.contains { $0.hasPrefix("notice: expected none") }, "\(divergence)")
        print(divergence)
    }

    /// The mutation `OneMutation` switches on, for the test in progress.
    enum OneMutation: MutationChoice {
        @TaskLocal static var chosen: LoginViewModel.Mutation?
        static var mutations: Set<LoginViewModel.Mutation> { chosen.map { [$0] } ?? [] }
    }

    /// Every mistake of the example is found, each with the shortest sequence that shows it:
    /// how many inputs it has and the first difference's field.
    @Test func findsEveryMutationWithItsShortestSequence() async throws {
        let expected: [LoginViewModel.Mutation: Found] = [
            .reopenAfterFirstCancel: Found(2, "actions offered"),
            .errorAfterExplicitCancel: Found(3, "notice"),
            .timeoutMeansNoAccount: Found(1, "screen"),
            .unknownSignalForRevokedPasskey: Found(2, "signals sent"),
            .sessionForRestrictedAccount: Found(2, "screen"),
            .ownTitleForPasskeyFailure: Found(2, "the \"passkey-failed\" notice's title"),
            .alertForAutoFillFailure: Found(2, "notice"),
            .reuseChallengeOnRetry: Found(3, "after 'choose \"retry\"'"),
            .keepAutoFillPastExpiry: Found(2, "after 'suggestions-challenge-expiring'"),
            .unknownSignalOnRevocation: Found(3, "signals sent"),
            .deadPasskeyButton: Found(2, "actions offered"),
            .sheetOverAutoFill: Found(2, "after 'passkey-button-tapped'"),
        ]
        var found: [LoginViewModel.Mutation: Found] = [:]
        for mutation in LoginViewModel.Mutation.allCases {
            let report = try await OneMutation.$chosen.withValue(mutation) {
                try await Lockstep(contentsOf: try Self.exploration.get()).run(ExampleHarness<OneMutation>.self)
            }
            guard let divergence = report.divergence else {
                Issue.record("lockstep does not find \(mutation)")
                continue
            }
            let field = divergence.differences.first.map { String($0.prefix { $0 != ":" }) } ?? ""
            found[mutation] = Found(divergence.inputs.count, field)
        }
        #expect(found == expected)
    }

    struct Found: Equatable, CustomStringConvertible {
        var inputs: Int
        var field: String
        init(_ inputs: Int, _ field: String) {
            self.inputs = inputs
            self.field = field
        }
        var description: String { "\(inputs) inputs, first \(field)" }
    }

    /// `lines` as a stream of their own.
    static func stream(_ lines: [String]) throws -> Lockstep {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("lockstep-\(UUID().uuidString)")
        try Data(lines.map { $0 + "\n" }.joined().utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        return Lockstep(reading: try FileHandle(forReadingFrom: file))
    }

    static func head(_ count: Int) throws -> [String] {
        let text = try String(contentsOf: try exploration.get(), encoding: .utf8)
        return Array(text.split(separator: "\n", maxSplits: count).prefix(count).map(String.init))
    }

    @Test func aStreamCutShortIsAnErrorNeverAPass() async throws {
        let lines = try Self.head(9000)
        #expect(lines.last?.hasPrefix("[") == true)
        let error = try await #require(throws: Lockstep.StreamError.self) {
            try await Self.stream(lines).run(AppHarness.self)
        }
        #expect(error.line == 9001)
        #expect(error.reason == "it ends before its last line: the exploration was cut short")
    }

    @Test func aStreamOfAnotherFormatIsRefusedAtItsFirstLine() async throws {
        var lines = try Self.head(3)
        lines[0] = lines[0].replacingOccurrences(of: "\"format\":1", with: "\"format\":2")
        let error = try await #require(throws: Lockstep.StreamError.self) {
            try await Self.stream(lines).run(AppHarness.self)
        }
        #expect(error.line == 1)
        #expect(error.reason == "format 2; this kit reads format 1: export the kit again")
    }

    @Test func anExplorationOfAnotherPlatformIsRefused() async throws {
        var lines = try Self.head(3)
        lines[0] = lines[0].replacingOccurrences(of: "\"platform\":\"ios\"", with: "\"platform\":\"android\"")
        let error = try await #require(throws: Lockstep.StreamError.self) {
            try await Self.stream(lines).run(AppHarness.self)
        }
        #expect(error.line == 1)
        #expect(error.reason == "an exploration of android; the Swift kit replays iOS's: write it with --platform ios")
    }

    @Test func aSequenceMayNameOnlyWhatCameBefore() async throws {
        var lines = try Self.head(9000).filter { !$0.hasPrefix("[") }
        lines.append("[0,5,0,0]")
        let error = try await #require(throws: Lockstep.StreamError.self) {
            try await Self.stream(lines).run(AppHarness.self)
        }
        #expect(error.line == lines.count)
        #expect(error.reason == "a sequence that names what the stream has not defined")
    }
}
