import Foundation
import PasskeyLoginEngine
import SpecModel
import Testing

@testable import PasskeyLoginFlow
@testable import SpecRunner

/// Inputs found with the fuzz target `gherkin` (kept in `Fuzz/corpus/gherkin`), with the
/// behaviour they must have.
@Suite struct SpecRunnerFuzzRegressionTests {
    func steps(_ lines: [String]) -> [Step] {
        lines.enumerated().map { index, line in
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            return Step(
                keyword: StepKeyword(rawValue: parts[0])!, text: parts[1],
                location: SourceLocation(file: "fuzz.md", line: 2 + index, column: 3))
        }
    }

    /// `Fuzz/corpus/gherkin/crash-same-passkey-twice.feature`: the same passkey named twice was
    /// put on the device twice, and the step comparing the three enumeration worlds crashed
    /// building the server's records from the device's list.
    @Test func theSamePasskeyNamedTwiceIsOnTheDeviceOnce() throws {
        let check = Check(
            id: "one/s", scenario: "one", name: "s",
            steps: steps([
                "Given the device has passkey \"a\"", "And the device has passkey \"a\"",
                "When the login screen appears",
                "Then an unknown identifier and every kind of account look the same",
            ]), location: SourceLocation(file: "fuzz.md", line: 1, column: 1))
        let (run, _, problems, _) = fastRunner.run(check, flow: fastFlow, platforms: [.ios, .android])
        #expect(run.platforms.map(\.platform) == [.ios, .android])
        #expect(run.platforms.allSatisfy { $0.steps.count == 4 && $0.steps[3].status != .skipped })
        #expect(problems.allSatisfy { $0.id != "undefined-step" })
    }

    @Test func aPasskeyNamedAgainKeepsOnePlaceAndTheLastServerRecord() {
        var world = WorldScript(account: nil)
        let phone = CredentialID(named: "phone")
        world.placeOnDevice(phone, server: .active)
        world.placeOnDevice(phone, server: .revoked)
        #expect(world.deviceCredentials == [phone])
        #expect(world.serverCredentials == [phone: .revoked])
    }

    /// An undefined step a few hundred kilobytes long: the suggestion compared the whole line
    /// with every pattern (minutes for a megabyte); it now compares the line's start, so what
    /// follows the start changes nothing.
    @Test func aVeryLongUndefinedStepIsSuggestedFromItsStart() {
        let registry = PasskeyLoginFlow.flow.steps
        let long = "the user cancels the OS prompt" + String(repeating: " again", count: 50_000)
        let step = Step(keyword: .when, text: long, location: SourceLocation(file: "fuzz.md", line: 3, column: 3))
        guard case .unbound(let diagnostic) = registry.bind(step) else {
            Issue.record("bound")
            return
        }
        #expect(diagnostic.id == "undefined-step")
        #expect(diagnostic.location == step.location)
        let suggested = registry.closestPattern(to: long)?.pattern
        #expect(suggested != nil)
        #expect(suggested == registry.closestPattern(to: String(long.prefix(1_000)))?.pattern)
    }
}
