import Foundation
import Pipeline
import ReportModel
import SpecModel
import SpecRunner
import TestSupport
import Testing
import Utilities

@testable import LanguageServer

/// A flow whose one step waits at a gate the test opens: a check of it runs as long as the test
/// wants, so that what the server does meanwhile can be seen.
final class Gate: @unchecked Sendable {
    private let entered = DispatchSemaphore(value: 0)
    private let opened = DispatchSemaphore(value: 0)

    /// The step: says it is waiting, then waits for the gate.
    func pass() {
        entered.signal()
        opened.wait()
    }

    /// Blocks until a check waits at the gate; false when none came within the guard.
    func awaitArrival() -> Bool { entered.wait(timeout: .now() + 30) == .success }

    func open() { opened.signal() }

    struct Session: CheckSession {
        var stepNative: [String] { [] }
        var scenariosReached: [String] { ["waiting"] }
        var screens: Set<ScreenPresentation> {
            [ScreenPresentation(platform: .ios, scenario: "waiting", actions: [], showsNotice: false)]
        }
        mutating func beginStep(isAction: Bool) {}
    }

    var flow: Flow {
        Flow(
            id: "gated", title: "Gated", summary: "A check that waits for the test.", platforms: [.ios],
            steps: [
                StepDefinition<Session>("the check waits", "Waits at the test's gate.") { _ in self.pass() },
                StepDefinition<Session>(
                    "the user sees the {scenario} copy", "The scenario shown.",
                    StepParameter<String>.scenario("scenario", known: ["waiting"])
                ) { _, _ in },
            ],
            scenarios: ["waiting"],
            explore: { _ in
                FlowExploration(
                    summary: ExplorationSummary(
                        runs: 1, platforms: 1, configurations: 1, platformConfigurations: 1, worlds: 1, states: 1,
                        transitions: 0, depthLimit: 1, deepestLevel: 0, complete: true, nativeResults: 0),
                    invariants: [],
                    screens: [ScreenPresentation(platform: .ios, scenario: "waiting", actions: [], showsNotice: false)])
            },
            makeContext: { _ in Session() })
    }

    static let page = """
        # Gated
        <!-- spec: G1 flow: gated platforms: ios -->

        ## Scenarios
        <!-- section: scenarios kind: scenarios -->

        ### Waiting
        <!-- scenario: waiting -->

        The check waits.

        | | iOS |
        | --- | --- |
        | Trigger | `ASAuthorizationError.Code.canceled` (1001) |
        | Title | None |
        | Message | None |

        ```gherkin
        Scenario: It waits
          Then the check waits
          And the user sees the "waiting" copy
        ```

        ## Acceptance criteria
        <!-- section: criteria kind: criteria -->

        | ID | Level | Acceptance criterion | How to verify |
        | --- | --- | --- | --- |
        | G1-AC01 | Core | It waits. | Wait. |

        ### G1-AC01

        ```gherkin
        Scenario: It waits for the criterion
          Then the check waits
        ```

        """
}

/// The server with its lint and check on a queue of their own, beside the messages.
@Suite(.serialized) struct ConcurrentServerTests {
    final class Wire: @unchecked Sendable {
        private let lock = NSLock()
        private var messages: [JSONValue] = []
        private let cancelled = Locked(Set<RequestID>())

        func record(_ body: Data) {
            guard let message = JSONValue.parse(body) else { return }
            lock.withLock { messages.append(message) }
        }

        /// Every message sent, in order.
        var recorded: [JSONValue] { lock.withLock { messages } }

        func reply(to id: Int) -> JSONValue? {
            lock.withLock { messages.last { $0["id"] == .number(Double(id)) } }
        }

        func cancel(_ id: Int) { cancelled.withLock { _ = $0.insert(.number(id)) } }
        func isCancelled(_ id: RequestID) -> Bool { cancelled.withLock { $0.contains(id) } }
    }

    /// A server over a folder holding the gated page, open in the editor.
    func server(_ folder: TemporaryFolder, gate: Gate, wire: Wire) throws -> (LanguageServer, String) {
        let path = try folder.write("content/gated.md", Gate.page)
        let flow = gate.flow
        let server = LanguageServer(
            flows: { FlowRegistry([flow]) },
            environment: ["PASSKEY_SPEC_CACHE": folder.url.appendingPathComponent("cache").path], work: .background,
            isCancelled: { wire.isCancelled($0) }, send: { wire.record($0) })
        func send(_ message: JSONValue) { server.handle(message.data) }
        send([
            "jsonrpc": "2.0", "id": 1, "method": "initialize",
            "params": ["rootUri": .string(folder.url.absoluteString)],
        ])
        let uri = URL(fileURLWithPath: path).absoluteString
        send([
            "jsonrpc": "2.0", "method": "textDocument/didOpen",
            "params": [
                "textDocument": [
                    "uri": .string(uri), "languageId": "markdown", "version": 1, "text": .string(Gate.page),
                ]
            ],
        ])
        return (server, uri)
    }

    /// Sends request `id` of `method` with `params`.
    func ask(_ server: LanguageServer, _ id: Int, _ method: String, _ params: JSONValue) {
        server.handle(
            JSONValue.object(["jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method), "params": params])
                .data)
    }

    /// Asks for the engine's verdict on the document at `uri`: request `id`.
    func askForDiagnostics(_ server: LanguageServer, _ id: Int, of uri: String) {
        ask(server, id, "textDocument/diagnostic", ["textDocument": ["uri": .string(uri)]])
    }

    @Test func aHoverIsAnsweredWhileACheckOfTheContentRuns() throws {
        let folder = try TemporaryFolder()
        let gate = Gate()
        let wire = Wire()
        let (server, uri) = try server(folder, gate: gate, wire: wire)
        askForDiagnostics(server, 5, of: uri)
        #expect(gate.awaitArrival(), "the check did not start")
        // The check waits at the gate; a hover on the criterion is answered meanwhile.
        let line = try #require(Gate.page.components(separatedBy: "\n").firstIndex(of: "### G1-AC01"))
        ask(
            server, 6, "textDocument/hover",
            ["textDocument": ["uri": .string(uri)], "position": ["line": .number(Double(line)), "character": 4]])
        let hover = try #require(wire.reply(to: 6), "no answer to the hover while the check ran")
        #expect(hover["result"]["contents"]["value"].string?.contains("G1-AC01") == true, "\(hover)")
        #expect(wire.reply(to: 5) == nil, "the check's answer came before the check was done")
        gate.open()
        gate.open()
        server.waitForWork()
        let report = try #require(wire.reply(to: 5))
        #expect(report["result"]["kind"] == "full")
        #expect(report["result"]["items"] == [], "\(report)")
    }

    @Test func aRequestCancelledWhileItsCheckRunsIsAnsweredAsCancelled() throws {
        let folder = try TemporaryFolder()
        let gate = Gate()
        let wire = Wire()
        let (server, uri) = try server(folder, gate: gate, wire: wire)
        askForDiagnostics(server, 7, of: uri)
        #expect(gate.awaitArrival(), "the check did not start")
        wire.cancel(7)
        gate.open()
        server.waitForWork()
        let reply = try #require(wire.reply(to: 7))
        #expect(reply["error"]["code"] == -32800, "\(reply)")
        #expect(reply["result"].isNull)
    }

    @Test func aCleanPageThatIsOpenedIsToldItIsClean() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("content/index.md", "# Home\n<!-- page: home -->\n\nHello.\n")
        let wire = Wire()
        let server = LanguageServer(
            environment: ["PASSKEY_SPEC_CACHE": folder.url.appendingPathComponent("cache").path], work: .background,
            send: { wire.record($0) })
        server.handle(
            JSONValue.object([
                "jsonrpc": "2.0", "id": 1, "method": "initialize",
                "params": ["rootUri": .string(folder.url.absoluteString)],
            ]).data)
        let uri = URL(fileURLWithPath: path).absoluteString
        server.handle(
            JSONValue.object([
                "jsonrpc": "2.0", "method": "textDocument/didOpen",
                "params": [
                    "textDocument": [
                        "uri": .string(uri), "languageId": "markdown", "version": 1,
                        "text": "# Home\n<!-- page: home -->\n\nHello.\n",
                    ]
                ],
            ]).data)
        server.waitForWork()
        let notification = try #require(wire.notification("textDocument/publishDiagnostics", uri: uri))
        #expect(notification["params"]["diagnostics"] == [])
    }
}

extension ConcurrentServerTests.Wire {
    /// The last notification of `method` about `uri`.
    func notification(_ method: String, uri: String) -> JSONValue? {
        recorded.last { $0["method"].string == method && $0["params"]["uri"].string == uri }
    }
}
