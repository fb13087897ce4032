import CommonMark
import Markdown
import SpecModel
import Utilities

/// What one file of the content turned out to be.
public enum ParsedPage: Sendable, Equatable {
    case spec(Spec)
    case page(Page)
    /// A translation file beside a spec (`login-error-states.de.json`).
    case translation(Translation)

    /// Whether it is a translation file rather than a page.
    public var isTranslation: Bool {
        if case .translation = self { true } else { false }
    }
}

/// Turns one validated Markdown file into a spec or a plain page, reporting every problem
/// it finds along the way rather than stopping at the first.
public struct PageParser {
    let source: SourceFile
    /// The path relative to the content root, stored in the model for the site's URLs.
    let relativePath: String
    var diagnostics = DiagnosticBag()
    /// Where the page's ID is written (the `spec:` or `page:` value), once parsed.
    var idSpan: SourceSpan?

    public init(source: SourceFile, relativePath: String) {
        self.source = source
        self.relativePath = relativePath
    }

    /// Parses the file; the result is nil when the file is not a page at all.
    public static func parse(_ source: SourceFile, relativePath: String) -> (ParsedPage?, [Diagnostic]) {
        let read = read(source, relativePath: relativePath)
        return (read.page, read.diagnostics)
    }

    /// `parse`, with where the page's ID is written (the `spec:` or `page:` value): what
    /// spans pages, such as an ID used twice, is reported there.
    public static func read(
        _ source: SourceFile, relativePath: String
    ) -> (page: ParsedPage?, diagnostics: [Diagnostic], idSpan: SourceSpan?, document: MarkdownNode) {
        // A check block that a heading interrupts is closed before the heading and reported
        // once, at its opening fence; the rest of the page is read as written.
        let repair = CheckBlockRepair.repair(source)
        let read = repair.text.map { SourceFile(path: source.path, text: $0) } ?? source
        var parser = PageParser(source: read, relativePath: relativePath)
        for line in repair.openings {
            parser.diagnostics.report(.unclosedCheckBlock, at: parser.span(at: read.location(line: line, column: 1)))
        }
        let document = CommonMarkConverter.parse(read.text)
        let page = parser.parse(document.children)
        return (page, parser.diagnostics.diagnostics, parser.idSpan, document)
    }

    /// The kind and ID the first metadata comment of a page's text declares (`page` and
    /// `home` for the home page), read without parsing the page: how the content's root is
    /// found from a page or folder inside it.
    public static func declaredID(in text: Substring) -> (kind: String, id: String)? {
        guard let open = text.range(of: "<!--"),
            let close = text.range(of: "-->", range: open.upperBound..<text.endIndex),
            let comment = MetadataComment(html: String(text[open.lowerBound..<close.upperBound]))
        else { return nil }
        return (comment.kind, comment.value(comment.kind) ?? "")
    }

    mutating func parse(_ blocks: [MarkdownNode]) -> ParsedPage? {
        guard let first = blocks.first else {
            diagnostics.report(.emptyFile, at: source.location(line: 1, column: 1))
            return nil
        }
        guard case .heading(level: 1) = first.kind else {
            let hasTitle = blocks.contains { $0.kind == .heading(level: 1) }
            diagnostics.report(hasTitle ? .missingTitle : .notASpecPage, at: span(of: first))
            return nil
        }
        let title = first.plainText.trimmingWhitespace()
        guard blocks.count > 1, blocks[1].kind == .htmlBlock,
            let metadata = MetadataComment(html: blocks[1].literal ?? ""),
            metadata.kind == "spec" || metadata.kind == "page"
        else {
            diagnostics.report(.notASpecPage, at: source.location(line: (first.position?.endLine ?? 0) + 1, column: 1))
            return nil
        }
        let rest = Array(blocks.dropFirst(2))
        if metadata.kind == "page" {
            return .page(
                parsePage(title: title, metadata: metadata, metadataBlock: blocks[1], body: rest, titleBlock: first))
        }
        return parseSpec(title: title, metadata: metadata, metadataBlock: blocks[1], body: rest, titleBlock: first)
            .map(ParsedPage.spec)
    }

    // MARK: - Plain pages

    private mutating func parsePage(
        title: String, metadata: MetadataComment, metadataBlock: MarkdownNode, body: [MarkdownNode],
        titleBlock: MarkdownNode
    ) -> Page {
        let id = metadata.value("page") ?? ""
        let metadata = checkKeys(metadata, allowed: ["page"], block: metadataBlock)
        idSpan = span(of: metadataBlock, field: metadata.field("page"))
        if !SlugID.isValid(id) {
            diagnostics.report(.malformedID(id), at: span(of: metadataBlock, field: metadata.field("page")))
        }
        for block in body where block.kind == .heading(level: 1) {
            diagnostics.report(.duplicateTitle, at: span(of: block))
        }
        let prose = body.filter { $0.kind != .htmlBlock }.map(prose(of:))
        var page = Page(id: id, title: title, path: relativePath, body: prose, location: location(of: titleBlock))
        page.end = span(of: titleBlock).end
        return page
    }

    // MARK: - Spec pages

    private mutating func parseSpec(
        title: String, metadata: MetadataComment, metadataBlock: MarkdownNode, body: [MarkdownNode],
        titleBlock: MarkdownNode
    ) -> Spec? {
        let metadata = checkKeys(metadata, allowed: ["spec", "flow", "platforms"], block: metadataBlock)
        var specID = metadata.value("spec") ?? ""
        let specIDSpan = span(of: metadataBlock, field: metadata.field("spec"))
        idSpan = specIDSpan
        if !SpecID.isValid(specID) {
            let meant = SpecID.isValid(specID.uppercased()) && !specID.isEmpty ? specID.uppercased() : nil
            diagnostics.report(
                .malformedSpecID(specID, meant: meant), at: specIDSpan,
                fixIts: meant.map { [.replace(specIDSpan, with: $0)] } ?? [])
            // The page is read on as the spec the writer meant, so that its criteria are not
            // each reported as another spec's (see `SpecWalker.specID`).
            if let meant { specID = meant }
        }
        let platforms = parsePlatforms(metadata, block: metadataBlock)
        let flow = metadata.field("flow").map { field in
            var name = FlowName(field.value, at: location(of: metadataBlock, field: field))
            name.end = span(of: metadataBlock, field: field).end
            return name
        }
        var walker = SpecWalker(specID: specID, platforms: platforms, parser: self)
        walker.walk(body)
        diagnostics = walker.parser.diagnostics
        for index in walker.criteria.indices {
            walker.criteria[index].notes = walker.criterionNotes[walker.criteria[index].id] ?? []
        }
        var spec = Spec(
            id: specID, title: title, path: relativePath, flow: flow, platforms: platforms,
            introduction: walker.introduction,
            sections: walker.sections, criteria: walker.criteria, checks: walker.checks, references: walker.references,
            benchmark: walker.benchmark, location: location(of: titleBlock))
        spec.end = span(of: titleBlock).end
        validateCrossReferences(&spec, checkHeadings: walker.checkHeadings)
        return spec
    }

    private mutating func parsePlatforms(_ metadata: MetadataComment, block: MarkdownNode) -> [Platform] {
        guard let field = metadata.field("platforms"), !field.value.isEmpty else {
            diagnostics.report(.missingPlatforms, at: span(of: block, field: metadata.field("platforms")))
            return []
        }
        var platforms: [Platform] = []
        let valueStart = location(of: block, field: field)
        let line = source.line(valueStart.line).utf8
        var searchFrom = max(valueStart.column - 1, 0)
        for name in field.value.split(separator: ",").map({ String($0).trimmingWhitespace() }) where !name.isEmpty {
            // Each name where it is written on the comment's line, for its span and its fix.
            let offset = Self.offset(of: Array(name.utf8), in: Array(line), from: searchFrom)
            let nameSpan =
                offset.map {
                    SourceSpan(at: source.location(line: valueStart.line, column: $0 + 1), length: name.utf8.count)
                } ?? SourceSpan(at: valueStart)
            if let offset { searchFrom = offset + name.utf8.count }
            if let platform = Platform(name: name) {
                if !platforms.contains(platform) { platforms.append(platform) }
            } else {
                let meant = closest(to: name, in: Platform.known.map(\.rawValue))
                diagnostics.report(
                    .unknownPlatform(name, suggestion: meant), at: nameSpan,
                    fixIts: meant.map { [FixIt.replace(nameSpan, with: $0)] } ?? [],
                    subjects: [.platform(name)] + (meant.map { [.platform($0)] } ?? []))
            }
        }
        return platforms
    }

    /// Checks and references may name criteria defined anywhere on the page, so they are
    /// checked once the whole page is read.
    private mutating func validateCrossReferences(_ spec: inout Spec, checkHeadings: [(CriterionID, SourceSpan)]) {
        let known = Set(spec.criteria.map(\.id))
        var reported = Set<CriterionID>()
        for (id, span) in checkHeadings where !known.contains(id) && reported.insert(id).inserted {
            diagnostics.report(.checkForUnknownCriterion(id.description), at: span)
        }
        // One error per reference item, however many links it holds and however long its range.
        var reportedItems = Set<String>()
        for reference in spec.references where reportedItems.insert(reference.summary).inserted {
            let unknown = reference.criteria.filter { !known.contains($0) }.map(\.description)
            if !unknown.isEmpty {
                diagnostics.report(.referenceToUnknownCriterion(unknown), at: reference.span)
            }
        }
    }

    // MARK: - Shared helpers

    /// Reports each key the comment does not take; returns the comment with a misspelt key
    /// (`platform` for `platforms`) read as the key it is nearest, so that nothing downstream
    /// reports the same mistake again.
    mutating func checkKeys(_ metadata: MetadataComment, allowed: Set<String>, block: MarkdownNode) -> MetadataComment {
        var corrected = metadata
        for (index, field) in metadata.fields.enumerated() where !allowed.contains(field.key) {
            let keySpan = span(ofKey: field, in: block)
            if let meant = closest(to: field.key, in: allowed.sorted()), metadata.field(meant) == nil {
                diagnostics.report(
                    .malformedMetadata("unknown key '\(field.key)'; did you mean '\(meant)'? It is read as '\(meant)'"),
                    at: keySpan, fixIts: [FixIt.replace(keySpan, with: meant)])
                corrected.fields[index].key = meant
                continue
            }
            let keys = allowed.sorted().map { "'\($0)'" }.joined(separator: ", ")
            diagnostics.report(
                .malformedMetadata("unknown key '\(field.key)'; this comment takes \(keys)"), at: keySpan)
        }
        return corrected
    }

    /// Where a node starts.
    /// Where a node starts; the file's start for the rare node cmark-gfm gives no position
    /// (block nodes always have one).
    func location(of node: MarkdownNode) -> SourceLocation {
        guard let position = node.position else { return source.location(line: 1, column: 1) }
        return source.location(line: position.startLine, column: position.startColumn)
    }

    /// Where a metadata field's value starts, or the comment when the field is missing.
    func location(of block: MarkdownNode, field: MetadataComment.Field?) -> SourceLocation {
        guard let field, let position = block.position else { return location(of: block) }
        let line = source.line(position.startLine)
        let leading = line.utf8.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
        return source.location(line: position.startLine, column: leading + field.valueOffset + 1)
    }

    /// Where a table cell's content starts (after the padding space), or the cell itself.
    func location(ofCell cell: MarkdownNode) -> SourceLocation {
        if let first = cell.children.first, first.position != nil { return location(of: first) }
        return location(of: cell)
    }

    /// How many cells a table row written as `line` has: the bars that separate cells, not
    /// counting a leading or trailing one, nor one escaped or inside a code span.
    static func tableCellCount(_ line: String) -> Int {
        let bytes = Array(line.utf8)
        var bars = 0
        var index = 0
        var inCode = false
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "`"): inCode.toggle()
            case UInt8(ascii: "|") where !inCode: bars += 1
            default: break
            }
            index += 1
        }
        let trimmed = line.trimmingWhitespace()
        let leading = trimmed.hasPrefix("|") ? 1 : 0
        let trailing = trimmed.hasSuffix("|") && trimmed.count > 1 ? 1 : 0
        return bars - leading - trailing + 1
    }

    // MARK: - Spans

    /// The first line of a node, from its start to the end of its text on that line: a
    /// heading, a table's header row, a code block's opening fence, a list item's first line.
    func span(of node: MarkdownNode) -> SourceSpan {
        let start = location(of: node)
        guard node.position != nil else { return SourceSpan(at: start) }
        return SourceSpan(at: start, length: textEnd(ofLine: start.line) - (start.column - 1))
    }

    /// What a node covers, to just past its last byte (cmark-gfm counts an end inclusively).
    func extent(of node: MarkdownNode) -> SourceSpan {
        let start = location(of: node)
        guard let position = node.position, position.endLine >= start.line else { return SourceSpan(at: start) }
        return SourceSpan(start: start, endLine: position.endLine, endColumn: position.endColumn + 1)
    }

    /// A table cell's content as written, from its first byte after the bar's padding to its
    /// last before the next bar (bars inside code spans or escaped do not end it).
    func span(ofCell cell: MarkdownNode) -> SourceSpan {
        let start = location(ofCell: cell)
        guard cell.position != nil || cell.children.first?.position != nil else { return SourceSpan(at: start) }
        let bytes = Array(source.line(start.line).utf8)
        // cmark-gfm may place the cell at its first inline, inside a code span: pair the
        // backticks from the cell's opening bar.
        var index = min(max(start.column - 1, 0), bytes.count)
        while index > 0, bytes[index - 1] != UInt8(ascii: "|") { index -= 1 }
        // The content starts after the bar's padding, before any code span cmark-gfm starts at.
        let isBlank = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        var first = index
        while first < bytes.count, first < start.column - 1, isBlank(bytes[first]) { first += 1 }
        if index == 0, bytes.first != UInt8(ascii: "|") { first = start.column - 1 }
        var end = Self.cellEnd(in: bytes, from: index)
        while end > first, end > 0, isBlank(bytes[end - 1]) { end -= 1 }
        var from = start
        from.column = first + 1
        return SourceSpan(at: from, length: max(end - first, 0))
    }

    /// The value of a metadata field as written (its first word through its last), or the
    /// whole comment's first line when the field is missing.
    func span(of block: MarkdownNode, field: MetadataComment.Field?) -> SourceSpan {
        guard let field, !field.value.isEmpty else {
            return field == nil ? span(of: block) : SourceSpan(at: location(of: block, field: field))
        }
        return SourceSpan(at: location(of: block, field: field), length: field.value.utf8.count)
    }

    /// A link as written, `[text](destination)` or `<destination>`, from its start; what
    /// cmark-gfm reports of the link where the line does not hold that shape.
    func linkSpan(of link: MarkdownNode) -> SourceSpan {
        let start = location(of: link)
        let bytes = Array(source.line(start.line).utf8)
        let open = start.column - 1
        guard open >= 0, open < bytes.count else { return extent(of: link) }
        func past(_ closing: UInt8, from index: Int, opening: UInt8) -> Int? {
            var depth = 0
            var index = index
            while index < bytes.count {
                switch bytes[index] {
                case UInt8(ascii: "\\"): index += 1
                case opening: depth += 1
                case closing:
                    depth -= 1
                    if depth == 0 { return index + 1 }
                default: break
                }
                index += 1
            }
            return nil
        }
        if bytes[open] == UInt8(ascii: "<"), let end = past(UInt8(ascii: ">"), from: open, opening: UInt8(ascii: "<")) {
            return SourceSpan(at: start, length: end - open)
        }
        guard bytes[open] == UInt8(ascii: "["),
            let text = past(UInt8(ascii: "]"), from: open, opening: UInt8(ascii: "["))
        else { return extent(of: link) }
        if text < bytes.count, bytes[text] == UInt8(ascii: "("),
            let end = past(UInt8(ascii: ")"), from: text, opening: UInt8(ascii: "("))
        {
            return SourceSpan(at: start, length: end - open)
        }
        return SourceSpan(at: start, length: text - open)
    }

    /// A metadata field's key as written (without its colon).
    func span(ofKey field: MetadataComment.Field, in block: MarkdownNode) -> SourceSpan {
        guard let position = block.position else { return span(of: block) }
        let line = source.line(position.startLine)
        let leading = line.utf8.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }.count
        return SourceSpan(
            at: source.location(line: position.startLine, column: leading + field.keyOffset + 1),
            length: field.key.utf8.count)
    }

    /// The first offset at or after `from` where `needle` is in `bytes`.
    static func offset(of needle: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, bytes.count >= needle.count, from <= bytes.count - needle.count else { return nil }
        for index in from...(bytes.count - needle.count) where bytes[index] == needle[0] {
            if Array(bytes[index..<(index + needle.count)]) == needle { return index }
        }
        return nil
    }

    /// `length` bytes from `location`, or the rest of its line's text where `length` is nil.
    func span(at location: SourceLocation, length: Int? = nil) -> SourceSpan {
        SourceSpan(at: location, length: length ?? (textEnd(ofLine: location.line) - (location.column - 1)))
    }

    /// The byte offset just past the last byte of a line's text that is not a blank.
    func textEnd(ofLine line: Int) -> Int {
        let bytes = source.line(line).utf8
        var end = bytes.count
        for byte in bytes.reversed() {
            guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") else { break }
            end -= 1
        }
        return end
    }

    /// Where a cell that starts at `from` (just past its opening bar) ends: the next bar that
    /// is not escaped (GitHub's tables split at such a bar even inside a code span), or the
    /// line's end.
    static func cellEnd(in bytes: [UInt8], from: Int) -> Int {
        var index = from
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\\") {
                index += 2
                continue
            }
            if bytes[index] == UInt8(ascii: "|") { return index }
            index += 1
        }
        return min(index, bytes.count)
    }

    /// The block's source lines, kept as Markdown.
    func prose(of block: MarkdownNode) -> Prose {
        let start = location(of: block)
        let end = max(block.position?.endLine ?? start.line, start.line)
        return Prose(
            markdown: source.text(lines: start.line, through: end),
            // cmark-gfm's end is the block's last byte; a span ends just past it.
            range: SourceSpan(start: start, endLine: end, endColumn: max(block.position?.endColumn ?? 0, 0) + 1),
            block: block)
    }
}
