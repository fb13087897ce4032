import SpecModel

// A copy table has a label column and one column per platform:
//
//     |                | iOS                                  | Android                              |
//     | -------------- | ------------------------------------ | ------------------------------------ |
//     | Trigger        | `ASAuthorizationError.Code.canceled` | `GetCredentialCancellationException` |
//     | Title          | None                                 | None                                 |
//     | Message        | None — the login screen stays as it was | None — …                          |
//     | Action `retry` | Try Again                            | Try again                            |

extension SpecWalker {
    mutating func parseCopyTable(_ table: MarkdownNode, scenarioID: String) -> [PlatformCopy] {
        let rows = table.children
        guard let header = rows.first else { return [] }
        let columns = platformColumns(header)
        for platform in platforms where !columns.contains(platform) {
            parser.diagnostics.report(.missingPlatformColumn(platform), at: parser.location(of: table))
        }

        var cellsByPart: [(part: CopyPart, cells: [Platform: MarkdownNode])] = []
        for row in rows.dropFirst() {
            guard let labelCell = row.children.first, let part = copyPart(labelCell) else { continue }
            if cellsByPart.contains(where: { $0.part == part }) {
                parser.diagnostics.report(.duplicateCopyRow(part.label), at: parser.location(ofCell: labelCell))
                continue
            }
            var cells: [Platform: MarkdownNode] = [:]
            for (index, platform) in columns.enumerated() {
                guard let platform else { continue }
                let cell = index + 1 < row.children.count ? row.children[index + 1] : MarkdownNode(kind: .tableCell)
                let location = cell.hasPosition ? parser.location(ofCell: cell) : parser.location(of: row)
                if cell.plainText.trimmingWhitespace().isEmpty {
                    parser.diagnostics.report(.emptyCopyCell(row: part.label, platform: platform), at: location)
                }
                cells[platform] = cell
            }
            cellsByPart.append((part, cells))
        }
        for part in CopyPart.required where !cellsByPart.contains(where: { $0.part == part }) {
            parser.diagnostics.report(.missingCopyRow(part.label), at: parser.location(of: table))
        }

        return platforms.filter(columns.contains).map { platform in
            func entry(_ part: CopyPart) -> CopyEntry {
                copyEntry(
                    cellsByPart.first { $0.part == part }?.cells[platform], key: "\(scenarioID).\(part.keySegment)",
                    table: table)
            }
            let triggerCell = cellsByPart.first { $0.part == .trigger }?.cells[platform]
            let trigger = self.trigger(triggerCell, platform: platform, table: table)
            let actions = cellsByPart.compactMap { part, _ -> CopyAction? in
                guard case .action(let id) = part else { return nil }
                return CopyAction(id: id, label: entry(part))
            }
            let presentation = cellsByPart.contains { $0.part == .presentation } ? entry(.presentation) : nil
            return PlatformCopy(
                platform: platform, trigger: trigger, presentation: presentation, title: entry(.title),
                message: entry(.message), actions: actions)
        }
    }

    /// The platform of each column after the label column; nil for a column in error.
    private mutating func platformColumns(_ header: MarkdownNode) -> [Platform?] {
        var seen: Set<Platform> = []
        return header.children.dropFirst().map { cell in
            let name = cell.plainText.trimmingWhitespace()
            guard let platform = Platform(name: name), platforms.contains(platform) else {
                parser.diagnostics.report(
                    .unknownPlatformColumn(name, declared: platforms), at: parser.location(ofCell: cell))
                return nil
            }
            guard seen.insert(platform).inserted else {
                parser.diagnostics.report(.duplicatePlatformColumn(platform), at: parser.location(ofCell: cell))
                return nil
            }
            return platform
        }
    }

    /// Reads a row label; reports and returns nil when it is not a known row.
    private mutating func copyPart(_ cell: MarkdownNode) -> CopyPart? {
        let label = cell.plainText.trimmingWhitespace()
        switch label.lowercased() {
        case "trigger": return .trigger
        case "presentation": return .presentation
        case "title": return .title
        case "message": return .message
        default: break
        }
        guard label.lowercased().hasPrefix("action") else {
            parser.diagnostics.report(.unknownCopyRow(label), at: parser.location(ofCell: cell))
            return nil
        }
        guard let code = cell.children.first(where: { $0.kind == .code }), let id = code.literal else {
            parser.diagnostics.report(.missingActionID, at: parser.location(ofCell: cell))
            return nil
        }
        guard SlugID.isValid(id) else {
            parser.diagnostics.report(.malformedID(id), at: parser.location(of: code))
            return nil
        }
        return .action(id)
    }

    private mutating func trigger(_ cell: MarkdownNode?, platform: Platform, table: MarkdownNode) -> Trigger {
        guard let cell else {
            return Trigger(text: "", signals: [], location: parser.location(of: table))
        }
        let text = cell.plainText.trimmingWhitespace()
        let signals = ([cell] + cell.descendants).filter { $0.kind == .code }.compactMap(\.literal)
        let location = cell.hasPosition ? parser.location(ofCell: cell) : parser.location(of: table)
        if signals.isEmpty, !text.isEmpty {
            parser.diagnostics.report(.triggerWithoutSignal(platform), at: location)
        }
        return Trigger(text: text, signals: signals, location: location)
    }

    private func copyEntry(_ cell: MarkdownNode?, key: String, table: MarkdownNode) -> CopyEntry {
        guard let cell else { return CopyEntry(key: key, text: "", location: parser.location(of: table)) }
        let location = cell.hasPosition ? parser.location(ofCell: cell) : parser.location(of: table)
        let text = cell.plainText.trimmingWhitespace()
        guard let note = CopyEntry.noneNote(text) else { return CopyEntry(key: key, text: text, location: location) }
        return CopyEntry(key: key, text: nil, note: note.isEmpty ? nil : note, location: location)
    }
}

extension CopyEntry {
    /// For a cell that says nothing is shown (`None`, `None — reason`, `None (reason)`),
    /// the reason (possibly empty); nil for real copy.
    static func noneNote(_ text: String) -> String? {
        guard text.lowercased().hasPrefix("none") else { return nil }
        let rest = text.dropFirst(4)
        if let next = rest.first, next.isLetter || next.isNumber { return nil }
        let separators: Set<Character> = [" ", "—", "–", "-", ":", ",", ".", "(", ";"]
        var note = rest.drop { separators.contains($0) }
        if rest.first(where: { $0 != " " }) == "(", note.hasSuffix(")") { note = note.dropLast() }
        return String(note).trimmingWhitespace()
    }
}
