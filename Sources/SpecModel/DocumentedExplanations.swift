import Foundation

extension MessageExplanation {
    /// Every explanation of `docs/diagnostics/`, by message ID: the files built into the tool,
    /// as the Swift compiler keeps its diagnostics' explanations, so that writers edit and
    /// review them as text.
    public static let documented: [String: MessageExplanation] = Dictionary(
        DiagnosticExplanations.files.compactMap { file -> (String, MessageExplanation)? in
            guard file.path.hasSuffix(".md"), let data = Data(base64Encoded: file.base64),
                let explanation = MessageExplanation(markdown: String(decoding: data, as: UTF8.self))
            else { return nil }
            return (String(file.path.dropLast(3)), explanation)
        }, uniquingKeysWith: { first, _ in first })

    /// The explanation file of a message ID as built into the tool (`docs/diagnostics/ID.md`),
    /// or nil when there is none.
    public static func markdown(of id: String) -> String? {
        guard let file = DiagnosticExplanations.files.first(where: { $0.path == id + ".md" }),
            let data = Data(base64Encoded: file.base64)
        else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// Reads an explanation file: `# summary`, the detail, `## Example` with one fenced block,
    /// and `## Fix`. Nil when a part is missing.
    public init?(markdown: String) {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.first, first.hasPrefix("# "),
            let example = lines.firstIndex(of: "## Example"), let fix = lines.firstIndex(of: "## Fix"), example < fix
        else { return nil }
        func text(_ range: Range<Int>) -> String {
            lines[range].joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines)
        }
        // The example is the fenced block's content, fence lines left out.
        let block = lines[(example + 1)..<fix].drop { $0.trimmingCharacters(in: .whitespaces).isEmpty }
        guard let open = block.first, open.hasPrefix("```") else { return nil }
        let fence = String(open.prefix { $0 == "`" })
        let body = block.dropFirst().prefix { $0 != fence }
        self.init(
            summary: String(first.dropFirst(2)).trimmingCharacters(in: .whitespaces),
            detail: text(1..<example), example: body.joined(separator: "\n"),
            fix: text((fix + 1)..<lines.count))
    }
}
