import Foundation
import Testing

@testable import LanguageServer

/// An initialized server with one page open, and what the feature tests ask of it.
struct Editor {
    let client: Client
    let uri: String
    private(set) var text: String
    let utf8: Bool
    /// The next request's ID, shared by copies of the editor.
    private let ids = IDs()

    final class IDs {
        var next = 100
    }

    static let pageText = (try? String(contentsOf: LanguageServerTests.page, encoding: .utf8)) ?? ""

    /// The native page (or `text` in its place) open in a server that counts positions in
    /// UTF-8 when `utf8`, else in UTF-16, for a client that takes snippets when `snippets`.
    init(_ text: String = Editor.pageText, utf8: Bool = false, snippets: Bool = true) {
        client = Client()
        let general: JSONValue = utf8 ? ["positionEncodings": ["utf-8", "utf-16"]] : [:]
        let completion: JSONValue = ["completionItem": ["snippetSupport": .bool(snippets)]]
        _ = client.request(
            1, "initialize",
            [
                "rootUri": .string(LanguageServerTests.root.absoluteString),
                "capabilities": ["general": general, "textDocument": ["completion": completion]],
            ])
        client.notify("initialized", [:])
        uri = LanguageServerTests.page.absoluteString
        self.text = text
        self.utf8 = utf8
        client.notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": .string(uri), "languageId": "markdown", "version": 1, "text": .string(text)]])
    }

    var lines: [String] { text.components(separatedBy: "\n") }

    /// The position of the `occurrence`th `needle` on the page, `offset` characters into it
    /// (counted as the server counts them).
    func position(of needle: String, occurrence: Int = 0, offset: Int = 0) -> JSONValue {
        var found = 0
        for (number, line) in lines.enumerated() {
            var searchStart = line.startIndex
            while let range = line.range(of: needle, range: searchStart..<line.endIndex) {
                if found == occurrence {
                    let prefix = line[..<range.lowerBound]
                    let start = utf8 ? prefix.utf8.count : prefix.utf16.count
                    return ["line": .number(Double(number)), "character": .number(Double(start + offset))]
                }
                found += 1
                searchStart = range.upperBound
            }
        }
        Issue.record("'\(needle)' is not on the page")
        return ["line": 0, "character": 0]
    }

    /// The result of a request about a position.
    func ask(_ method: String, at position: JSONValue?, _ extra: [String: JSONValue] = [:]) -> JSONValue {
        ids.next += 1
        var params: [String: JSONValue] = ["textDocument": ["uri": .string(uri)]]
        if let position { params["position"] = position }
        params.merge(extra) { _, new in new }
        let reply = client.request(ids.next, method, .object(params))
        #expect(reply != nil, "no reply to \(method)")
        return reply?["result"] ?? .null
    }

    /// The whole reply (for errors).
    func reply(_ method: String, at position: JSONValue?, _ extra: [String: JSONValue] = [:]) -> JSONValue? {
        ids.next += 1
        var params: [String: JSONValue] = ["textDocument": ["uri": .string(uri)]]
        if let position { params["position"] = position }
        params.merge(extra) { _, new in new }
        return client.request(ids.next, method, .object(params))
    }

    var diagnostics: [JSONValue] { client.diagnostics(uri) ?? [] }

    /// Changes the open page's text.
    mutating func change(to text: String) {
        self.text = text
        client.notify(
            "textDocument/didChange",
            ["textDocument": ["uri": .string(uri), "version": 2], "contentChanges": [["text": .string(text)]]])
    }

    /// The text with text edits applied, positions counted as the server counts them.
    func applying(_ edits: [JSONValue]) -> String {
        var lines = self.lines
        let sorted = edits.sorted {
            ($0["range"]["start"]["line"].int ?? 0, $0["range"]["start"]["character"].int ?? 0)
                > ($1["range"]["start"]["line"].int ?? 0, $1["range"]["start"]["character"].int ?? 0)
        }
        for edit in sorted {
            let start = edit["range"]["start"], end = edit["range"]["end"]
            guard let line = start["line"].int, line == end["line"].int, let from = start["character"].int,
                let to = end["character"].int
            else {
                Issue.record("an edit over several lines: \(edit)")
                continue
            }
            lines[line] = replacing(lines[line], from: from, to: to, with: edit["newText"].string ?? "")
        }
        return lines.joined(separator: "\n")
    }

    private func replacing(_ line: String, from: Int, to: Int, with text: String) -> String {
        if utf8 {
            let bytes = Array(line.utf8)
            return String(decoding: bytes[..<from] + Array(text.utf8) + bytes[to...], as: UTF8.self)
        }
        let units = Array(line.utf16)
        return String(decoding: units[..<from] + Array(text.utf16) + units[to...], as: UTF16.self)
    }
}
