/// A Markdown node as plain Swift data, converted once from cmark-gfm's tree so that no
/// other part of the parser touches C pointers. It holds everything cmark-gfm's HTML renderer
/// reads, so `MarkdownHTML` can render the same HTML from it.
public struct MarkdownNode: Sendable, Equatable {
    /// The node types of CommonMark and its GFM extensions; anything else keeps cmark-gfm's
    /// type name.
    public enum Kind: Sendable, Equatable {
        case document
        case blockQuote
        /// A list; its type, start and tightness are in `list`.
        case list
        /// A list item; a task item has `task` set.
        case item
        case codeBlock
        case htmlBlock
        case paragraph
        case heading(level: Int)
        case thematicBreak
        /// A GFM table; its column alignments are in `columnAlignments`.
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
        /// A link, autolinks included; its destination is in `url`, its title in `title`.
        case link
        /// An image; its source is in `url`, its title in `title`, its alt text in its children.
        case image
        case strikethrough
        /// A footnote reference `[^label]`: the label of the definition it points to (as that
        /// definition spells it), the note's number (the order of first reference), and which
        /// reference to that note this is (1 for the first).
        case footnoteReference(label: String, number: Int, referenceIndex: Int)
        /// A footnote definition `[^label]: …`, moved by cmark-gfm to the end of the document in
        /// the order of first reference; `referenceCount` is how many references point to it.
        case footnoteDefinition(label: String, referenceCount: Int)
        case other(String)
    }

    /// The fence of a fenced code block.
    public struct Fence: Sendable, Equatable {
        /// The fence character: a backtick or a tilde.
        public var character: Character
        /// How many fence characters open the block.
        public var length: Int

        /// A fence of `length` times `character`.
        public init(character: Character, length: Int) {
            self.character = character
            self.length = length
        }
    }

    /// How a list is numbered and spaced.
    public struct List: Sendable, Equatable {
        /// Bullets or numbers.
        public enum Kind: Sendable, Equatable {
            case bullet
            case ordered
        }

        /// What follows the number of an ordered list item.
        public enum Delimiter: Sendable, Equatable {
            /// `1.`
            case period
            /// `1)`
            case parenthesis
        }

        /// Bullets or numbers.
        public var kind: Kind
        /// The first item's number; 1 for bullet lists, which ignore it.
        public var start: Int
        /// Whether no blank line separates items or their blocks, so that paragraphs in its
        /// items render without `<p>`.
        public var isTight: Bool
        /// The delimiter of an ordered list; nil for a bullet list.
        public var delimiter: Delimiter?

        /// A list of `kind` starting at `start`.
        public init(kind: Kind, start: Int = 1, isTight: Bool, delimiter: Delimiter? = nil) {
            self.kind = kind
            self.start = start
            self.isTight = isTight
            self.delimiter = delimiter
        }
    }

    /// The alignment of a table column, from the colons of the delimiter row.
    public enum ColumnAlignment: Sendable, Equatable {
        /// `---`
        case none
        /// `:--`
        case left
        /// `:-:`
        case center
        /// `--:`
        case right
    }

    /// The checkbox of a GFM task list item (`- [ ]` or `- [x]`).
    public enum Task: Sendable, Equatable {
        case unchecked
        case checked
    }

    /// The node's type.
    public var kind: Kind
    /// Text of leaf nodes: text, code spans, code blocks, HTML.
    public var literal: String?
    /// The destination of a link or image, as written (entities and escapes resolved).
    public var url: String?
    /// The title of a link or image; nil when it has none or an empty one, which render alike.
    public var title: String?
    /// The info string of a fenced code block.
    public var info: String?
    /// The fence of a fenced code block; nil for indented code.
    public var fence: Fence?
    /// The numbering and spacing of a list; nil for other nodes.
    public var list: List?
    /// The alignment of each column of a table, one per column; empty for other nodes.
    public var columnAlignments: [ColumnAlignment]
    /// The checkbox of a task list item; nil for other items and other nodes.
    public var task: Task?
    /// Where the node starts and ends, as cmark-gfm reports it; nil where it reports none.
    public var position: Position?
    /// The node's children in document order.
    public var children: [MarkdownNode]

    /// 1-based lines and UTF-8 columns where a node starts and ends, inclusive.
    public struct Position: Sendable, Equatable {
        /// The first line, 1-based.
        public var startLine: Int
        /// The first byte's column on `startLine`, 1-based, counted in UTF-8 bytes.
        public var startColumn: Int
        /// The last line, 1-based.
        public var endLine: Int
        /// The last byte's column on `endLine`, 1-based, counted in UTF-8 bytes.
        public var endColumn: Int

        /// A range from `startLine:startColumn` to `endLine:endColumn`, inclusive.
        public init(startLine: Int, startColumn: Int, endLine: Int, endColumn: Int) {
            self.startLine = startLine
            self.startColumn = startColumn
            self.endLine = endLine
            self.endColumn = endColumn
        }
    }

    /// A node of `kind`; the fields that do not apply to that kind stay empty.
    public init(
        kind: Kind, literal: String? = nil, url: String? = nil, title: String? = nil, info: String? = nil,
        fence: Fence? = nil, list: List? = nil, columnAlignments: [ColumnAlignment] = [], task: Task? = nil,
        position: Position? = nil, children: [MarkdownNode] = []
    ) {
        self.kind = kind
        self.literal = literal
        self.url = url
        self.title = title
        self.info = info
        self.fence = fence
        self.list = list
        self.columnAlignments = columnAlignments
        self.task = task
        self.position = position
        self.children = children
    }

    /// The node's text with formatting removed: text and code spans joined, breaks as spaces.
    public var plainText: String {
        var result = ""
        Self.walk([self]) { node in
            switch node.kind {
            case .text, .code, .htmlInline: result += node.literal ?? ""
            case .softBreak, .lineBreak: result += " "
            default: return true
            }
            return false
        }
        return result
    }

    /// Every descendant, in document order, without recursion.
    public var descendants: [MarkdownNode] {
        var result: [MarkdownNode] = []
        Self.walk(children) { node in
            result.append(node)
            return true
        }
        return result
    }

    /// Visits each of `nodes` and its descendants in document order (a node before its
    /// children); `visit` returns whether to go into the node's children. Nodes are visited
    /// where they are, not copied, so a walk over a large page retains only its sibling arrays;
    /// and it keeps its own stack rather than recursing, so deep nesting cannot overflow the
    /// thread's.
    public static func walk(_ nodes: [MarkdownNode], _ visit: (MarkdownNode) throws -> Bool) rethrows {
        // One level for each open parent: its children and the index of the next one to visit.
        var levels: [(siblings: [MarkdownNode], next: Int)] = [(nodes, 0)]
        while let level = levels.indices.last {
            let index = levels[level].next
            guard index < levels[level].siblings.count else {
                levels.removeLast()
                continue
            }
            levels[level].next = index + 1
            let children = try levels[level].siblings.withUnsafeBufferPointer { siblings -> [MarkdownNode]? in
                try visit(siblings[index]) && !siblings[index].children.isEmpty ? siblings[index].children : nil
            }
            if let children { levels.append((children, 0)) }
        }
    }
}
