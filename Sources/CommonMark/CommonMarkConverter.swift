import CCmarkGFM
import Markdown

import Glibc

/// Parses with source positions and the GFM extensions (through `CommonMarkDocument`), converts the tree into `MarkdownNode` values and frees everything it made.
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
    private static func convert(_ root: OpaquePointer) -> MarkdownNode {
        var stack: [(pointer: OpaquePointer, node: MarkdownNode)] = [(root, makeNode(root))]
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

    private static func makeNode(_ pointer: OpaquePointer) -> MarkdownNode {
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
        case .text, .code, .htmlInline, .htmlBlock, .codeBlock:
            node.literal = cmark_node_get_literal(pointer).map { String(cString: $0) }
        case .link, .image:
            node.url = cmark_node_get_url(pointer).map { String(cString: $0) }
        default:
            break
        }
        if case .codeBlock = node.kind {
            node.info = cmark_node_get_fence_info(pointer).map { String(cString: $0) }
            var length: Int32 = 0
            var offset: Int32 = 0
            var character: CChar = 0
            if cmark_node_get_fenced(pointer, &length, &offset, &character) != 0 {
                node.fence = .init(
                    character: Character(Unicode.Scalar(UInt8(bitPattern: character))), length: Int(length))
            }
        }
        return node
    }

    private static func kind(of pointer: OpaquePointer) -> MarkdownNode.Kind {
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
