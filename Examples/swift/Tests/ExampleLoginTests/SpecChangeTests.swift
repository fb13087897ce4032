import Foundation
import PasskeyLoginKit
import Pipeline
import Testing

/// A copy change in the spec reaches the app's tests: the regenerated kit differs, and the
/// example fails the checks that show the changed copy until its strings follow.
@Suite struct SpecChangeTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The script of the native spec page in the kit.
    static let script = "Sources/PasskeyLoginKit/scripts/N1.4.ios.json"

    /// The Swift kit of the content with `edit` applied to the native spec page, from a copy
    /// of the content in a folder of its own.
    static func kit(_ edit: (String) -> String) throws -> [String: String] {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("spec-change-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(at: root.appendingPathComponent("content"), to: folder)
        let page = folder.appendingPathComponent("native/login-error-states.md")
        try edit(try String(contentsOf: page, encoding: .utf8)).write(to: page, atomically: true, encoding: .utf8)
        let pipeline = Pipeline(PipelineConfiguration(workingDirectory: folder, roots: ["."]))
        let (result, files) = pipeline.exportKit(.swiftKit)
        #expect(!result.hasErrors, "\(result.diagnostics)")
        return Dictionary(
            uniqueKeysWithValues: (files ?? []).map { ($0.path, String(decoding: $0.contents, as: UTF8.self)) })
    }

    @Test func aTitleChangedInTheSpecFailsTheExampleUntilItsStringsFollow() async throws {
        let before = try Self.kit { $0 }
        let after = try Self.kit {
            $0.replacingOccurrences(
                of: "| Title             | Passkey Sign-In Failed |",
                with: "| Title             | Passkey Sign-In Didn’t Work |")
        }
        #expect(before[Self.script] != after[Self.script])
        #expect(before["AppTests/N1_4ConformanceTests.swift"] != after["AppTests/N1_4ConformanceTests.swift"])

        let changed = try KitScript.decoded(try #require(after[Self.script]))
        let unchanged = try KitScript.decoded(try #require(before[Self.script]))
        #expect(changed.spec.fingerprint != unchanged.spec.fingerprint)
        #expect(await Conformance.failures(in: unchanged, harness: AppHarness.self).isEmpty)
        let failures = await Conformance.failures(in: changed, harness: AppHarness.self)
        #expect(
            Set(failures.keys) == [
                "passkey-failed/a-failed-automatic-prompt-offers-retry-and-the-fallback",
                "N1.4-AC04/an-inconclusive-answer-sends-no-signal",
                "N1.4-AC01/an-expired-challenge-after-the-automatic-prompt-waits-for-the-user-s-retry",
            ])
        #expect(
            failures.values.allSatisfy {
                $0.differences.contains(
                    "the \"passkey-failed\" notice's title: expected \"Passkey Sign-In Didn’t Work\"; the app shows \"Passkey Sign-In Failed\" (character 17: the spec has \"D\" U+0044, the app \"F\" U+0046)"
                )
            })
    }
}
