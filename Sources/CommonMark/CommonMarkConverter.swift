internal import CCmarkGFM
internal import Glibc
import Markdown

/// Parses with source positions and the GFM extensions (through `CommonMarkDocument`), converts
/// the tree into `MarkdownNode` values and frees everything it made.
public enum CommonMarkConverter {
    /// Nodes nested deeper than this keep no children; no spec needs such depth, and the
    /// limit keeps pathological input (thousands of nested quotes) from exhausting the stack.
    public static let maximumDepth = 128

    /// Parses UTF-8 Markdown into a document node.
    public static func parse(_ markdown: String) -> MarkdownNode {
        CommonMarkDocument.with(markdown, options: CMARK_OPT_SOURCEPOS | CMARK_OPT_FOOTNOTES) { document, _ in
            convert(document)
        } ?? MarkdownNode(kind: .document)
    }

    /// Builds the Swift tree iteratively (first child, next sibling, back up), so a deep
    /// document cannot overflow the stack.
    private static func convert(_ root: CommonMarkNodePointer) -> MarkdownNode {
        var stack: [(pointer: CommonMarkNodePointer, node: MarkdownNode)] = [(root, makeNode(root))]
        var cursor = cmark_node_first_child(root)
        while true {
            if let child = cursor {
                stack.append((child, makeNode(child)))
                cursor = stack.count < maximumDepth ? cmark_node_first_child(child) : nil
                continue
            }
            let finished = stack.removeLast()
            guard !stack.isEmpty else { return finished.node }
            stack[stack.count - 1].node.children.append(finished.node)
            cursor = cmark_node_next(finished.pointer)
        }
    }

    private static func makeNode(_ pointer: CommonMarkNodePointer) -> MarkdownNode {
        let startLine = Int(cmark_node_get_start_line(pointer))
        var node = MarkdownNode(
            kind: kind(of: pointer),
            // cmark-gfm reports line 0 for a node it has no position for.
            position: startLine > 0
                ? MarkdownNode.Position(
                    startLine: startLine, startColumn: Int(cmark_node_get_start_column(pointer)),
                    endLine: Int(cmark_node_get_end_line(pointer)), endColumn: Int(cmark_node_get_end_column(pointer)))
                : nil
        )
        switch node.kind {
        case .text, .code, .htmlInline, .htmlBlock:
            node.literal = chunk(shim_literal, pointer)
        case .codeBlock:
            node.literal = chunk(shim_literal, pointer)
            node.info = chunk(shim_code_info, pointer)
            var length: Int32 = 0
            var offset: Int32 = 0
            var character: CChar = 0
            if cmark_node_get_fenced(pointer, &length, &offset, &character) != 0 {
                node.fence = .init(
                    character: Character(Unicode.Scalar(UInt8(bitPattern: character))), length: Int(length))
            }
        case .link, .image:
            node.url = chunk(shim_link_url, pointer)
            // An empty title renders as no title, so the tree does not tell them apart.
            node.title = chunk(shim_link_title, pointer).flatMap { $0.isEmpty ? nil : $0 }
        case .list:
            node.list = list(of: pointer)
        case .item:
            // A task item is an item node that the tasklist extension claimed.
            if let name = cmark_node_get_type_string(pointer), strcmp(name, "tasklist") == 0 {
                node.task = cmark_gfm_extensions_get_tasklist_item_checked(pointer) ? .checked : .unchecked
            }
        case .table:
            node.columnAlignments = columnAlignments(of: pointer)
        default:
            break
        }
        return node
    }

    /// A text the tree holds as bytes and a length, read through one of the shim's getters
    /// without the NUL-terminated copy the public getters make.
    private static func chunk(
        _ getter: (CommonMarkNodePointer, UnsafeMutablePointer<Int32>) -> UnsafePointer<UInt8>?,
        _ pointer: CommonMarkNodePointer
    ) -> String? {
        var length: Int32 = 0
        guard let bytes = getter(pointer, &length) else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(length)), as: UTF8.self)
    }

    private static func list(of pointer: CommonMarkNodePointer) -> MarkdownNode.List {
        let isOrdered = cmark_node_get_list_type(pointer) == CMARK_ORDERED_LIST
        let delimiter: MarkdownNode.List.Delimiter? =
            switch cmark_node_get_list_delim(pointer) {
            case CMARK_PERIOD_DELIM: .period
            case CMARK_PAREN_DELIM: .parenthesis
            default: nil
            }
        return MarkdownNode.List(
            kind: isOrdered ? .ordered : .bullet, start: isOrdered ? Int(cmark_node_get_list_start(pointer)) : 1,
            isTight: cmark_node_get_list_tight(pointer) != 0, delimiter: isOrdered ? delimiter ?? .period : nil)
    }

    private static func columnAlignments(of pointer: CommonMarkNodePointer) -> [MarkdownNode.ColumnAlignment] {
        let count = Int(cmark_gfm_extensions_get_table_columns(pointer))
        guard count > 0, let alignments = cmark_gfm_extensions_get_table_alignments(pointer) else { return [] }
        return (0..<count).map { column in
            switch alignments[column] {
            case UInt8(ascii: "l"): .left
            case UInt8(ascii: "c"): .center
            case UInt8(ascii: "r"): .right
            default: .none
            }
        }
    }

    /// The label a footnote definition was written with, which its HTML ids are made of.
    private static func footnoteLabel(_ definition: CommonMarkNodePointer?) -> String {
        guard let definition else { return "" }
        var length: Int32 = 0
        guard let bytes = shim_footnote_definition_label(definition, &length), length > 0 else { return "" }
        return String(decoding: UnsafeBufferPointer(start: bytes, count: Int(length)), as: UTF8.self)
    }

    private static func kind(of pointer: CommonMarkNodePointer) -> MarkdownNode.Kind {
        switch cmark_node_get_type(pointer) {
        case CMARK_NODE_DOCUMENT: return .document
        case CMARK_NODE_BLOCK_QUOTE: return .blockQuote
        case CMARK_NODE_LIST: return .list
        case CMARK_NODE_ITEM: return .item
        case CMARK_NODE_CODE_BLOCK: return .codeBlock
        case CMARK_NODE_HTML_BLOCK: return .htmlBlock
        case CMARK_NODE_PARAGRAPH: return .paragraph
        case CMARK_NODE_HEADING: return .heading(level: Int(cmark_node_get_heading_level(pointer)))
        case CMARK_NODE_THEMATIC_BREAK: return .thematicBreak
        case CMARK_NODE_TEXT: return .text
        case CMARK_NODE_SOFTBREAK: return .softBreak
        case CMARK_NODE_LINEBREAK: return .lineBreak
        case CMARK_NODE_CODE: return .code
        case CMARK_NODE_HTML_INLINE: return .htmlInline
        case CMARK_NODE_EMPH: return .emphasis
        case CMARK_NODE_STRONG: return .strong
        case CMARK_NODE_LINK: return .link
        case CMARK_NODE_IMAGE: return .image
        case CMARK_NODE_FOOTNOTE_REFERENCE:
            // After parsing, cmark-gfm keeps the note's number as the reference's literal.
            let number = chunk(shim_literal, pointer).flatMap { Int($0) } ?? 0
            return .footnoteReference(
                label: footnoteLabel(shim_footnote_reference_definition(pointer)), number: number,
                referenceIndex: Int(shim_footnote_reference_index(pointer)))
        case CMARK_NODE_FOOTNOTE_DEFINITION:
            return .footnoteDefinition(
                label: footnoteLabel(pointer), referenceCount: Int(shim_footnote_definition_reference_count(pointer)))
        default:
            // Extension nodes (tables, strikethrough) are told apart by their type name.
            let name = cmark_node_get_type_string(pointer).map { String(cString: $0) } ?? "unknown"
            switch name {
            case "table": return .table
            case "table_header": return .tableRow(isHeader: true)
            case "table_row":
                return .tableRow(isHeader: cmark_gfm_extensions_get_table_row_is_header(pointer) != 0)
            case "table_cell": return .tableCell
            case "strikethrough": return .strikethrough
            default: return .other(name)
            }
        }
    }
}
