import Foundation
import SpecModel
import SpecRunner
import Utilities

/// Quick fixes for the diagnostics the client sends back: the suggestion each message makes
/// (the closest scenario ID, step, value or native name, the right raw value), applied as an
/// edit, and the missing name added to a Trigger cell. Suggestions are recomputed from the
/// page where the page holds what they are computed from, and read from the message where
/// only the engine knows them.
enum CodeActions {
    static func actions(in document: DocumentModel, for diagnostics: [JSONValue]) -> JSONValue {
        .array(diagnostics.flatMap { fixes(document, $0) })
    }

    private static func fixes(_ document: DocumentModel, _ diagnostic: JSONValue) -> [JSONValue] {
        guard let code = diagnostic["code"].string, let message = diagnostic["message"].string,
            let (line, start) = document.location(diagnostic["range"]["start"])
        else { return [] }
        let bytes = document.lines[line]
        switch code {
        case "step-names-unknown-scenario":
            guard let value = document.quoted(line: line, byte: start + 1),
                let meant = closest(to: value.text, in: document.scenarioIDs)
            else { return [] }
            return [fix("Change to '\(meant)'", document, value.span, meant, diagnostic)]
        case "invalid-step-parameter":
            guard let meant = suggestion(in: message, after: "did you mean '") else { return [] }
            let span =
                document.quoted(line: line, byte: start + 1)?.span ?? document.word(line: line, byte: start)?.span
            return span.map { [fix("Change to '\(meant)'", document, $0, meant, diagnostic)] } ?? []
        case "undefined-step":
            guard let display = suggestion(in: message, after: "the closest known step is '"),
                let step = document.step(line: line)
            else { return [] }
            let replacement = filling(display, withValuesOf: step.text)
            let span = DocumentModel.Span(line: line, start: step.textStart, end: bytes.count)
            return [fix("Change to '\(replacement)'", document, span, replacement, diagnostic)]
        case "unknown-trigger-name":
            guard let meant = suggestion(in: message, after: "the closest real name is '") else { return [] }
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "`") { end += 1 }
            let span = DocumentModel.Span(line: line, start: start, end: end)
            return [fix("Change to '\(meant)'", document, span, meant, diagnostic)]
        case "trigger-raw-value":
            return rawValueFix(document, line: line, start: start, message: message, diagnostic)
        case "trigger-not-named":
            return addNameFix(document, line: line, start: start, message: message, diagnostic)
        case "copy-straight-quote":
            let cells = DocumentModel.cells(bytes)
            guard let cell = cells.first(where: { $0.lowerBound <= start && start <= $0.upperBound }) else { return [] }
            let typographic = typographicQuotes(Array(bytes[cell]))
            guard typographic != Array(bytes[cell]) else { return [] }
            let span = DocumentModel.Span(line: line, start: cell.lowerBound, end: cell.upperBound)
            let text = String(decoding: typographic, as: UTF8.self)
            return [fix("Use typographic quotes", document, span, text, diagnostic)]
        default:
            return []
        }
    }

    /// A cell's text with its straight quotes made typographic, code spans left as they are:
    /// an apostrophe between letters is ’; other quotes open (‘ “) after a blank, an opening
    /// bracket or the start, and close (’ ”) elsewhere.
    static func typographicQuotes(_ bytes: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        var inCode = false
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "`") { inCode.toggle() }
            guard !inCode, byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") else {
                result.append(byte)
                continue
            }
            let before = index > 0 ? bytes[index - 1] : UInt8(ascii: " ")
            let opens = before == UInt8(ascii: " ") || before == UInt8(ascii: "\t") || before == UInt8(ascii: "(")
            let replacement: String
            if byte == UInt8(ascii: "'") {
                replacement = opens ? "\u{2018}" : "\u{2019}"
            } else {
                replacement = opens ? "\u{201C}" : "\u{201D}"
            }
            result += Array(replacement.utf8)
        }
        return result
    }

    /// A quick fix replacing one span.
    private static func fix(
        _ title: String, _ document: DocumentModel, _ span: DocumentModel.Span, _ text: String, _ diagnostic: JSONValue
    ) -> JSONValue {
        [
            "title": .string(title), "kind": "quickfix", "diagnostics": [diagnostic], "isPreferred": true,
            "edit": [
                "changes": [LanguageServer.uri(ofPath: document.path): [LanguageServer.edit(document, span, text)]]
            ],
        ]
    }

    /// The quoted suggestion in a message, after `marker` and up to the next `'` that ends it.
    static func suggestion(in message: String, after marker: String) -> String? {
        guard let start = message.range(of: marker, options: .backwards) else { return nil }
        let rest = message[start.upperBound...]
        // The suggestion may hold quotes of its own (a step's `"<value>"`), so it ends at the
        // last `'` before the message's closing punctuation.
        guard let end = rest.range(of: "'", options: .backwards) else { return nil }
        return String(rest[..<end.lowerBound])
    }

    /// A step display such as `the user sees the "<scenario>" copy` with the values the
    /// writer's step already has, in order, where it has as many.
    static func filling(_ display: String, withValuesOf text: String) -> String {
        let written = text.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map(\.element)
        let pieces = display.split(separator: "\"", omittingEmptySubsequences: false)
        let slots = pieces.enumerated().filter { $0.offset % 2 == 1 }.count
        guard slots == written.count, slots > 0 else { return display }
        var values = written.makeIterator()
        return pieces.enumerated().map { $0.offset % 2 == 1 ? String(values.next()!) : String($0.element) }.joined(
            separator: "\"")
    }

    private static func rawValueFix(
        _ document: DocumentModel, line: Int, start: Int, message: String, _ diagnostic: JSONValue
    ) -> [JSONValue] {
        let bytes = document.lines[line]
        var close = start
        while close < bytes.count, bytes[close] != UInt8(ascii: "`") { close += 1 }
        guard close < bytes.count else { return [] }
        if let marker = message.range(of: "has the raw value ") {
            let number = message[marker.upperBound...].prefix { $0 != "," }
            // `'X' has the raw value 1001, not 1004`: the parentheses after the name hold the wrong one.
            let after = String(decoding: bytes[(close + 1)...], as: UTF8.self)
            guard let open = after.firstIndex(of: "("), let end = after.firstIndex(of: ")"), open < end else {
                return []
            }
            let from = close + 1 + after.utf8.distance(from: after.startIndex, to: open) + 1
            let to = close + 1 + after.utf8.distance(from: after.startIndex, to: end)
            let span = DocumentModel.Span(line: line, start: from, end: to)
            return [fix("Change the raw value to \(number)", document, span, String(number), diagnostic)]
        }
        guard let range = message.range(of: ": ("),
            let end = message.range(of: ")", range: range.upperBound..<message.endIndex)
        else { return [] }
        let expected = String(message[range.upperBound..<end.lowerBound])
        let span = DocumentModel.Span(line: line, start: close + 1, end: close + 1)
        return [fix("Add the raw value (\(expected))", document, span, " (\(expected))", diagnostic)]
    }

    /// Adds the name a Trigger cell misses, in backticks (with its raw value), at the end of
    /// the cell: the writer then moves it into the sentence where it belongs.
    private static func addNameFix(
        _ document: DocumentModel, line: Int, start: Int, message: String, _ diagnostic: JSONValue
    ) -> [JSONValue] {
        guard let by = message.range(of: " by '"),
            let end = message.range(of: "', which", range: by.upperBound..<message.endIndex)
        else { return [] }
        let label = String(message[by.upperBound..<end.lowerBound])
        // `Name (1001)` keeps its raw value outside the backticks, as lint wants it.
        var name = label
        var raw = ""
        if label.hasSuffix(")"), let open = label.range(of: " (", options: .backwards) {
            name = String(label[..<open.lowerBound])
            raw = String(label[open.lowerBound...])
        }
        let bytes = document.lines[line]
        let cells = DocumentModel.cells(bytes)
        guard
            let cell = cells.first(where: { $0.lowerBound <= start && start <= $0.upperBound })
                ?? cells.first(where: {
                    $0.lowerBound >= start
                })
        else { return [] }
        let span = DocumentModel.Span(line: line, start: cell.upperBound, end: cell.upperBound)
        return [fix("Add `\(name)` to the Trigger cell", document, span, ", or `\(name)`\(raw)", diagnostic)]
    }
}
