import Foundation
import PasskeyLoginKit
import Testing

/// The sample sign-in replayed on the lockstep exploration read straight from the tool's
/// output, as an adopter's tests may read it: only the runs of the one configuration the app
/// declares are replayed, each input waits for the tasks the app starts, and the first
/// divergence is a shortest one.
@MainActor
@Suite("SampleSignIn in lockstep with the engine")
struct SampleSignInLockstepTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The tool `make test` names in PASSKEY_SPEC, else the tests' own build of it.
    static var tool: URL {
        ProcessInfo.processInfo.environment["PASSKEY_SPEC"].map(URL.init(fileURLWithPath:))
            ?? root.appendingPathComponent(".build/test/release/passkey-spec")
    }

    @Test("the first divergence, read from passkey-spec lockstep's output")
    func firstDivergence() async throws {
        #expect(FileManager.default.isExecutableFile(atPath: Self.tool.path), "no passkey-spec at \(Self.tool.path)")
        let process = Process()
        process.executableURL = Self.tool
        process.arguments = [
            "lockstep", "--platform", "ios", "--depth", "3", Self.root.appendingPathComponent("content").path,
        ]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        // The report is made: the tool may stop writing (Foundation reaps it when it ends).
        defer { process.terminate() }
        let report = try await Lockstep(reading: output.fileHandleForReading).run(AppHarness.self)
        let divergence = try #require(report.divergence)
        // One configuration of the explorer's nine: discoverable first, the prompt at once,
        // concealing, a password fallback.
        #expect(report.runs + report.runsSkipped == 7776)
        #expect(report.runs == 864)
        // The sample's screen always shows its password sign-in; the engine offers nothing until
        // the screen has appeared. The checks never look between a relaunch and the screen.
        #expect(divergence.inputs == ["app-relaunched"])
        #expect(divergence.differences == ["actions offered: expected none; the app shows fallback"])
        #expect(
            divergence.run
                == "entry discoverable, automatic start prompt, enumeration policy conceal; no account, device passkeys: passkey-1 (unknown to the server)"
        )
    }
}
