import Foundation
import SpecModel
import TestSupport
import Testing

@testable import LanguageServer

/// The server in process: messages in, the replies and notifications it sends out.
final class Client {
    private(set) var sent: [JSONValue] = []
    /// The cache of this client's server: a folder of its own, removed with the client.
    let cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "language-server-tests-\(UUID().uuidString)")

    deinit { try? FileManager.default.removeItem(at: cacheFolder) }

    lazy var server = LanguageServer(environment: ["PASSKEY_SPEC_CACHE": cacheFolder.path], work: .inline) {
        [unowned self] body in
        if let message = JSONValue.parse(body) { sent.append(message) }
    }

    func request(_ id: Int, _ method: String, _ params: JSONValue = [:]) -> JSONValue? {
        server.handle(
            JSONValue.object(["jsonrpc": "2.0", "id": .number(Double(id)), "method": .string(method), "params": params])
                .data)
        return sent.last { $0["id"] == .number(Double(id)) }
    }

    func notify(_ method: String, _ params: JSONValue) {
        server.handle(JSONValue.object(["jsonrpc": "2.0", "method": .string(method), "params": params]).data)
    }

    /// The diagnostics last published for `uri`.
    func diagnostics(_ uri: String) -> [JSONValue]? {
        published(uri)?["diagnostics"].array
    }

    /// The params of the last `publishDiagnostics` for `uri`.
    func published(_ uri: String) -> JSONValue? {
        sent.last { $0["method"] == "textDocument/publishDiagnostics" && $0["params"]["uri"].string == uri }?[
            "params"]
    }
}

@Suite struct LanguageServerTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let page = root.appendingPathComponent("content/native/login-error-states.md")

    static func initialized(capabilities: JSONValue = [:]) -> Client {
        let client = Client()
        _ = client.request(1, "initialize", ["rootUri": .string(root.absoluteString), "capabilities": capabilities])
        client.notify("initialized", [:])
        return client
    }

    @Test func initializeSaysWhatTheServerDoes() throws {
        let client = Client()
        let reply = try #require(client.request(1, "initialize", ["rootUri": .string(Self.root.absoluteString)]))
        #expect(reply["result"]["capabilities"]["textDocumentSync"]["change"] == 1)
        #expect(reply["result"]["serverInfo"]["name"] == "passkey-spec")
    }

    @Test func aRequestBeforeInitializeIsRefused() throws {
        let reply = try #require(Client().request(7, "textDocument/hover"))
        #expect(reply["error"]["code"] == .number(-32002))
    }

    @Test func aMistakeTypedIsPublishedAtItsValueAndClearedWhenFixed() throws {
        let client = Self.initialized()
        let uri = Self.page.absoluteString
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        // The first check that sees the scenario, only.
        let seen = try #require(text.range(of: "Then the user sees the \"deleted-passkey\" copy"))
        let typo = text.replacingCharacters(in: seen, with: "Then the user sees the \"deleted-pasky\" copy")
        client.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": .string(uri), "languageId": "markdown", "version": 1, "text": .string(typo)]])
        let found = try #require(client.diagnostics(uri))
        #expect(found.count == 1)
        let diagnostic = try #require(found.first)
        #expect(diagnostic["code"] == "step-names-unknown-scenario")
        let lines = typo.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains("\"deleted-pasky\"") })
        #expect(diagnostic["range"]["start"]["line"].int == line)
        let characters = try #require(lines[line].range(of: "deleted-pasky"))
        let start = lines[line][..<characters.lowerBound].utf16.count
        #expect(diagnostic["range"]["start"]["character"].int == start)
        #expect(diagnostic["range"]["end"]["character"].int == start + "deleted-pasky".utf16.count)
        // The client did not say it shows links from codes.
        #expect(diagnostic["codeDescription"] == .null)

        // Each publication names the version of the text it is about.
        #expect(client.published(uri)?["version"] == 1)

        client.notify(
            "textDocument/didChange",
            ["textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [["text": .string(text)]]])
        #expect(client.diagnostics(uri)?.isEmpty == true)
        #expect(client.published(uri)?["version"] == 2)
    }

    @Test func aDiagnosticsCodeLinksToItsExplanationWhenTheClientShowsLinks() throws {
        let client = Self.initialized(capabilities: [
            "textDocument": ["publishDiagnostics": ["codeDescriptionSupport": true]]
        ])
        let uri = Self.page.absoluteString
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let typo = text.replacingOccurrences(of: "Then a session is created", with: "Then a sesion is created")
        client.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": .string(uri), "languageId": "markdown", "version": 1, "text": .string(typo)]])
        let diagnostic = try #require(client.diagnostics(uri)?.first { $0["code"] == "undefined-step" })
        let href = try #require(diagnostic["codeDescription"]["href"].string)
        let file = try #require(URL(string: href))
        #expect(file.isFileURL)
        #expect(file.path.hasPrefix(client.cacheFolder.path))
        #expect(try String(contentsOf: file, encoding: .utf8) == MessageExplanation.markdown(of: "undefined-step"))
    }

    @Test func aPageDeletedOnTheDiskIsForgottenAtThePauseEvenWhileThereAreErrors() throws {
        let folder = try TemporaryFolder()
        let first = try folder.write("content/a.md", "# A\n<!-- page: same -->\n")
        let second = try folder.write("content/b.md", "# B\n<!-- page: same -->\n")
        let client = Client()
        _ = client.request(1, "initialize", ["rootUri": .string(folder.url.absoluteString), "capabilities": [:]])
        let uri = URL(fileURLWithPath: first).absoluteString
        let other = URL(fileURLWithPath: second).absoluteString
        client.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(uri), "languageId": "markdown", "version": 1, "text": "# A\n<!-- page: same -->\n",
                ]
            ])
        #expect(client.diagnostics(other)?.map(\.["code"]) == ["duplicate-page-id"])
        try FileManager.default.removeItem(atPath: second)
        // An edit reads only the edited page; the pause lists the folders again.
        client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(uri), "version": 2],
                "contentChanges": [["text": "# A.\n<!-- page: same -->\n"]],
            ])
        client.server.idle()
        #expect(client.diagnostics(other) == [])
    }

    /// Before the first lint, which reads the whole content (seconds, for a thousand large
    /// pages), a page just opened hears its own findings (straight quotes in its copy); the
    /// lint then adds those across pages (its spec ID, used first by another page).
    @Test func aPageOpenedFirstHearsItsOwnFindingsBeforeThoseAcrossPages() throws {
        let folder = try TemporaryFolder()
        let spec = try String(contentsOf: Self.page, encoding: .utf8)
        try folder.write("content/native/a.md", spec)
        let quoted = spec.replacingOccurrences(
            of: "| Passkey Can’t Be Used | Passkey can’t be used |",
            with: "| Passkey Can’t Be Used | Passkey can't be used |")
        let path = try folder.write("content/native/b.md", quoted)
        let client = Client()
        _ = client.request(1, "initialize", ["rootUri": .string(folder.url.absoluteString), "capabilities": [:]])
        let uri = URL(fileURLWithPath: path).absoluteString
        client.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": .string(uri), "languageId": "markdown", "version": 1, "text": .string(quoted)]])
        let published = client.sent.filter {
            $0["method"] == "textDocument/publishDiagnostics" && $0["params"]["uri"].string == uri
        }
        #expect(published.map(\.["params"]["version"]) == [1, 1])
        let codes = published.map { $0["params"]["diagnostics"].array?.map(\.["code"]) ?? [] }
        #expect(codes.first == ["copy-straight-quote", "copy-straight-quote"])
        #expect(codes.last == ["duplicate-spec-id", "copy-straight-quote", "copy-straight-quote"])
        // The page's own findings are the lint's, range for range.
        let ranges = published.map { $0["params"]["diagnostics"].array?.map(\.["range"]) ?? [] }
        #expect(ranges.first == Array(ranges.last?.dropFirst() ?? []))
    }

    /// The first lint publishes each page's own findings as it reads the page, so a page
    /// not open hears them before those across pages, which come with the rest of the content.
    @Test func aPageNotOpenHearsItsOwnFindingsAsItIsReadThenThoseAcrossPages() throws {
        let folder = try TemporaryFolder()
        let spec = try String(contentsOf: Self.page, encoding: .utf8)
        let opened = try folder.write("content/native/a.md", spec)
        let quoted = spec.replacingOccurrences(
            of: "| Passkey Can’t Be Used | Passkey can’t be used |",
            with: "| Passkey Can’t Be Used | Passkey can't be used |")
        let other = URL(fileURLWithPath: try folder.write("content/native/b.md", quoted)).absoluteString
        let client = Client()
        _ = client.request(1, "initialize", ["rootUri": .string(folder.url.absoluteString), "capabilities": [:]])
        client.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(URL(fileURLWithPath: opened).absoluteString), "languageId": "markdown",
                    "version": 1, "text": .string(spec),
                ]
            ])
        let published = client.sent.filter {
            $0["method"] == "textDocument/publishDiagnostics" && $0["params"]["uri"].string == other
        }
        let codes = published.map { $0["params"]["diagnostics"].array?.map(\.["code"]) ?? [] }
        #expect(
            codes == [
                ["copy-straight-quote", "copy-straight-quote"],
                ["duplicate-spec-id", "copy-straight-quote", "copy-straight-quote"],
            ])
        #expect(published.allSatisfy { $0["params"]["version"] == .null })
        // A later lint reads only the edited page, and publishes a page not open only when
        // its findings change.
        client.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": .string(URL(fileURLWithPath: opened).absoluteString), "version": 2],
                "contentChanges": [["text": .string(spec + "\n")]],
            ])
        #expect(
            client.sent.filter {
                $0["method"] == "textDocument/publishDiagnostics" && $0["params"]["uri"].string == other
            }.count == 2)
    }

    @Test func aPageClosedAfterItsFileWasDeletedIsNotReadAgain() throws {
        let folder = try TemporaryFolder()
        try folder.write("content/index.md", "# Home\n<!-- page: home -->\n")
        let path = try folder.write("content/gone.md", "# Gone\n<!-- page: gone -->\n")
        let client = Client()
        _ = client.request(1, "initialize", ["rootUri": .string(folder.url.absoluteString), "capabilities": [:]])
        let uri = URL(fileURLWithPath: path).absoluteString
        client.notify(
            "textDocument/didOpen",
            [
                "textDocument": [
                    "uri": .string(uri), "languageId": "markdown", "version": 1,
                    "text": "# Gone\n<!-- page: Gone -->\n",
                ]
            ])
        #expect(client.diagnostics(uri)?.map(\.["code"]) == ["malformed-id"])
        try FileManager.default.removeItem(atPath: path)
        client.notify("textDocument/didClose", ["textDocument": ["uri": .string(uri)]])
        #expect(client.diagnostics(uri) == [])
    }

    @Test func theServerAsksToBeToldOfPagesChangedOnTheDiskWhereTheClientCan() throws {
        let watching = Self.initialized(capabilities: [
            "workspace": ["didChangeWatchedFiles": ["dynamicRegistration": true]]
        ])
        let registration = try #require(watching.sent.last { $0["method"] == "client/registerCapability" })
        let entry = try #require(registration["params"]["registrations"].array?.first)
        #expect(entry["method"] == "workspace/didChangeWatchedFiles")
        #expect(entry["registerOptions"]["watchers"].array?.first?["globPattern"] == "**/*.md")
        // The client's answer is taken without a reply.
        let count = watching.sent.count
        watching.server.handle(JSONValue.object(["jsonrpc": "2.0", "id": registration["id"], "result": .null]).data)
        #expect(watching.sent.count == count)
        let plain = Self.initialized()
        #expect(!plain.sent.contains { $0["method"] == "client/registerCapability" })
    }

    @Test func shutdownThenExitEndsWithZeroAndExitAloneWithOne() throws {
        let client = Self.initialized()
        #expect(client.request(2, "shutdown")?["result"] == .null)
        #expect(client.request(3, "textDocument/hover")?["error"]["code"] == .number(-32600))
        client.notify("exit", [:])
        #expect(client.server.exitStatus == 0)
        let abrupt = Self.initialized()
        abrupt.notify("exit", [:])
        #expect(abrupt.server.exitStatus == 1)
    }

    @Test func aRequestWhoseIDCannotAnswerItAndASecondInitializeAreInvalid() throws {
        let client = Self.initialized()
        let ids: [JSONValue] = [.number(1.5), .bool(true), .object(["nested": 1])]
        for id in ids {
            client.server.handle(
                JSONValue.object(["jsonrpc": "2.0", "id": id, "method": "shutdown", "params": [:]]).data)
            #expect(client.sent.last?["error"]["code"] == .number(-32600))
            #expect(client.sent.last?["id"] == .null)
        }
        let again = try #require(
            client.request(5, "initialize", ["rootUri": .string(Self.root.absoluteString), "capabilities": [:]]))
        #expect(again["error"]["code"] == .number(-32600))
        // Still initialized as it was: the server answers, and shuts down cleanly.
        #expect(client.request(6, "shutdown")?["result"] == .null)
    }

    @Test func aClientThatPullsDiagnosticsIsNotPushedThoseOfItsOpenPages() throws {
        let client = Self.initialized(capabilities: ["textDocument": ["diagnostic": ["dynamicRegistration": false]]])
        let uri = Self.page.absoluteString
        let text = try String(contentsOf: Self.page, encoding: .utf8)
        let typo = text.replacingOccurrences(of: "Then a session is created", with: "Then a sesion is created")
        client.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": .string(uri), "languageId": "markdown", "version": 1, "text": .string(typo)]])
        // Pushed as well as pulled, each finding would show twice.
        #expect(client.published(uri) == nil)
        let pulled = try #require(client.request(7, "textDocument/diagnostic", ["textDocument": ["uri": .string(uri)]]))
        let codes = try #require(pulled["result"]["items"].array?.compactMap { $0["code"].string })
        #expect(!codes.isEmpty && Set(codes) == ["undefined-step"])
    }

    @Test func junkIsAParseErrorAndTheServerGoesOn() throws {
        let client = Self.initialized()
        client.server.handle(Data("{not json".utf8))
        #expect(client.sent.last?["error"]["code"] == .number(-32700))
        #expect(client.request(4, "shutdown")?["result"] == .null)
    }
}

@Suite struct MessageFramingTests {
    @Test func readsMessagesSplitAnywhereAndSkipsABadHeader() {
        var framing = MessageFraming()
        let wire =
            Data("Content-Length: 2\r\n\r\n{}".utf8) + Data("Nonsense\r\n\r\n".utf8)
            + MessageFraming.frame(Data("[1]".utf8))
        var frames: [MessageFraming.Frame] = []
        for byte in wire {
            framing.receive(Data([byte]))
            while let frame = framing.next() { frames.append(frame) }
        }
        #expect(frames.count == 3)
        #expect(frames.first == .body(Data("{}".utf8)))
        if case .malformedHeader = frames[1] {} else { Issue.record("\(frames[1])") }
        #expect(frames.last == .body(Data("[1]".utf8)))
    }

    @Test func anOversizedBodyIsSkippedNotRead() {
        var framing = MessageFraming()
        let size = MessageFraming.maximumBodySize + 10
        framing.receive(Data("Content-Length: \(size)\r\n\r\n".utf8))
        #expect(framing.next() == .tooLarge(size))
        framing.receive(Data(repeating: 0x20, count: size))
        framing.receive(MessageFraming.frame(Data("{}".utf8)))
        #expect(framing.next() == .body(Data("{}".utf8)))
        #expect(framing.pending == 0)
    }
}
