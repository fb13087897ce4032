import Foundation
import LanguageServerProtocol
import Markdown
import ReportModel
import SpecModel
import SpecParser
import SpecRunner
import Utilities

/// An open page as the editor features read it: the parse the source store made of this
/// version of its text (the same one the lint read), the spec it holds (nil while the page is
/// too broken to be one), its flow, and where its Markdown tree puts check blocks, code, tables
/// and metadata comments. The text's lines are kept only to count positions.
struct DocumentModel {
    /// A stretch of one line, in UTF-8 bytes from the start of the line.
    struct Span: Equatable {
        var line: Int
        var start: Int
        var end: Int

        func contains(line: Int, byte: Int) -> Bool { self.line == line && start <= byte && byte <= end }
    }

    /// A Markdown table: its rows' line indices, the delimiter row second.
    struct Table {
        var lines: [Int]
        /// The header's cells, trimmed.
        var header: [String]
    }

    /// A metadata comment of the page, where it starts, as the parser reads it.
    struct Comment {
        /// 0-based line of its `<!--`.
        var line: Int
        /// Byte offset of its `<!--` in that line.
        var start: Int
        var metadata: MetadataComment
    }

    let path: String
    let text: String
    /// Each line's bytes, without its line break.
    let lines: [[UInt8]]
    let encoding: TextPositions.Encoding
    let spec: Spec?
    let registry: FlowRegistry
    /// The flow the page's metadata names, if it names a registered one.
    let flow: Flow?
    /// Lines inside a ```` ```gherkin ```` block (not the fences).
    let gherkinLines: Set<Int>
    /// Lines inside any fenced code block, fences included.
    let codeLines: Set<Int>
    let tables: [Table]
    /// The metadata comments, in page order.
    let comments: [Comment]

    /// The document of `path` with `text`, as the store parsed it (`loaded`).
    init(path: String, text: String, encoding: TextPositions.Encoding, registry: FlowRegistry, loaded: LoadedFile) {
        self.path = path
        self.text = text
        self.encoding = encoding
        self.registry = registry
        // The parser's lines (LF, CR or CRLF): a line number means the same line to both.
        lines = TextLines.split(text).map { Array($0.utf8) }
        if case .spec(let spec) = loaded.page { self.spec = spec } else { spec = nil }
        var gherkin = Set<Int>()
        var code = Set<Int>()
        var tables: [Table] = []
        var comments: [Comment] = []
        for block in loaded.document?.children ?? [] {
            guard let position = block.position else { continue }
            let first = position.startLine - 1
            let last = max(position.endLine - 1, first)
            switch block.kind {
            case .codeBlock where block.fence != nil:
                code.formUnion(first...last)
                let language = (block.info ?? "").split(separator: " ").first.map { $0.lowercased() }
                if language == "gherkin", last > first {
                    // The lines between the fences; an unclosed block runs to the page's end.
                    let closed = Self.isClosingFence(lines.indices.contains(last) ? lines[last] : [], block.fence)
                    gherkin.formUnion((first + 1)...(closed ? last - 1 : last))
                }
            case .table:
                let rows = block.children.compactMap { $0.position.map { $0.startLine - 1 } }
                guard let head = rows.first else { continue }
                // The delimiter row is the line under the header.
                let header = block.children.first?.children.map { $0.plainText.trimmingWhitespace() } ?? []
                tables.append(Table(lines: [head, head + 1] + rows.dropFirst(), header: header))
            case .htmlBlock:
                if let metadata = MetadataComment(html: block.literal ?? "") {
                    comments.append(Comment(line: first, start: position.startColumn - 1, metadata: metadata))
                }
            default:
                break
            }
        }
        gherkinLines = gherkin
        codeLines = code
        self.tables = tables
        self.comments = comments
        let flowName = spec?.flow?.name ?? comments.first.flatMap { $0.metadata.value("flow") }
        flow = flowName.flatMap { registry.flow(id: $0) }
    }

    private static func isClosingFence(_ bytes: [UInt8], _ fence: MarkdownNode.Fence?) -> Bool {
        guard let fence, let mark = fence.character.asciiValue else { return false }
        let trimmed = bytes.drop { $0 == UInt8(ascii: " ") }.reversed().drop {
            $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\r")
        }
        return trimmed.count >= fence.length && trimmed.allSatisfy { $0 == mark }
    }

    // MARK: - Lines and positions

    func string(_ line: Int) -> String {
        lines.indices.contains(line) ? String(decoding: lines[line], as: UTF8.self) : ""
    }

    /// The byte offset in `line` of a protocol position's character, in the negotiated
    /// encoding; clamped to the line, and never inside a character.
    func byte(line: Int, character: Int) -> Int {
        guard lines.indices.contains(line) else { return 0 }
        let bytes = lines[line]
        if encoding == .utf8 {
            var offset = min(max(character, 0), bytes.count)
            // A position inside a multi-byte character counts as its start.
            while offset > 0, offset < bytes.count, bytes[offset] & 0xC0 == 0x80 { offset -= 1 }
            return offset
        }
        var units = 0
        var offset = 0
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            if units >= character { break }
            units += scalar.utf16.count
            offset += scalar.utf8.count
        }
        return offset
    }

    /// The protocol position of a byte offset in a line.
    func position(line: Int, byte: Int) -> Position {
        guard lines.indices.contains(line) else { return Position(line: max(line, 0), character: 0) }
        let prefix = String(decoding: lines[line].prefix(max(byte, 0)), as: UTF8.self)
        return Position(line: line, character: encoding == .utf8 ? prefix.utf8.count : prefix.utf16.count)
    }

    func range(_ span: Span) -> TextRange {
        TextRange(start: position(line: span.line, byte: span.start), end: position(line: span.line, byte: span.end))
    }

    /// The protocol range of a span of the tool's (1-based lines and byte columns, its end
    /// excluded).
    func range(of span: SourceSpan) -> TextRange {
        TextRange(
            start: position(line: span.start.line - 1, byte: span.start.column - 1),
            end: position(line: span.endLine - 1, byte: span.endColumn - 1))
    }

    /// The whole of a line, without its break.
    func lineSpan(_ line: Int) -> Span {
        Span(line: line, start: 0, end: lines.indices.contains(line) ? lines[line].count : 0)
    }

    /// A protocol position as a line and byte; nil when the position is not in the document.
    func location(_ position: Position) -> (line: Int, byte: Int)? {
        guard lines.indices.contains(position.line) else { return nil }
        return (position.line, byte(line: position.line, character: position.character))
    }

    /// A text edit replacing a span.
    func edit(_ span: Span, _ text: String) -> TextEdit {
        TextEdit(range: range(span), newText: text)
    }

    /// The span of a model location's line, from its column to `length` bytes on.
    func span(_ location: SourceLocation, length: Int = 0) -> Span {
        let line = max(location.line - 1, 0)
        let start = max(location.column - 1, 0)
        return Span(line: line, start: start, end: start + length)
    }

    // MARK: - Words

    /// Characters of the names a page uses: IDs, criterion IDs and dotted native names.
    static func isNameByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
    }

    /// The name the byte is in or just after, without a sentence's closing dot.
    func word(line: Int, byte: Int) -> (text: String, span: Span)? {
        guard lines.indices.contains(line) else { return nil }
        let bytes = lines[line]
        var start = min(byte, bytes.count)
        var end = start
        while start > 0, Self.isNameByte(bytes[start - 1]) { start -= 1 }
        while end < bytes.count, Self.isNameByte(bytes[end]) { end += 1 }
        while end > start, bytes[end - 1] == UInt8(ascii: ".") { end -= 1 }
        guard end > start else { return nil }
        return (String(decoding: bytes[start..<end], as: UTF8.self), Span(line: line, start: start, end: end))
    }

    /// The text between the quotes around the byte on a line, and its span (quotes excluded);
    /// a quote left open runs to the end of the line, as while a value is being typed.
    func quoted(line: Int, byte: Int) -> (text: String, span: Span)? {
        enclosed(by: UInt8(ascii: "\""), line: line, byte: byte, openToTheEnd: true)
    }

    /// The text between the backticks around the byte, and its span (backticks excluded).
    func backticked(line: Int, byte: Int) -> (text: String, span: Span)? {
        enclosed(by: UInt8(ascii: "`"), line: line, byte: byte, openToTheEnd: false)
    }

    /// The text between a pair of `mark`s around the byte (marks paired from the line's
    /// start), and its span; with `openToTheEnd`, a last mark without its pair runs to the
    /// end of the line.
    private func enclosed(by mark: UInt8, line: Int, byte: Int, openToTheEnd: Bool) -> (text: String, span: Span)? {
        guard lines.indices.contains(line) else { return nil }
        let bytes = lines[line]
        let marks = bytes.indices.filter { bytes[$0] == mark }
        var index = 0
        while index < marks.count {
            let open = marks[index]
            guard index + 1 < marks.count || openToTheEnd else { return nil }
            let close = index + 1 < marks.count ? marks[index + 1] : bytes.count
            if byte > open, byte <= close {
                return (
                    String(decoding: bytes[(open + 1)..<close], as: UTF8.self),
                    Span(line: line, start: open + 1, end: close)
                )
            }
            index += 2
        }
        return nil
    }

    // MARK: - Steps

    /// A step line of a check block: its keyword (nil while none is typed) and where its text
    /// starts.
    func step(line: Int) -> (keyword: StepKeyword?, textStart: Int, text: String)? {
        guard gherkinLines.contains(line) else { return nil }
        let bytes = lines[line]
        var start = 0
        while start < bytes.count, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") {
            start += 1
        }
        let rest = String(decoding: bytes[start...], as: UTF8.self)
        if rest.hasPrefix("Scenario:") || rest.hasPrefix("Feature:") || rest.hasPrefix("#") { return nil }
        for keyword in StepKeyword.allCases where rest.hasPrefix(keyword.rawValue + " ") {
            var textStart = start + keyword.rawValue.utf8.count
            while textStart < bytes.count, bytes[textStart] == UInt8(ascii: " ") { textStart += 1 }
            return (keyword, textStart, String(decoding: bytes[textStart...], as: UTF8.self))
        }
        return (nil, start, rest)
    }

    /// The flow's pattern a step's text matches, if exactly one does.
    func pattern(ofStep text: String, line: Int) -> StepPattern? {
        guard let flow else { return nil }
        let step = Step(keyword: .given, text: text, location: SourceLocation(file: path, line: line + 1, column: 1))
        if case .bound(let bound) = flow.steps.bind(step) { return bound.pattern }
        return nil
    }

    // MARK: - Scenarios and criteria

    /// The page's scenario IDs: the parsed spec's, or those of the scenario comments.
    var scenarioIDs: [String] {
        if let spec, !spec.scenarios.isEmpty { return spec.scenarios.map(\.id) }
        return scenarioComments.map(\.id)
    }

    /// Every `<!-- scenario: ID -->` comment, with where its ID is.
    var scenarioComments: [(id: String, span: Span)] {
        comments.compactMap { comment in
            guard comment.metadata.kind == "scenario", let field = comment.metadata.field("scenario"),
                !field.value.isEmpty
            else { return nil }
            let start = comment.start + field.valueOffset
            return (field.value, Span(line: comment.line, start: start, end: start + field.value.utf8.count))
        }
    }

    /// A metadata comment's field on a line: its value and where the value is.
    func metadataField(_ key: String, line: Int) -> (value: String, span: Span)? {
        guard let comment = comments.first(where: { $0.line == line }), let field = comment.metadata.field(key) else {
            return nil
        }
        let start = comment.start + field.valueOffset
        return (field.value, Span(line: line, start: start, end: start + field.value.utf8.count))
    }

    /// Every span in check blocks where a step names `id` in quotes (quotes excluded).
    func stepMentions(of id: String) -> [Span] {
        let needle = Array("\"\(id)\"".utf8)
        var found: [Span] = []
        for line in gherkinLines.sorted() {
            let bytes = lines[line]
            guard bytes.count >= needle.count else { continue }
            var index = 0
            while index + needle.count <= bytes.count {
                if Array(bytes[index..<(index + needle.count)]) == needle {
                    found.append(Span(line: line, start: index + 1, end: index + needle.count - 1))
                    index += needle.count
                } else {
                    index += 1
                }
            }
        }
        return found
    }

    /// The criteria table's rows: each ID with the span of its first cell's text.
    var criterionRows: [(id: String, span: Span)] {
        tables.flatMap { table in
            table.lines.dropFirst(2).compactMap { line -> (String, Span)? in
                guard let cell = Self.cells(lines[line]).first else { return nil }
                let text = String(decoding: lines[line][cell], as: UTF8.self)
                guard CriterionID(text) != nil else { return nil }
                return (text, Span(line: line, start: cell.lowerBound, end: cell.upperBound))
            }
        }
    }

    // MARK: - Metadata and tables

    /// The byte ranges of a table row's cells, trimmed of blanks; bars escaped with `\` do not
    /// split cells.
    static func cells(_ bytes: [UInt8]) -> [Range<Int>] {
        var bars: [Int] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == UInt8(ascii: "|") { bars.append(index) }
            index += 1
        }
        var ranges: [Range<Int>] = []
        let leading = bytes.firstIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ?? bytes.count
        var boundaries = bars
        // A row written without its outer bars still has a first and a last cell.
        if bars.first != leading { boundaries.insert(leading - 1, at: 0) }
        let trailing = (bytes.lastIndex { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } ?? -1) + 1
        if bars.last.map({ $0 + 1 }) != trailing { boundaries.append(trailing) }
        for (open, close) in zip(boundaries, boundaries.dropFirst()) {
            var start = open + 1
            var end = close
            while start < end, bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t") { start += 1 }
            while end > start, bytes[end - 1] == UInt8(ascii: " ") || bytes[end - 1] == UInt8(ascii: "\t") { end -= 1 }
            ranges.append(start..<end)
        }
        return ranges
    }

    /// Whether a row is a table's delimiter row: cells of dashes with optional colons.
    static func isDelimiterRow(_ bytes: [UInt8]) -> Bool {
        let cells = cells(bytes)
        return !cells.isEmpty && bytes.contains(UInt8(ascii: "-"))
            && cells.allSatisfy { range in
                let cell = bytes[range]
                guard !cell.isEmpty else { return false }
                let inner = cell.drop { $0 == UInt8(ascii: ":") }.reversed().drop { $0 == UInt8(ascii: ":") }
                return !inner.isEmpty && inner.allSatisfy { $0 == UInt8(ascii: "-") }
            }
    }

    /// The table a line is a row of.
    func table(containing line: Int) -> Table? { tables.first { $0.lines.contains(line) } }

    /// The platform whose column of a copy table holds the byte, and the row's label.
    func copyCell(line: Int, byte: Int) -> (platform: Platform, label: String)? {
        guard let table = table(containing: line), table.lines.firstIndex(of: line).map({ $0 >= 2 }) == true
        else { return nil }
        let bytes = lines[line]
        let cells = Self.cells(bytes)
        // The cell the byte is in: the bars before it, less the row's opening bar.
        var column = 0
        var index = 0
        while index < min(byte, bytes.count) {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == UInt8(ascii: "|") { column += 1 }
            index += 1
        }
        let opening = bytes.first { $0 != UInt8(ascii: " ") && $0 != UInt8(ascii: "\t") } == UInt8(ascii: "|")
        if opening { column -= 1 }
        guard column >= 0, column < cells.count, column < table.header.count,
            let platform = Platform(name: table.header[column]), let first = cells.first
        else { return nil }
        return (platform, String(decoding: bytes[first], as: UTF8.self))
    }
}
