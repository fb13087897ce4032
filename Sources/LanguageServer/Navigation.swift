import Foundation
import LanguageServerProtocol
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

    private static func location(_ document: DocumentModel, _ span: DocumentModel.Span) -> Location {
        Location(uri: LanguageServer.uri(ofPath: document.path), range: document.range(span))
    }

    /// Where the scenario or criterion under the cursor is defined: the scenario's heading, or
    /// the criteria table's row.
    static func definition(in document: DocumentModel, at position: Position) -> Location? {
        guard let (line, byte) = document.location(position) else { return nil }
        if let (id, _) = scenarioID(in: document, line: line, byte: byte), let span = heading(of: id, in: document) {
            return location(document, span)
        }
        if let word = document.word(line: line, byte: byte),
            let row = document.criterionRows.first(where: { $0.id == word.text })
        {
            return location(document, row.span)
        }
        return nil
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
    static func references(in document: DocumentModel, at position: Position, includeDeclaration: Bool) -> [Location] {
        guard let (line, byte) = document.location(position),
            let (id, _) = scenarioID(in: document, line: line, byte: byte)
        else { return [] }
        var spans = document.stepMentions(of: id)
        if includeDeclaration, let comment = document.scenarioComments.first(where: { $0.id == id }) {
            spans.insert(comment.span, at: 0)
        }
        return spans.map { location(document, $0) }
    }

    // MARK: - Outline

    /// The protocol's `SymbolKind`s used here.
    private enum Kind: Int {
        case module = 2, namespace = 3, classKind = 5, function = 12, constant = 14, event = 24
    }

    /// The page's outline: the spec, its sections, their scenarios, the criteria and the checks
    /// under what they check.
    static func symbols(in document: DocumentModel) -> [DocumentSymbol] {
        guard let spec = document.spec else { return [] }
        let last = max(document.lines.count - 1, 0)
        let headings = spec.sections.map { $0.location.line - 1 }
        func symbol(
            _ name: String, detail: String, kind: Kind, from: Int, to: Int, selection: Int,
            children: [DocumentSymbol] = []
        ) -> DocumentSymbol {
            let end = max(from, min(to, last))
            return DocumentSymbol(
                name: name.isEmpty ? "(untitled)" : name, detail: detail, kind: kind.rawValue,
                range: TextRange(
                    start: document.position(line: from, byte: 0),
                    end: document.position(line: end, byte: document.lines[end].count)),
                selectionRange: document.range(document.lineSpan(min(max(selection, from), end))), children: children)
        }
        func checks(_ list: [Check], until end: Int) -> [DocumentSymbol] {
            list.map { check in
                let from = check.location.line - 1
                let to = (check.steps.last?.location.line ?? check.location.line) - 1
                return symbol(
                    check.name, detail: "check", kind: .function, from: from, to: min(to, end), selection: from)
            }
        }
        let sections = spec.sections.enumerated().map { index, section -> DocumentSymbol in
            let from = section.location.line - 1
            let to = index + 1 < headings.count ? headings[index + 1] - 1 : last
            var children: [DocumentSymbol] = []
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
    static func prepareRename(
        in document: DocumentModel, at position: Position
    ) -> Result<PrepareRenameResult?, ResponseError> {
        guard let (line, byte) = document.location(position),
            let (id, span) = scenarioID(in: document, line: line, byte: byte)
        else { return .success(nil) }
        guard let flow = document.flow else {
            return .failure(.refusal(.pageNamesNoFlow))
        }
        let free = flow.scenarios.filter { !document.scenarioIDs.contains($0) }
        guard !free.isEmpty else { return .failure(.refusal(.everyScenarioTaken(id, flow: flow.id))) }
        return .success(PrepareRenameResult(range: document.range(span), placeholder: id))
    }

    /// Renames a scenario ID within the page (its comment and every step that names it), to
    /// another ID of the page's flow: scenario IDs are the flow's, so any other is refused.
    static func rename(
        in document: DocumentModel, at position: Position, to newName: String
    ) -> Result<WorkspaceEdit?, ResponseError> {
        guard let (line, byte) = document.location(position),
            let (id, _) = scenarioID(in: document, line: line, byte: byte)
        else { return .failure(.refusal(.notAScenarioID)) }
        guard let flow = document.flow else { return .failure(.refusal(.pageNamesNoFlow)) }
        guard newName != id else { return .success(WorkspaceEdit(changes: [:])) }
        guard flow.scenarios.contains(newName) else {
            return .failure(
                .refusal(
                    .scenarioNotInFlow(
                        newName, flow: flow.id, closest: NearestNames(flow.scenarios).nearest(to: newName))))
        }
        guard !document.scenarioIDs.contains(newName) else { return .failure(.refusal(.scenarioTaken(newName))) }
        var spans = document.stepMentions(of: id)
        spans += document.scenarioComments.filter { $0.id == id }.map(\.span)
        let edits = spans.sorted { ($0.line, $0.start) < ($1.line, $1.start) }.map { document.edit($0, newName) }
        return .success(WorkspaceEdit(changes: [LanguageServer.uri(ofPath: document.path): edits]))
    }
}
