/// A Markdown node as plain Swift data, converted once from cmark-gfm's tree so that no
/// other part of the parser touches C pointers.
public struct MarkdownNode: Sendable, Equatable {
    /// The node types the spec format uses; anything else keeps cmark-gfm's type name.
    public enum Kind: Sendable, Equatable {
        case document
        case blockQuote
        case list
        case item
        case codeBlock
        case htmlBlock
        case paragraph
        case heading(level: Int)
        case thematicBreak
        case table
        case tableRow(isHeader: Bool)
        case tableCell
        case text
        case softBreak
        case lineBreak
        case code
        case htmlInline
        case emphasis
        case strong
        case link
        case image
        case strikethrough
        case other(String)
    }

    /// The fence of a fenced code block.
    public struct Fence: Sendable, Equatable {
        public var character: Character
        public var length: Int

        public init(character: Character, length: Int) {
            self.character = character
            self.length = length
        }
    }

    public var kind: Kind
    /// Text of leaf nodes: text, code spans, code blocks, HTML.
    public var literal: String?
    /// The destination of a link or image.
    public var url: String?
    /// The info string of a fenced code block.
    public var info: String?
    /// The fence of a fenced code block; nil for indented code.
    public var fence: Fence?
    /// Where the node starts and ends, as cmark-gfm reports it; nil where it reports none.
    public var position: Position?
    public var children: [MarkdownNode]

    /// 1-based lines and UTF-8 columns where a node starts and ends, inclusive.
    public struct Position: Sendable, Equatable {
        public var startLine: Int
        public var startColumn: Int
        public var endLine: Int
        public var endColumn: Int

        public init(startLine: Int, startColumn: Int, endLine: Int, endColumn: Int) {
            self.startLine = startLine
            self.startColumn = startColumn
            self.endLine = endLine
            self.endColumn = endColumn
        }
    }

    public init(
        kind: Kind, literal: String? = nil, url: String? = nil, info: String? = nil, fence: Fence? = nil,
        position: Position? = nil, children: [MarkdownNode] = []
    ) {
        self.kind = kind
        self.literal = literal
        self.url = url
        self.info = info
        self.fence = fence
        self.position = position
        self.children = children
    }

    /// The node's text with formatting removed: text and code spans joined, breaks as spaces.
    public var plainText: String {
        var result = ""
        var pending: [MarkdownNode] = [self]
        // Depth-first in document order without recursion, so deep nesting cannot overflow the stack.
        while let node = pending.popLast() {
            switch node.kind {
            case .text, .code, .htmlInline: result += node.literal ?? ""
            case .softBreak, .lineBreak: result += " "
            default: pending.append(contentsOf: node.children.reversed())
            }
        }
        return result
    }

    /// Every descendant, in document order, without recursion.
    public var descendants: [MarkdownNode] {
        var result: [MarkdownNode] = []
        var pending = children.reversed() as [MarkdownNode]
        while let node = pending.popLast() {
            result.append(node)
            pending.append(contentsOf: node.children.reversed())
        }
        return result
    }
}
