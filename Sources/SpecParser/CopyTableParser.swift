import Markdown
import SpecModel

// A copy table has a label column and one column per platform:
//
//     |                | iOS                                  | Android                              |
//     | -------------- | ------------------------------------ | ------------------------------------ |
//     | Trigger        | `ASAuthorizationError.Code.canceled` | `GetCredentialCancellationException` |
//     | Title          | None                                 | None                                 |
//     | Message        | None — the login screen stays as it was | None — …                          |
//     | Action `retry` | Try Again                            | Try again                            |
//
// A Title, Message or Action label may end in `(placeholders: %@, {name})`, declaring the
// format placeholders that row's copy may hold.

extension SpecWalker {
    mutating func parseCopyTable(_ table: MarkdownNode, scenarioID: String) -> [PlatformCopy] {
        let rows = table.children
        guard let header = rows.first else { return [] }
        let columns = platformColumns(header)
        for platform in platforms where !columns.contains(platform) {
            parser.diagnostics.report(.missingPlatformColumn(platform), at: parser.span(of: table))
        }

        var cellsByPart: [(part: CopyPart, cells: [Platform: MarkdownNode])] = []
        var placeholdersByPart: [CopyPart: [String]] = [:]
        var labelsByPart: [CopyPart: WrittenCell] = [:]
        for row in rows.dropFirst() {
            guard let labelCell = row.children.first, let (part, placeholders) = copyPart(labelCell) else { continue }
            if cellsByPart.contains(where: { $0.part == part }) {
                parser.diagnostics.report(.duplicateCopyRow(part.label), at: parser.span(ofCell: labelCell))
                continue
            }
            reportExtraCells(in: row, columns: header.children.count)
            var cells: [Platform: MarkdownNode] = [:]
            for (index, platform) in columns.enumerated() {
                guard let platform else { continue }
                let cell = index + 1 < row.children.count ? row.children[index + 1] : MarkdownNode(kind: .tableCell)
                let span = cell.position != nil ? parser.span(ofCell: cell) : parser.span(of: row)
                let text = cell.plainText.trimmingWhitespace()
                if text.isEmpty {
                    parser.diagnostics.report(.emptyCopyCell(row: part.label, platform: platform), at: span)
                } else if part.isCopy, Self.isPlaceholder(text) {
                    parser.diagnostics.report(.placeholderCopy(text, row: part.label, platform: platform), at: span)
                }
                cells[platform] = cell
            }
            cellsByPart.append((part, cells))
            placeholdersByPart[part] = placeholders
            labelsByPart[part] = written(labelCell)
            if let placeholders {
                checkPlaceholderSyntax(placeholders, columns: columns.compactMap(\.self), label: labelCell)
            }
        }
        for part in CopyPart.required where !cellsByPart.contains(where: { $0.part == part }) {
            parser.diagnostics.report(.missingCopyRow(part.label), at: parser.span(of: table))
        }

        return platforms.filter(columns.contains).map { platform in
            func entry(_ part: CopyPart) -> CopyEntry {
                var entry = copyEntry(
                    cellsByPart.first { $0.part == part }?.cells[platform], key: "\(scenarioID).\(part.keySegment)",
                    table: table)
                entry.placeholders = placeholdersByPart[part].map { Self.declared($0, for: platform) }
                entry.label = labelsByPart[part]
                return entry
            }
            let triggerCell = cellsByPart.first { $0.part == .trigger }?.cells[platform]
            let trigger = self.trigger(triggerCell, platform: platform, table: table)
            let actions = cellsByPart.compactMap { part, _ -> CopyAction? in
                guard case .action(let id) = part else { return nil }
                return CopyAction(id: id, label: entry(part))
            }
            let presentation = cellsByPart.contains { $0.part == .presentation } ? entry(.presentation) : nil
            let announcement = cellsByPart.contains { $0.part == .announcement } ? entry(.announcement) : nil
            return PlatformCopy(
                platform: platform, trigger: trigger, presentation: presentation, announcement: announcement,
                title: entry(.title),
                message: entry(.message), actions: actions)
        }
    }

    /// Words that stand in for copy not written yet: they must never reach a screen.
    static let placeholderWords: Set<String> = ["tbd", "tbc", "todo", "xxx", "fixme", "tk", "placeholder", "lorem"]

    /// Whether a cell holds a stand-in rather than copy: a dash or an ellipsis alone, or a
    /// stand-in word (`TBD`, `TODO`, `XXX`, `lorem ipsum`) anywhere in it.
    static func isPlaceholder(_ text: String) -> Bool {
        // "N/A" and its kin say a cell was not filled in: `None` is how the spec says nothing
        // is shown, and "N/A" would reach the screen.
        if ["-", "–", "—", "…", "...", "?", "??", "???", "n/a", "n.a.", "na"].contains(text.lowercased()) {
            return true
        }
        let words = text.lowercased().split { !$0.isLetter }.map(String.init)
        return words.contains(where: placeholderWords.contains)
    }

    /// Reports cells beyond the header's columns, which GitHub's table syntax drops without a
    /// word: counted on the row's own line, where the parsed table no longer has them.
    private mutating func reportExtraCells(in row: MarkdownNode, columns: Int) {
        guard let line = row.position?.startLine else { return }
        let text = parser.source.line(line)
        var starts: [Int] = []  // byte offset of each cell's content
        var offset = 0
        var escaped = false
        var cellStart: Int? = nil
        var first = true
        for byte in text.utf8 {
            defer { offset += 1 }
            if escaped {
                escaped = false
                continue
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                continue
            }
            if byte == UInt8(ascii: "|") {
                if let start = cellStart { starts.append(start) } else if !first { starts.append(offset) }
                cellStart = nil
                first = false
                continue
            }
            if cellStart == nil, byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t") {
                cellStart = offset
            }
            first = false
        }
        if let start = cellStart { starts.append(start) }
        guard starts.count > columns else { return }
        parser.diagnostics.report(
            .extraCopyCell(count: starts.count, columns: columns),
            at: parser.span(at: parser.source.location(line: line, column: starts[columns] + 1)))
    }

    /// The platform of each column after the label column; nil for a column in error.
    private mutating func platformColumns(_ header: MarkdownNode) -> [Platform?] {
        var seen: Set<Platform> = []
        return header.children.dropFirst().map { cell in
            let name = cell.plainText.trimmingWhitespace()
            guard let platform = Platform(name: name), platforms.contains(platform) else {
                // A column of a platform the metadata misspells goes without saying once the
                // metadata's name is reported (`unknown-platform`, about the same platform).
                parser.diagnostics.report(
                    .unknownPlatformColumn(name, declared: platforms), at: parser.span(ofCell: cell),
                    subjects: [.platform(Platform(name: name)?.rawValue ?? name)])
                return nil
            }
            guard seen.insert(platform).inserted else {
                parser.diagnostics.report(.duplicatePlatformColumn(platform), at: parser.span(ofCell: cell))
                return nil
            }
            return platform
        }
    }

    /// Reads a row label and the placeholders it declares (nil when it declares none);
    /// reports and returns nil when it is not a known row.
    private mutating func copyPart(_ cell: MarkdownNode) -> (part: CopyPart, placeholders: [String]?)? {
        let label = cell.plainText.trimmingWhitespace()
        let (name, placeholders) = Self.splitPlaceholders(label)
        let part: CopyPart
        switch name.lowercased() {
        case "trigger": part = .trigger
        case "presentation": part = .presentation
        case "announcement": part = .announcement
        case "title": part = .title
        case "message": part = .message
        default:
            guard name.lowercased().hasPrefix("action") else {
                parser.diagnostics.report(.unknownCopyRow(label), at: parser.span(ofCell: cell))
                return nil
            }
            guard name.lowercased() != "action", let code = cell.children.first(where: { $0.kind == .code }),
                let id = code.literal
            else {
                parser.diagnostics.report(.missingActionID, at: parser.span(ofCell: cell))
                return nil
            }
            guard SlugID.isValid(id) else {
                parser.diagnostics.report(
                    .malformedID(id), at: SourceSpan(at: parser.location(of: code), length: id.utf8.count))
                return nil
            }
            part = .action(id)
        }
        // Trigger, Presentation and Announcement cells are not copy, so they hold no placeholders.
        if placeholders != nil, !part.isCopy {
            parser.diagnostics.report(.unknownCopyRow(label), at: parser.span(ofCell: cell))
            return nil
        }
        return (part, placeholders)
    }

    /// The placeholders a label declares for `platform`: those after its name (`iOS %@,
    /// Android %1$s`), and those before any platform name, which apply to every column.
    static func declared(_ tokens: [String], for platform: Platform) -> [String] {
        var current: Platform?
        var result: [String] = []
        for token in tokens {
            if let named = Platform(name: token) {
                current = named
            } else if current == nil || current == platform {
                result.append(token)
            }
        }
        return result
    }

    /// Reports each placeholder a column is declared to hold in a syntax its platform's
    /// formatter does not read (`%@` for Android, which formats with Java's `Formatter`).
    private mutating func checkPlaceholderSyntax(_ tokens: [String], columns: [Platform], label: MarkdownNode) {
        for platform in columns {
            let syntax = platform.copyConventions.placeholders
            for placeholder in Self.declared(tokens, for: platform) where !syntax.accepts(placeholder) {
                parser.diagnostics.report(
                    .placeholderSyntax(placeholder, platform: platform), at: parser.span(ofCell: label))
            }
        }
    }

    /// Splits `Message (placeholders: %@, {name})` into the row name and the declared
    /// placeholders, separated by commas or spaces. A label without the suffix, or with an
    /// empty list, comes back whole with nil.
    static func splitPlaceholders(_ label: String) -> (name: String, placeholders: [String]?) {
        let keyword = "placeholders:"
        guard label.hasSuffix(")"), let open = label.lastIndex(of: "(") else { return (label, nil) }
        let inner = label[label.index(after: open)..<label.index(before: label.endIndex)]
        guard inner.lowercased().hasPrefix(keyword) else { return (label, nil) }
        let placeholders = inner.dropFirst(keyword.count).split { $0 == "," || $0 == " " || $0 == "\t" }
            .map(String.init)
        guard !placeholders.isEmpty else { return (label, nil) }
        return (String(label[..<open]).trimmingWhitespace(), placeholders)
    }

    private mutating func trigger(_ cell: MarkdownNode?, platform: Platform, table: MarkdownNode) -> Trigger {
        guard let cell else {
            var trigger = Trigger(text: "", signals: [], location: parser.location(of: table))
            trigger.end = parser.span(of: table).end
            return trigger
        }
        let text = cell.plainText.trimmingWhitespace()
        let signals = ([cell] + cell.descendants).filter { $0.kind == .code }.compactMap(\.literal)
        let span = cell.position != nil ? parser.span(ofCell: cell) : parser.span(of: table)
        if signals.isEmpty, !text.isEmpty {
            // About the cell, so that names the flow finds in its plain text say it instead.
            parser.diagnostics.report(
                .triggerWithoutSignal(platform), at: span, subjects: [.triggerCell(at: span.start)])
        }
        var trigger = Trigger(
            text: text, signals: signals, names: triggerNames(signals, cell: cell), location: span.start)
        trigger.end = span.end
        trigger.written = written(cell)?.text
        return trigger
    }

    /// Finds each code span of a Trigger cell in its source line, in order, for the column of
    /// the name and the raw value written after it: `` `ASAuthorizationError.Code.failed` (1004) ``.
    private func triggerNames(_ signals: [String], cell: MarkdownNode) -> [TriggerName] {
        let cellLocation = parser.location(ofCell: cell)
        let line = Array(parser.source.line(cellLocation.line).utf8)
        // cmark-gfm may place the cell at its first inline, inside a code span; start the scan
        // at the cell's opening pipe so spans pair up as written.
        var cursor = min(max(0, cellLocation.column - 1), line.count)
        while cursor > 0, line[cursor - 1] != UInt8(ascii: "|") { cursor -= 1 }
        return signals.map { signal in
            let needle = Array(signal.utf8)
            guard let start = Self.firstCodeSpan(containing: needle, in: line, from: cursor) else {
                var name = TriggerName(name: signal, location: cellLocation)
                name.end = parser.span(ofCell: cell).end
                return name
            }
            cursor = start.end
            let rawValue = Self.parenthesizedNumber(in: line, from: start.end)
            var name = TriggerName(
                name: signal, rawValue: rawValue?.digits,
                location: parser.source.location(line: cellLocation.line, column: start.content + 1))
            name.end = SourceSpan.End(line: cellLocation.line, column: start.content + 1 + needle.count)
            name.codeSpan = SourceSpan(
                file: parser.source.path, line: cellLocation.line, columns: (start.open + 1)..<(start.end + 1))
            if let rawValue {
                name.rawValueSpan = SourceSpan(
                    file: parser.source.path, line: cellLocation.line,
                    columns: (rawValue.offset + 1)..<(rawValue.offset + 1 + rawValue.digits.utf8.count))
            }
            return name
        }
    }

    /// The first backtick-delimited span at or after `from` whose content is `needle`
    /// (CommonMark strips one space on each side): the content's offset and the offset after
    /// the closing backticks.
    static func firstCodeSpan(
        containing needle: [UInt8], in line: [UInt8], from: Int
    ) -> (open: Int, content: Int, end: Int)? {
        let tick = UInt8(ascii: "`")
        var index = from
        while index < line.count {
            guard line[index] == tick else {
                index += 1
                continue
            }
            var run = 0
            while index + run < line.count, line[index + run] == tick { run += 1 }
            let open = index + run
            var close = open
            var found: Int?
            while close < line.count {
                if line[close] == tick {
                    var closing = 0
                    while close + closing < line.count, line[close + closing] == tick { closing += 1 }
                    if closing == run {
                        found = close
                        break
                    }
                    close += closing
                } else {
                    close += 1
                }
            }
            guard let end = found else { return nil }
            var contentStart = open
            var contentEnd = end
            if contentEnd - contentStart >= 2, line[contentStart] == UInt8(ascii: " "),
                line[contentEnd - 1] == UInt8(ascii: " ")
            {
                contentStart += 1
                contentEnd -= 1
            }
            if Array(line[contentStart..<contentEnd]) == needle { return (index, contentStart, end + run) }
            index = end + run
        }
        return nil
    }

    /// The digits of `(1004)` when it follows `offset` after optional spaces, and where they
    /// start.
    static func parenthesizedNumber(in line: [UInt8], from offset: Int) -> (digits: String, offset: Int)? {
        var index = offset
        while index < line.count, line[index] == UInt8(ascii: " ") { index += 1 }
        guard index < line.count, line[index] == UInt8(ascii: "(") else { return nil }
        index += 1
        let digits = line[index...].prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        guard !digits.isEmpty, index + digits.count < line.count, line[index + digits.count] == UInt8(ascii: ")")
        else { return nil }
        return (String(decoding: digits, as: UTF8.self), index)
    }

    private func copyEntry(_ cell: MarkdownNode?, key: String, table: MarkdownNode) -> CopyEntry {
        let span =
            cell.map { $0.position != nil ? parser.span(ofCell: $0) : parser.span(of: table) } ?? parser.span(of: table)
        var entry: CopyEntry
        if let cell {
            let text = cell.plainText.trimmingWhitespace()
            if let note = CopyEntry.noneNote(text) {
                entry = CopyEntry(key: key, text: nil, note: note.isEmpty ? nil : note, location: span.start)
            } else {
                entry = CopyEntry(key: key, text: text, location: span.start)
            }
        } else {
            entry = CopyEntry(key: key, text: "", location: span.start)
        }
        entry.end = span.end
        entry.written = cell.flatMap(written)?.text
        return entry
    }

    /// A cell's Markdown as written, when it lies on one line and is not empty.
    private func written(_ cell: MarkdownNode) -> WrittenCell? {
        guard cell.position != nil else { return nil }
        let span = parser.span(ofCell: cell)
        guard span.endLine == span.start.line else { return nil }
        let bytes = Array(parser.source.line(span.start.line).utf8)
        let range = max(span.start.column - 1, 0)..<min(max(span.endColumn - 1, 0), bytes.count)
        guard !range.isEmpty else { return nil }
        return WrittenCell(text: String(decoding: bytes[range], as: UTF8.self), span: span)
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
