import Foundation
import LanguageServerProtocol
import ReportModel
import SpecModel
import SpecRunner

/// Completion where a page expects a name: the flow's step phrases in a check block, scenario
/// and action IDs in a step's quotes, a platform's native error names in its Trigger cell,
/// criterion IDs, and metadata keys and flow names in a metadata comment.
enum Completion {
    /// The protocol's `CompletionItemKind`s used here.
    private enum Kind: Int {
        case text = 1, function = 3, field = 5, value = 12, keyword = 14, snippet = 15, constant = 21, event = 23
    }

    /// The completion items at a position; empty where the page expects no name. A step
    /// comes as a snippet (a placeholder or choice per parameter) when the client takes
    /// `snippets`, else as its phrase with the parameters named.
    static func items(in document: DocumentModel, at position: Position, snippets: Bool = true) -> [CompletionItem] {
        guard let (line, byte) = document.location(position) else { return [] }
        if let comment = metadataComment(document, line: line, byte: byte) {
            return metadataItems(document, line: line, byte: byte, typed: comment)
        }
        if let step = document.step(line: line) {
            if document.quoted(line: line, byte: byte) != nil {
                return valueItems(document, line: line, byte: byte, textStart: step.textStart)
            }
            return stepItems(document, line: line, byte: byte, step: step, snippets: snippets)
        }
        if let cell = document.copyCell(line: line, byte: byte), cell.label == "Trigger" {
            return triggerItems(document, line: line, byte: byte, platform: cell.platform)
        }
        return criterionItems(document, line: line, byte: byte)
    }

    // MARK: - Steps

    private static func stepItems(
        _ document: DocumentModel, line: Int, byte: Int, step: (keyword: StepKeyword?, textStart: Int, text: String),
        snippets: Bool
    ) -> [CompletionItem] {
        guard let flow = document.flow, byte >= step.textStart else { return [] }
        let span = DocumentModel.Span(line: line, start: step.textStart, end: byte)
        return flow.steps.patterns.enumerated().map { index, pattern in
            // Without a keyword yet, the step comes with the one its kind usually takes.
            let keyword =
                step.keyword == nil
                ? (pattern.kind == .setup ? "Given " : pattern.kind == .action ? "When " : "Then ") : ""
            return CompletionItem(
                label: pattern.display, kind: Kind.snippet.rawValue, detail: pattern.kind.rawValue + " step",
                documentation: pattern.summary, filterText: pattern.display, sortText: String(format: "%04d", index),
                insertTextFormat: snippets ? 2 : 1,
                textEdit: document.edit(span, keyword + (snippets ? snippet(pattern, document) : pattern.display)))
        }
    }

    /// A step as a snippet: each parameter a placeholder, a choice where its values are few.
    static func snippet(_ pattern: StepPattern, _ document: DocumentModel) -> String {
        var text = ""
        var number = 0
        for piece in pattern.pieces {
            switch piece {
            case .literal(let literal): text += escape(literal)
            case .parameter(let type):
                number += 1
                let values = type.namesScenario ? document.scenarioIDs : (type.values ?? [])
                let placeholder =
                    values.isEmpty
                    ? "${\(number):\(escape(type.name))}"
                    : "${\(number)|\(values.map(escapeChoice).joined(separator: ","))|}"
                text += type.isNumber ? placeholder : "\"\(placeholder)\""
            }
        }
        return text
    }

    private static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "$", with: "\\$")
            .replacingOccurrences(of: "}", with: "\\}")
    }

    private static func escapeChoice(_ text: String) -> String {
        escape(text).replacingOccurrences(of: ",", with: "\\,").replacingOccurrences(of: "|", with: "\\|")
    }

    /// Values for the quotes the cursor is in: the values of the parameter the quotes hold in
    /// the patterns the step so far fits, or the page's scenario IDs and the flow's action IDs.
    private static func valueItems(_ document: DocumentModel, line: Int, byte: Int, textStart: Int) -> [CompletionItem]
    {
        guard let quoted = document.quoted(line: line, byte: byte) else { return [] }
        let before = Array(document.lines[line][textStart..<max(textStart, quoted.span.start - 1)])
        let types = document.flow?.steps.patterns.compactMap { parameter(after: before, in: $0) } ?? []
        var values: [(String, String)] = []
        let scenarios = document.scenarioIDs.map { ($0, "scenario") }
        if types.isEmpty {
            let actions =
                document.flow?.steps.patterns.flatMap(\.parameters).filter { $0.name.contains("action") }
                .flatMap { $0.values ?? [] } ?? []
            values = scenarios + actions.map { ($0, "action") }
        }
        for type in types {
            values += type.namesScenario ? scenarios : (type.values ?? []).map { ($0, type.name) }
        }
        var seen = Set<String>()
        return values.filter { seen.insert($0.0).inserted }.map { value, detail in
            CompletionItem(
                label: value, kind: (detail == "scenario" ? Kind.event : Kind.value).rawValue, detail: detail,
                textEdit: document.edit(quoted.span, value))
        }
    }

    /// The parameter a pattern has where `text` ends with an opening quote still to come:
    /// the literal text must match, and earlier values are skipped whatever they say.
    static func parameter(after text: [UInt8], in pattern: StepPattern) -> ParameterType? {
        var position = 0
        for piece in pattern.pieces {
            switch piece {
            case .literal(let literal):
                let bytes = Array(literal.utf8)
                guard text.count - position >= bytes.count, Array(text[position..<(position + bytes.count)]) == bytes
                else { return nil }
                position += bytes.count
            case .parameter(let type):
                if position == text.count { return type.isNumber ? nil : type }
                if type.isNumber {
                    while position < text.count, (0x30...0x39).contains(text[position]) { position += 1 }
                } else {
                    guard text[position] == UInt8(ascii: "\""),
                        let close = text[(position + 1)...].firstIndex(of: UInt8(ascii: "\""))
                    else { return nil }
                    position = close + 1
                }
            }
        }
        return nil
    }

    // MARK: - Trigger cells

    private static func triggerItems(
        _ document: DocumentModel, line: Int, byte: Int, platform: Platform
    )
        -> [CompletionItem]
    {
        let flows = document.flow.map { [$0] } ?? document.registry.flows
        let reference = flows.flatMap(\.errorReference).filter { $0.platform == platform }
        // Every name the lint accepts: native errors, transport errors and server answers.
        var names = flows.flatMap { $0.triggerNames() }.filter { $0.platform == platform }
        if names.isEmpty {
            names = reference.map {
                FlowTriggerName(
                    platform: platform, name: $0.name,
                    rawValue: $0.code.allSatisfy(\.isASCIIDigit) && !$0.code.isEmpty ? $0.code : nil,
                    destinations: [$0.explicit])
            }
        }
        let inTicks = document.backticked(line: line, byte: byte)
        let span =
            inTicks?.span ?? document.word(line: line, byte: byte)?.span
            ?? DocumentModel.Span(line: line, start: byte, end: byte)
        var seen = Set<String>()
        return names.filter { seen.insert($0.name).inserted }.map { name in
            // A name with a number takes it in parentheses after the backticks, as lint wants.
            let raw = name.rawValue.map { " (\($0))" } ?? ""
            let text = inTicks != nil ? name.name : "`\(name.name)`\(raw)"
            let documentation =
                reference.first { $0.name == name.name }.map {
                    "\(platform.displayName): \($0.outcome); the engine shows '\($0.explicit)'"
                }
                ?? "\(platform.displayName): the engine sends it to \(name.destinations.map { "'\($0)'" }.joined(separator: ", "))"
            return CompletionItem(
                label: name.name, kind: Kind.constant.rawValue,
                detail: name.rawValue ?? reference.first { $0.name == name.name }?.code ?? "",
                documentation: documentation, filterText: name.name, textEdit: document.edit(span, text))
        }
    }

    // MARK: - Criteria

    private static func criterionItems(_ document: DocumentModel, line: Int, byte: Int) -> [CompletionItem] {
        guard let spec = document.spec, !spec.criteria.isEmpty else { return [] }
        let word = document.word(line: line, byte: byte)
        let typed = word.map { String($0.text.utf8.prefix(byte - $0.span.start)) ?? "" } ?? ""
        let isHeading = document.string(line).hasPrefix("### ")
        // Only where a criterion ID is being typed: a word that starts one, or a check heading.
        guard typed.isEmpty ? isHeading : spec.criteria.contains(where: { $0.id.description.hasPrefix(typed) })
        else { return [] }
        let span = word?.span ?? DocumentModel.Span(line: line, start: byte, end: byte)
        return spec.criteria.map { criterion in
            CompletionItem(
                label: criterion.id.description, kind: Kind.constant.rawValue, detail: criterion.level,
                documentation: criterion.statement, textEdit: document.edit(span, criterion.id.description))
        }
    }

    // MARK: - Metadata comments

    /// The comment's text before the cursor, when the cursor is inside a metadata comment.
    private static func metadataComment(_ document: DocumentModel, line: Int, byte: Int) -> String? {
        guard !document.codeLines.contains(line) else { return nil }
        let before = String(decoding: document.lines[line].prefix(byte), as: UTF8.self)
        guard let open = before.range(of: "<!--", options: .backwards) else { return nil }
        let inside = before[open.upperBound...]
        return inside.contains("-->") ? nil : String(inside)
    }

    /// The keys each kind of comment takes, the kind's own key first.
    static let metadataKeys: [String: [String]] = [
        "spec": ["spec", "flow", "platforms"], "page": ["page"], "section": ["section", "kind"],
        "scenario": ["scenario"],
    ]

    private static func metadataItems(
        _ document: DocumentModel, line: Int, byte: Int, typed: String
    ) -> [CompletionItem] {
        let words = typed.split(whereSeparator: \.isWhitespace).map(String.init)
        let typing = typed.last.map { !$0.isWhitespace } ?? false
        let current = typing ? (words.last ?? "") : ""
        let previous = (typing ? words.dropLast() : words[...]).last
        let span = DocumentModel.Span(line: line, start: byte - current.utf8.count, end: byte)
        func items(_ values: [String], kind: Kind, detail: String) -> [CompletionItem] {
            values.map {
                CompletionItem(label: $0, kind: kind.rawValue, detail: detail, textEdit: document.edit(span, $0))
            }
        }
        switch previous {
        case "flow:":
            return document.registry.flows.map { flow in
                CompletionItem(
                    label: flow.id, kind: Kind.value.rawValue, detail: flow.title, documentation: flow.summary,
                    textEdit: document.edit(span, flow.id))
            }
        case "platforms:":
            let platforms = document.flow?.platforms ?? Platform.known
            return items(platforms.map(\.rawValue), kind: .value, detail: "platform")
        case "kind:":
            return items(SectionKind.allCases.map(\.rawValue), kind: .value, detail: "section kind")
        case "scenario:":
            // The flow's scenarios the page does not define yet: the ones a new heading can take.
            let defined = Set(document.scenarioIDs)
            return items(
                (document.flow?.scenarios ?? []).filter { !defined.contains($0) }, kind: .event, detail: "scenario")
        default:
            // Keys: those of the comment's kind, or the kinds themselves for a new comment.
            let kind = words.first.flatMap { $0.hasSuffix(":") ? String($0.dropLast()) : nil }
            let used = Set(words.filter { $0.hasSuffix(":") }.map { String($0.dropLast()) })
            let keys = kind.flatMap { metadataKeys[$0] } ?? metadataKeys.keys.sorted()
            return items(keys.filter { !used.contains($0) }.map { $0 + ":" }, kind: .field, detail: "metadata key")
        }
    }
}
