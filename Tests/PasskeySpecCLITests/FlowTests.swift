import Foundation
import Pipeline
import SpecModel
import SpecRunner
import TestSupport
import Testing
import Utilities

@testable import PasskeySpecCLI

/// Flows are values: a flow defined only in the tests drives a page through `lint`, `check`
/// and `build`, beside the real one, through the same commands.
@Suite struct FlowTests {
    let flows = FlowRegistry(FlowCatalogue.registered.flows + [PinEntryFlow.flow])

    struct Captured {
        var status: PasskeySpecCLI.ExitStatus
        var out: String
        var err: String
    }

    final class Buffer: @unchecked Sendable {
        var text = ""
        let lock = NSLock()
        func append(_ more: String) {
            lock.lock()
            text += more
            lock.unlock()
        }
    }

    func run(_ arguments: [String], flows: FlowRegistry? = nil) -> Captured {
        let out = Buffer()
        let err = Buffer()
        let console = Console(out: out.append, err: err.append, environment: [:], errorIsTerminal: false)
        let status = CommandLineTool.run(arguments, console: console, flows: flows ?? self.flows)
        return Captured(status: status, out: out.text, err: err.text)
    }

    @Test func aTestOnlyFlowPassesLintCheckAndBuild() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("content/pin/entry.md", pinEntryPage)
        let lint = run(["lint", page])
        #expect(lint.status == .success, "\(lint.err)")
        let check = run(["check", page])
        #expect(check.status == .success, "\(check.err)")
        #expect(check.out.contains("P1-AC01     pass"), "\(check.out)")
        #expect(check.out.contains("checks: 2 of 2 passed"))
        #expect(check.out.contains("pin-entry: 4 states, 6 transitions explored in 1 runs, whole space covered"))

        let site = folder.url.appendingPathComponent("site").path
        let build = run([
            "build", page, "--out", site, "--templates",
            ArchitectureTests.root.appendingPathComponent("templates").path,
        ])
        #expect(build.status == .success, "\(build.err)")
        let html = try String(contentsOfFile: "\(site)/entry.html", encoding: .utf8)
        #expect(html.contains("Account Locked"))
        #expect(html.contains("4 states and 6 transitions in 1 runs (1 platform × 1 configuration × 1 world script)"))
        let steps = try String(contentsOfFile: "\(site)/steps.html", encoding: .utf8)
        #expect(steps.contains("the user enters &quot;&lt;pin&gt;&quot;"))
        #expect(!steps.contains("the user cancels the OS prompt"), "only the flows the content names are run")
        let decisions = try String(contentsOfFile: "\(site)/decisions.html", encoding: .utf8)
        #expect(decisions.contains("Does a right PIN reset the count of wrong ones?"))
    }

    @Test func aFailingStepOfTheTestFlowFailsTheCheckAtItsLine() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write(
            "pin.md",
            pinEntryPage.replacingOccurrences(of: "And the wrong count is 0", with: "And the wrong count is 5"))
        let check = run(["check", page])
        #expect(check.status == .failure)
        let line =
            pinEntryPage.split(separator: "\n", omittingEmptySubsequences: false)
            .firstIndex { $0.contains("And the wrong count is 0") }! + 1
        #expect(
            check.err.contains("pin.md:\(line):3: error: step failed on iOS: expected the wrong count is 5"),
            "\(check.err)")
    }

    @Test func withoutTheFlowRegisteredThePageNamesAnUnknownFlow() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("pin.md", pinEntryPage)
        let lint = run(["lint", page], flows: FlowCatalogue.registered)
        #expect(lint.status == .failure)
        #expect(
            lint.err.contains(
                "pin.md:2:21: error: unknown flow 'pin-entry'; known flows are 'passkey-login' [unknown-flow]"),
            "\(lint.err)")
    }

    @Test func aPageWithoutAFlowIsToldWhichToName() throws {
        let folder = try TemporaryFolder()
        let page = try folder.write("pin.md", pinEntryPage.replacingOccurrences(of: " flow: pin-entry", with: ""))
        let lint = run(["lint", page])
        #expect(lint.status == .failure)
        #expect(
            lint.err.contains(
                "pin.md:1:1: error: spec metadata names no flow; add 'flow: ID' with one of 'passkey-login', 'pin-entry' [missing-flow]"
            ),
            "\(lint.err)")
    }

    @Test func aPlatformTheFlowDoesNotRunOnIsAnError() throws {
        let folder = try TemporaryFolder()
        // Each copy table gains an Android column holding the iOS cell.
        let twoPlatforms = pinEntryPage.replacingOccurrences(
            of: "platforms: ios -->", with: "platforms: ios, android -->"
        )
        .split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.filter({ $0 == "|" }).count == 3 else { return String(line) }
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
            let last = line.hasPrefix("| |") ? " Android " : String(cells[cells.count - 2])
            return line + last + "|"
        }.joined(separator: "\n")
        let page = try folder.write("pin.md", twoPlatforms)
        let lint = run(["lint", page])
        #expect(
            lint.err.contains(
                "error: flow 'pin-entry' does not run on 'android'; it runs on 'ios' [platform-not-in-flow]"),
            "\(lint.err)")
        #expect(lint.status == .failure)
    }

    @Test func stepsListsEveryRegisteredFlow() {
        let steps = run(["steps"])
        #expect(steps.status == .success)
        #expect(steps.out.contains("Flow passkey-login: Passkey login"))
        #expect(steps.out.contains("Flow pin-entry: PIN entry"))
        #expect(steps.out.contains("  the user enters \"<pin>\""))
    }
}
