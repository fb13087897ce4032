import Foundation
import LanguageServerProtocol
import ReportModel
import SpecModel
import SpecRunner

/// Hover: what the name under the cursor means, in Markdown. A diagnostic's explanation, a
/// step's summary, a scenario's title and copy, a native error's meaning, source and
/// destination, a criterion's statement and verdicts.
enum HoverContent {
    static func hover(
        in document: DocumentModel, at position: Position, diagnostics: [Diagnostic], report: RunReport?
    ) -> Hover? {
        guard let (line, byte) = document.location(position) else { return nil }
        var parts: [String] = []
        var range: DocumentModel.Span?
        for diagnostic in diagnostics where diagnostic.location.line - 1 == line {
            let span = diagnosticSpan(document, diagnostic)
            guard span.contains(line: line, byte: byte) else { continue }
            range = range ?? span
            parts.append(explanation(diagnostic))
        }
        if let (text, span) = name(in: document, line: line, byte: byte) {
            if let scenario = scenario(document, text) {
                parts.append(scenario)
                range = range ?? span
            } else if let criterion = criterion(document, text, report: report) {
                parts.append(criterion)
                range = range ?? span
            } else if let native = nativeError(document, text, line: line, byte: byte) {
                parts.append(native)
                range = range ?? span
            }
        }
        if parts.isEmpty, let step = document.step(line: line), step.keyword != nil,
            let pattern = document.pattern(ofStep: step.text, line: line)
        {
            parts.append("**\(step.keyword!.rawValue) \(pattern.display)**\n\n\(pattern.summary)")
            range = DocumentModel.Span(line: line, start: step.textStart, end: document.lines[line].count)
        }
        guard !parts.isEmpty else { return nil }
        return Hover(
            contents: MarkupContent(markdown: parts.joined(separator: "\n\n---\n\n")), range: range.map(document.range))
    }

    /// Where a diagnostic is on its first line: the span the editor underlines there (to the
    /// line's end when the finding goes on past it).
    static func diagnosticSpan(_ document: DocumentModel, _ diagnostic: Diagnostic) -> DocumentModel.Span {
        let span = diagnostic.span
        let line = span.start.line - 1
        let end = span.endLine == span.start.line ? span.endColumn - 1 : document.lineSpan(line).end
        return DocumentModel.Span(line: line, start: span.start.column - 1, end: end)
    }

    private static func explanation(_ diagnostic: Diagnostic) -> String {
        var text = "**\(diagnostic.message.text)** `[\(diagnostic.id.rawValue)]`"
        if let explanation = MessageExplanation.documented[diagnostic.id.rawValue] {
            text += "\n\n\(explanation.summary)\n\n\(explanation.detail)\n\n**Fix:** \(explanation.fix)"
        }
        return text
    }

    /// The name under the cursor: a quoted value, a backticked name, or a word.
    private static func name(in document: DocumentModel, line: Int, byte: Int) -> (String, DocumentModel.Span)? {
        if document.step(line: line) != nil, let quoted = document.quoted(line: line, byte: byte) {
            return (quoted.text, quoted.span)
        }
        if let ticked = document.backticked(line: line, byte: byte) { return (ticked.text, ticked.span) }
        return document.word(line: line, byte: byte).map { ($0.text, $0.span) }
    }

    private static func scenario(_ document: DocumentModel, _ id: String) -> String? {
        guard let scenario = document.spec?.scenario(id: id) else { return nil }
        var text = "**\(scenario.title)** (`\(scenario.id)`)"
        for copy in scenario.copy {
            text += "\n\n*\(copy.platform.displayName)*: \(describe(copy.title))"
            text += " — \(describe(copy.message))"
            if !copy.actions.isEmpty {
                text += "\n" + copy.actions.map { "- `\($0.id)`: \(describe($0.label))" }.joined(separator: "\n")
            }
        }
        return text
    }

    private static func describe(_ entry: CopyEntry) -> String {
        entry.text.map { "“\($0)”" } ?? "*None*"
    }

    private static func criterion(_ document: DocumentModel, _ id: String, report: RunReport?) -> String? {
        guard let criterionID = CriterionID(id), let criterion = document.spec?.criterion(id: criterionID) else {
            return nil
        }
        var text = "**\(criterion.id)** (\(criterion.level))\n\n\(criterion.statement)"
        let run = report?.specs.first { $0.id == document.spec?.id }?.criteria.first { $0.id == id }
        if let run {
            text +=
                "\n\n"
                + run.platforms.map { "\($0.platform.displayName): \($0.passed ? "passed" : "failed")" }.joined(
                    separator: " · ")
        } else {
            text += "\n\n*Verdicts appear once the engine has checked the page.*"
        }
        return text
    }

    /// A native error name: what the platform's reference says of it, where it comes from and
    /// where the engine sends it. The column's platform first when the name is in a copy table.
    private static func nativeError(_ document: DocumentModel, _ name: String, line: Int, byte: Int) -> String? {
        let flows = document.flow.map { [$0] } ?? document.registry.flows
        let platform = document.copyCell(line: line, byte: byte)?.platform
        let entries = flows.flatMap(\.errorReference).filter { $0.name == name }
            .filter { platform == nil || $0.platform == platform }
        guard !entries.isEmpty else {
            // A transport error or a server answer: where the engine sends it.
            let names = flows.flatMap { $0.triggerNames() }.filter {
                $0.name == name && (platform == nil || $0.platform == platform)
            }
            guard !names.isEmpty else { return nil }
            return names.map { entry in
                "**`\(entry.name)`** (\(entry.platform.displayName)): the engine sends it to "
                    + entry.destinations.map { "`\($0)`" }.joined(separator: ", ") + "."
            }.joined(separator: "\n\n")
        }
        return entries.map { entry in
            var text = "**`\(entry.name)`** (\(entry.platform.displayName), \(entry.code))"
            if let message = entry.message { text += "\n\n“\(message)”" }
            text += "\n\nThe engine reads it as *\(entry.outcome)*."
            if let fact = entry.fact {
                let requests = fact.requests.map(\.phrase).joined(separator: " and ")
                text += " It arrives from \(requests.isEmpty ? "no request the sources name" : requests)"
                text += fact.defensive ? " (handled defensively)." : "."
                text += "\n\nSource: [\(fact.source.title)](\(fact.source.url))"
                if !fact.source.quote.isEmpty { text += ": “\(fact.source.quote)”" }
                text += "\n\nSo: \(fact.conclusion)"
            }
            text += "\n\nThe engine sends it to `\(entry.explicit)` from the passkey button"
            if let first = entry.automaticFirst, let repeated = entry.automaticRepeated {
                text += "; on the automatic route to `\(first)`, then `\(repeated)` after a cancellation"
            }
            return text + "."
        }.joined(separator: "\n\n")
    }
}
