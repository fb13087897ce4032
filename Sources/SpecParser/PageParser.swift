import CommonMark
import Markdown
import SpecModel
import Utilities

/// What one Markdown file turned out to be.
public enum ParsedPage: Sendable, Equatable {
    case spec(Spec)
    case page(Page)
}

/// Turns one validated Markdown file into a spec or a plain page, reporting every problem
/// it finds along the way rather than stopping at the first.
public struct PageParser {
    let source: SourceFile
    /// The path relative to the content root, stored in the model for the site's URLs.
    let relativePath: String
    var diagnostics = DiagnosticBag()
    /// Where the page's ID is written (the `spec:` or `page:` value), once parsed.
    var idLocation: SourceLocation?

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
    ) -> (page: ParsedPage?, diagnostics: [Diagnostic], idLocation: SourceLocation?) {
        // A check block that a heading interrupts is closed before the heading and reported
        // once, at its opening fence; the rest of the page is read as written.
        let repair = CheckBlockRepair.repair(source)
        let read = repair.text.map { SourceFile(path: source.path, text: $0) } ?? source
        var parser = PageParser(source: read, relativePath: relativePath)
        for line in repair.openings {
            parser.diagnostics.report(.unclosedCheckBlock, at: read.location(line: line, column: 1))
        }
        let page = parser.parse()
        return (page, parser.diagnostics.diagnostics, parser.idLocation)
    }

    mutating func parse() -> ParsedPage? {
        let blocks = CommonMarkConverter.parse(source.text).children
        guard let first = blocks.first else {
            diagnostics.report(.emptyFile, at: source.location(line: 1, column: 1))
            return nil
        }
        guard case .heading(level: 1) = first.kind else {
            let hasTitle = blocks.contains { $0.kind == .heading(level: 1) }
            diagnostics.report(hasTitle ? .missingTitle : .notASpecPage, at: location(of: first))
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
        idLocation = location(of: metadataBlock, field: metadata.field("page"))
        if !SlugID.isValid(id) {
            diagnostics.report(.malformedID(id), at: idLocation!)
        }
        for block in body where block.kind == .heading(level: 1) {
            diagnostics.report(.duplicateTitle, at: location(of: block))
        }
        let prose = body.filter { $0.kind != .htmlBlock }.map(prose(of:))
        return Page(id: id, title: title, path: relativePath, body: prose, location: location(of: titleBlock))
    }

    // MARK: - Spec pages

    private mutating func parseSpec(
        title: String, metadata: MetadataComment, metadataBlock: MarkdownNode, body: [MarkdownNode],
        titleBlock: MarkdownNode
    ) -> Spec? {
        let metadata = checkKeys(metadata, allowed: ["spec", "flow", "platforms"], block: metadataBlock)
        let specID = metadata.value("spec") ?? ""
        idLocation = location(of: metadataBlock, field: metadata.field("spec"))
        if !SpecID.isValid(specID) {
            diagnostics.report(.malformedSpecID(specID), at: idLocation!)
        }
        let platforms = parsePlatforms(metadata, block: metadataBlock)
        let flow = metadata.field("flow").map { FlowName($0.value, at: location(of: metadataBlock, field: $0)) }
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
        validateCrossReferences(&spec, checkHeadings: walker.checkHeadings)
        return spec
    }

    private mutating func parsePlatforms(_ metadata: MetadataComment, block: MarkdownNode) -> [Platform] {
        guard let field = metadata.field("platforms"), !field.value.isEmpty else {
            diagnostics.report(.missingPlatforms, at: location(of: block))
            return []
        }
        var platforms: [Platform] = []
        for name in field.value.split(separator: ",").map({ String($0).trimmingWhitespace() }) where !name.isEmpty {
            if let platform = Platform(name: name) {
                if !platforms.contains(platform) { platforms.append(platform) }
            } else {
                diagnostics.report(.unknownPlatform(name), at: location(of: block, field: field))
            }
        }
        return platforms
    }

    /// Checks and references may name criteria defined anywhere on the page, so they are
    /// checked once the whole page is read.
    private mutating func validateCrossReferences(_ spec: inout Spec, checkHeadings: [(CriterionID, SourceLocation)]) {
        let known = Set(spec.criteria.map(\.id))
        var reported = Set<CriterionID>()
        for (id, location) in checkHeadings where !known.contains(id) && reported.insert(id).inserted {
            diagnostics.report(.checkForUnknownCriterion(id.description), at: location)
        }
        // One error per reference item, however many links it holds and however long its range.
        var reportedItems = Set<String>()
        for reference in spec.references where reportedItems.insert(reference.summary).inserted {
            let unknown = reference.criteria.filter { !known.contains($0) }.map(\.description)
            if !unknown.isEmpty {
                diagnostics.report(.referenceToUnknownCriterion(unknown), at: reference.location)
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
            if let meant = closest(to: field.key, in: allowed.sorted()), metadata.field(meant) == nil {
                diagnostics.report(
                    .malformedMetadata("unknown key '\(field.key)'; did you mean '\(meant)'? It is read as '\(meant)'"),
                    at: location(of: block, field: field))
                corrected.fields[index].key = meant
                continue
            }
            let keys = allowed.sorted().map { "'\($0)'" }.joined(separator: ", ")
            diagnostics.report(
                .malformedMetadata("unknown key '\(field.key)'; this comment takes \(keys)"),
                at: location(of: block, field: field))
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

    /// The block's source lines, kept as Markdown.
    func prose(of block: MarkdownNode) -> Prose {
        let start = location(of: block)
        let end = max(block.position?.endLine ?? start.line, start.line)
        return Prose(
            markdown: source.text(lines: start.line, through: end),
            range: SourceRange(start: start, endLine: end, endColumn: max(block.position?.endColumn ?? 1, 1)),
            block: block)
    }
}
