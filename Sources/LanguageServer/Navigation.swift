import Foundation
import SpecModel
import SpecRunner
import Utilities

/// Going from a name to where it is defined and used: definition, references, the page's
/// outline, and renaming a scenario ID within the page.
enum Navigation {
    /// The scenario ID under the cursor, in a step's quotes or a scenario comment, with its span.
    static func scenarioID(in document: DocumentModel, line: Int, byte: Int) -> (id: String, span: DocumentModel.Span)?
    {
        if document.step(line: line) != nil, let quoted = document.quoted(line: line, byte: byte),
            document.scenarioIDs.contains(quoted.text)
        {
            return (quoted.text, quoted.span)
        }
        if let comment = document.metadataField("scenario", line: line), comment.span.contains(line: line, byte: byte),
            !comment.value.isEmpty
        {
            return (comment.value, comment.span)
        }
        if let word = document.word(line: line, byte: byte), document.scenarioIDs.contains(word.text) {
            return (word.text, word.span)
        }
        return nil
    }

    private static func location(_ document: DocumentModel, _ span: DocumentModel.Span) -> JSONValue {
        ["uri": .string(LanguageServer.uri(ofPath: document.path)), "range": document.range(span)]
    }

    /// Where the scenario or criterion under the cursor is defined: the scenario's heading, or
    /// the criteria table's row.
    static func definition(in document: DocumentModel, at position: JSONValue) -> JSONValue {
        guard let (line, byte) = document.location(position) else { return .null }
        if let (id, _) = scenarioID(in: document, line: line, byte: byte), let span = heading(of: id, in: document) {
            return location(document, span)
        }
        if let word = document.word(line: line, byte: byte),
            let row = document.criterionRows.first(where: { $0.id == word.text })
        {
            return location(document, row.span)
        }
        return .null
    }

    /// The heading of a scenario: the parsed one, or the line above its comment.
    static func heading(of id: String, in document: DocumentModel) -> DocumentModel.Span? {
        if let scenario = document.spec?.scenario(id: id) {
            let line = scenario.location.line - 1
            return document.lineSpan(line)
        }
        guard let comment = document.scenarioComments.first(where: { $0.id == id }) else { return nil }
        return document.lineSpan(max(comment.span.line - 1, 0))
    }

    /// Every step that names the scenario under the cursor, and its comment when asked.
    static func references(in document: DocumentModel, at position: JSONValue, includeDeclaration: Bool) -> JSONValue {
        guard let (line, byte) = document.location(position),
            let (id, _) = scenarioID(in: document, line: line, byte: byte)
        else { return [] }
        var spans = document.stepMentions(of: id)
        if includeDeclaration, let comment = document.scenarioComments.first(where: { $0.id == id }) {
            spans.insert(comment.span, at: 0)
        }
        return .array(spans.map { location(document, $0) })
    }

    // MARK: - Outline

    /// The protocol's `SymbolKind`s used here.
    private enum Kind: Int {
        case module = 2, namespace = 3, classKind = 5, function = 12, constant = 14, event = 24
    }

    /// The page's outline: the spec, its sections, their scenarios, the criteria and the checks
    /// under what they check.
    static func symbols(in document: DocumentModel) -> JSONValue {
        guard let spec = document.spec else { return [] }
        let last = max(document.lines.count - 1, 0)
        let headings = spec.sections.map { $0.location.line - 1 }
        func symbol(
            _ name: String, detail: String, kind: Kind, from: Int, to: Int, selection: Int, children: [JSONValue] = []
        ) -> JSONValue {
            let end = max(from, min(to, last))
            return [
                "name": .string(name.isEmpty ? "(untitled)" : name), "detail": .string(detail),
                "kind": .number(Double(kind.rawValue)),
                "range": [
                    "start": document.position(line: from, byte: 0),
                    "end": document.position(line: end, byte: document.lines[end].count),
                ],
                "selectionRange": document.range(document.lineSpan(min(max(selection, from), end))),
                "children": .array(children),
            ]
        }
        func checks(_ list: [Check], until end: Int) -> [JSONValue] {
            list.map { check in
                let from = check.location.line - 1
                let to = (check.steps.last?.location.line ?? check.location.line) - 1
                return symbol(
                    check.name, detail: "check", kind: .function, from: from, to: min(to, end), selection: from)
            }
        }
        let sections = spec.sections.enumerated().map { index, section -> JSONValue in
            let from = section.location.line - 1
            let to = index + 1 < headings.count ? headings[index + 1] - 1 : last
            var children: [JSONValue] = []
            for (number, scenario) in section.scenarios.enumerated() {
                let start = scenario.location.line - 1
                let next = number + 1 < section.scenarios.count ? section.scenarios[number + 1].location.line - 2 : to
                children.append(
                    symbol(
                        scenario.title, detail: scenario.id, kind: .event, from: start, to: next, selection: start,
                        children: checks(spec.checks.filter { $0.scenario == scenario.id }, until: next)))
            }
            if section.kind == .criteria {
                for criterion in spec.criteria {
                    let row = criterion.location.line - 1
                    let own = spec.checks(for: criterion.id)
                    let end = own.compactMap { $0.steps.last?.location.line }.max().map { $0 - 1 } ?? row
                    // A criterion spans its row and, below the table, the checks written for it.
                    children.append(
                        symbol(
                            criterion.id.description, detail: criterion.level, kind: .constant, from: row,
                            to: max(row, end), selection: row, children: checks(own, until: max(row, end))))
                }
            }
            return symbol(
                section.title, detail: section.kind.rawValue, kind: .namespace, from: from, to: to, selection: from,
                children: children)
        }
        return [symbol(spec.title, detail: spec.id, kind: .module, from: 0, to: last, selection: 0, children: sections)]
    }

    // MARK: - Rename

    /// The scenario ID under the cursor, which `rename` can rename; null elsewhere; refused up
    /// front, before the writer types a new name, where no new name could be taken: the page
    /// names no flow, or it already has every scenario ID of its flow.
    static func prepareRename(in document: DocumentModel, at position: JSONValue) -> LanguageServer.FeatureAnswer {
        guard let (line, byte) = document.location(position),
            let (id, span) = scenarioID(in: document, line: line, byte: byte)
        else { return .result(.null) }
        guard let flow = document.flow else {
            return .refusal("the page names no flow, so the scenario IDs it may use are unknown")
        }
        let free = flow.scenarios.filter { !document.scenarioIDs.contains($0) }
        guard !free.isEmpty else {
            return .refusal(
                "the page already has every scenario of the flow '\(flow.id)', so '\(id)' has no other ID to take; a new scenario needs an engine change first"
            )
        }
        return .result(["range": document.range(span), "placeholder": .string(id)])
    }

    /// Renames a scenario ID within the page (its comment and every step that names it), to
    /// another ID of the page's flow: scenario IDs are the flow's, so any other is refused.
    static func rename(
        in document: DocumentModel, at position: JSONValue, to newName: String
    )
        -> LanguageServer.FeatureAnswer
    {
        guard let (line, byte) = document.location(position),
            let (id, _) = scenarioID(in: document, line: line, byte: byte)
        else { return .refusal("only a scenario ID can be renamed here") }
        guard let flow = document.flow else {
            return .refusal("the page names no flow, so the scenario IDs it may use are unknown")
        }
        guard newName != id else { return .result(["changes": [:]]) }
        guard flow.scenarios.contains(newName) else {
            let closest = nearest(to: newName, in: flow.scenarios).map { "'\($0)'" }.joined(separator: ", ")
            return .refusal(
                "the flow '\(flow.id)' has no scenario '\(newName)', and a scenario ID must be one of the flow's (the closest are \(closest)); a new scenario needs an engine change first"
            )
        }
        guard !document.scenarioIDs.contains(newName) else {
            return .refusal("the page already has a scenario '\(newName)'")
        }
        var spans = document.stepMentions(of: id)
        spans += document.scenarioComments.filter { $0.id == id }.map(\.span)
        let edits = spans.sorted { ($0.line, $0.start) < ($1.line, $1.start) }.map {
            LanguageServer.edit(document, $0, newName)
        }
        return .result(["changes": [LanguageServer.uri(ofPath: document.path): .array(edits)]])
    }
}
