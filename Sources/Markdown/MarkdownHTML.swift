/// Markdown tree to HTML, byte for byte what cmark-gfm's HTML renderer writes for the same
/// document with footnotes and the GFM extensions on, in its safe mode: raw HTML becomes
/// `<!-- raw HTML omitted -->` and `javascript:`, `vbscript:`, `file:` and `data:`
/// destinations (except `data:image/png`, `gif`, `jpeg` and `webp`) are left empty.
///
/// It runs for every prose block of every page on every build, so it writes bytes into one
/// buffer, walks the tree with its own stack (no recursion, so no depth is too deep), and
/// escapes by scanning bytes.
public enum MarkdownHTML {
    /// What the site changes from cmark-gfm's output; the defaults change nothing.
    public struct Options: Sendable {
        /// Called with each link's destination before it is escaped and written, e.g. to point
        /// `notes.md#part` at `notes.html#part` (see `MarkdownLinks.htmlPageDestination(for:)`).
        /// Image sources are not passed. The result is still subject to the unsafe-URL check.
        public var linkDestination: (@Sendable (String) -> String)?
        /// Whether headings get an `id` from `HeadingSlugger`, as GitHub gives them.
        public var headingAnchors: Bool

        /// Options that rewrite link destinations with `linkDestination` and add heading ids
        /// when `headingAnchors` is set.
        public init(linkDestination: (@Sendable (String) -> String)? = nil, headingAnchors: Bool = false) {
            self.linkDestination = linkDestination
            self.headingAnchors = headingAnchors
        }
    }

    /// Renders `blocks` (a document's children, or some of them) as one document would be.
    public static func render(_ blocks: [MarkdownNode], options: Options = Options()) -> String {
        var slugger = HeadingSlugger()
        return render(blocks, options: options, slugger: &slugger)
    }

    /// Renders `blocks`, taking heading ids from `slugger`, so that a page rendered in parts
    /// gets the same unique ids as the page rendered whole.
    public static func render(_ blocks: [MarkdownNode], options: Options, slugger: inout HeadingSlugger) -> String {
        var writer = HTMLWriter(options: options, slugger: slugger)
        // The writer owns the slugger while it runs, so its table is not copied on first use.
        slugger = HeadingSlugger()
        writer.write(blocks)
        slugger = writer.slugger
        return String(decoding: writer.output, as: UTF8.self)
    }
}

// MARK: - Writer

/// The renderer's state: the output bytes and what cmark-gfm's renderer carries from node to
/// node (footnote counters, whether a table's header or body is open).
private struct HTMLWriter {
    let options: MarkdownHTML.Options
    var slugger: HeadingSlugger
    var output: [UInt8] = []
    /// Footnote definitions written so far; the first one opens the footnotes section.
    var footnoteIndex = 0
    /// The definition whose back-links were last written, so each gets them once.
    var writtenFootnoteIndex = 0
    var inTableHeader = false
    var needsClosingTableBody = false

    /// What to write after a container's children, decided when it was entered.
    enum Closing {
        case nothing
        case blockQuote
        case bulletList
        case orderedList
        case item
        case heading(level: Int)
        case paragraph
        /// The last paragraph of a footnote closes with the footnote's back-links.
        case footnoteParagraph(label: String, referenceCount: Int)
        case table
        case tableRow(isHeader: Bool)
        case tableCell
        case emphasis
        case strong
        case strikethrough
        case link
        case footnoteDefinition(label: String, referenceCount: Int)
    }

    /// A container being walked: its children, the next one to enter, how it closes, and what
    /// its children need to know of it. Frames hold no node, so walking copies none.
    struct Frame {
        let children: [MarkdownNode]
        var next = 0
        let closing: Closing
        /// Whether this is a tight list, whose items' paragraphs have no `<p>`.
        var isTightList = false
        /// The alignments of a table's columns, for the cells of its rows.
        var columnAlignments: [MarkdownNode.ColumnAlignment] = []
    }

    init(options: MarkdownHTML.Options, slugger: HeadingSlugger) {
        self.options = options
        self.slugger = slugger
    }

    /// Walks the blocks as children of one document, entering and leaving each container as
    /// cmark-gfm's iterator does.
    mutating func write(_ blocks: [MarkdownNode]) {
        output.reserveCapacity(4096)
        var stack = [Frame(children: blocks, closing: .nothing)]
        stack.reserveCapacity(16)
        while let top = stack.indices.last {
            let index = stack[top].next
            let siblings = stack[top].children
            if index < siblings.count {
                stack[top].next = index + 1
                if let frame = enter(siblings, at: index, stack: stack) {
                    stack.append(frame)
                }
            } else {
                leave(stack.removeLast().closing)
            }
        }
        if footnoteIndex > 0 {
            write("</ol>\n</section>\n")
        }
    }

    /// Writes what comes before the node at `index` of `nodes` and its children; returns the
    /// frame to walk its children, or nil for a node written whole. `stack.last` is its parent.
    /// The node is read field by field through `nodes`: a copy of the whole node would retain
    /// every field of it, which costs more than writing most nodes.
    mutating func enter(_ nodes: [MarkdownNode], at index: Int, stack: [Frame]) -> Frame? {
        switch nodes[index].kind {
        case .document, .other:
            return Frame(children: nodes[index].children, closing: .nothing)
        case .blockQuote:
            newLine()
            write("<blockquote>\n")
            return Frame(children: nodes[index].children, closing: .blockQuote)
        case .list:
            newLine()
            let isTight = nodes[index].list?.isTight ?? false
            guard nodes[index].list?.kind == .ordered else {
                write("<ul>\n")
                return Frame(children: nodes[index].children, closing: .bulletList, isTightList: isTight)
            }
            let start = nodes[index].list?.start ?? 1
            if start == 1 {
                write("<ol>\n")
            } else {
                write("<ol start=\"")
                writeNumber(start)
                write("\">\n")
            }
            return Frame(children: nodes[index].children, closing: .orderedList, isTightList: isTight)
        case .item:
            newLine()
            write("<li>")
            switch nodes[index].task {
            case .checked: write("<input type=\"checkbox\" checked=\"\" disabled=\"\" /> ")
            case .unchecked: write("<input type=\"checkbox\" disabled=\"\" /> ")
            case nil: break
            }
            return Frame(children: nodes[index].children, closing: .item)
        case .heading(let level):
            newLine()
            write("<h")
            writeNumber(level)
            if options.headingAnchors {
                let slug = slugger.slug(for: nodes[index])
                if !slug.isEmpty {
                    write(" id=\"")
                    writeEscaped(slug)
                    write("\"")
                }
            }
            write(">")
            return Frame(children: nodes[index].children, closing: .heading(level: level))
        case .codeBlock:
            writeCodeBlock(info: nodes[index].info, literal: nodes[index].literal)
        case .htmlBlock:
            newLine()
            write("<!-- raw HTML omitted -->")
            newLine()
        case .thematicBreak:
            newLine()
            write("<hr />\n")
        case .paragraph:
            // Paragraphs directly in the items of a tight list are written without `<p>`.
            if stack.count >= 2, stack[stack.count - 2].isTightList {
                return Frame(children: nodes[index].children, closing: .nothing)
            }
            newLine()
            write("<p>")
            if index == nodes.count - 1, case .footnoteDefinition(let label, let count) = stack.last?.closing {
                return Frame(
                    children: nodes[index].children, closing: .footnoteParagraph(label: label, referenceCount: count))
            }
            return Frame(children: nodes[index].children, closing: .paragraph)
        case .table:
            newLine()
            write("<table>")
            needsClosingTableBody = false
            return Frame(
                children: nodes[index].children, closing: .table, columnAlignments: nodes[index].columnAlignments)
        case .tableRow(let isHeader):
            newLine()
            if isHeader {
                inTableHeader = true
                write("<thead>")
                newLine()
            } else if !needsClosingTableBody {
                write("<tbody>")
                newLine()
                needsClosingTableBody = true
            }
            write("<tr>")
            return Frame(children: nodes[index].children, closing: .tableRow(isHeader: isHeader))
        case .tableCell:
            newLine()
            write(inTableHeader ? "<th" : "<td")
            if stack.count >= 2 {
                writeAlignment(ofColumn: index, in: stack[stack.count - 2].columnAlignments)
            }
            write(">")
            return Frame(children: nodes[index].children, closing: .tableCell)
        case .text:
            writeEscaped(nodes[index].literal)
        case .softBreak:
            write("\n")
        case .lineBreak:
            write("<br />\n")
        case .code:
            write("<code>")
            writeEscaped(nodes[index].literal)
            write("</code>")
        case .htmlInline:
            write("<!-- raw HTML omitted -->")
        case .emphasis:
            write("<em>")
            return Frame(children: nodes[index].children, closing: .emphasis)
        case .strong:
            write("<strong>")
            return Frame(children: nodes[index].children, closing: .strong)
        case .strikethrough:
            write("<del>")
            return Frame(children: nodes[index].children, closing: .strikethrough)
        case .link:
            write("<a href=\"")
            let destination = nodes[index].url ?? ""
            writeURL(options.linkDestination.map { $0(destination) } ?? destination)
            if let title = nodes[index].title, !title.isEmpty {
                write("\" title=\"")
                writeEscaped(title)
            }
            write("\">")
            return Frame(children: nodes[index].children, closing: .link)
        case .image:
            writeImage(nodes[index])
        case .footnoteReference(let label, let number, let referenceIndex):
            write("<sup class=\"footnote-ref\"><a href=\"#fn-")
            writeHref(label)
            write("\" id=\"fnref-")
            writeHref(label)
            if referenceIndex > 1 {
                write("-")
                writeNumber(referenceIndex)
            }
            write("\" data-footnote-ref>")
            writeNumber(number)
            write("</a></sup>")
        case .footnoteDefinition(let label, let count):
            if footnoteIndex == 0 {
                write("<section class=\"footnotes\" data-footnotes>\n<ol>\n")
            }
            footnoteIndex += 1
            write("<li id=\"fn-")
            writeHref(label)
            write("\">\n")
            return Frame(
                children: nodes[index].children, closing: .footnoteDefinition(label: label, referenceCount: count))
        }
        return nil
    }

    /// Writes what comes after a container's children.
    mutating func leave(_ closing: Closing) {
        switch closing {
        case .nothing:
            break
        case .blockQuote:
            newLine()
            write("</blockquote>\n")
        case .bulletList:
            write("</ul>\n")
        case .orderedList:
            write("</ol>\n")
        case .item:
            write("</li>\n")
        case .heading(let level):
            write("</h")
            writeNumber(level)
            write(">\n")
        case .paragraph:
            write("</p>\n")
        case .footnoteParagraph(let label, let count):
            write(" ")
            writeBackLinks(label: label, referenceCount: count)
            write("</p>\n")
        case .table:
            if needsClosingTableBody {
                newLine()
                write("</tbody>")
                newLine()
            }
            needsClosingTableBody = false
            newLine()
            write("</table>")
            newLine()
        case .tableRow(let isHeader):
            newLine()
            write("</tr>")
            if isHeader {
                newLine()
                write("</thead>")
                inTableHeader = false
            }
        case .tableCell:
            write(inTableHeader ? "</th>" : "</td>")
        case .emphasis:
            write("</em>")
        case .strong:
            write("</strong>")
        case .strikethrough:
            write("</del>")
        case .link:
            write("</a>")
        case .footnoteDefinition(let label, let count):
            if writeBackLinks(label: label, referenceCount: count) {
                write("\n")
            }
            write("</li>\n")
        }
    }

    // MARK: - Nodes written whole

    mutating func writeCodeBlock(info: String?, literal: String?) {
        newLine()
        let info = info ?? ""
        if info.isEmpty {
            write("<pre><code>")
        } else {
            write("<pre><code class=\"language-")
            // The language is the info string's first word.
            let language = info.utf8.prefix { !isSpace($0) }
            writeEscaped(Substring(language))
            write("\">")
        }
        writeEscaped(literal)
        write("</code></pre>\n")
    }

    /// An image and its alt text: the text of its descendants, without their markup.
    mutating func writeImage(_ node: MarkdownNode) {
        write("<img src=\"")
        writeURL(node.url ?? "")
        write("\" alt=\"")
        MarkdownNode.walk(node.children) { child in
            switch child.kind {
            case .text, .code, .htmlInline: writeEscaped(child.literal)
            case .softBreak, .lineBreak: write(" ")
            default: return true
            }
            return false
        }
        if let title = node.title, !title.isEmpty {
            write("\" title=\"")
            writeEscaped(title)
        }
        write("\" />")
    }

    /// The back-links of the footnote being written, once per footnote: one per reference,
    /// the second and later numbered.
    @discardableResult
    mutating func writeBackLinks(label: String, referenceCount: Int) -> Bool {
        guard writtenFootnoteIndex < footnoteIndex else { return false }
        writtenFootnoteIndex = footnoteIndex
        write("<a href=\"#fnref-")
        writeHref(label)
        write("\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩</a>")
        if referenceCount > 1 {
            for index in 2...referenceCount {
                write(" <a href=\"#fnref-")
                writeHref(label)
                write("-")
                writeNumber(index)
                write(
                    "\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩<sup class=\"footnote-ref\">"
                )
                writeNumber(index)
                write("</sup></a>")
            }
        }
        return true
    }

    mutating func writeAlignment(ofColumn column: Int, in alignments: [MarkdownNode.ColumnAlignment]) {
        guard column < alignments.count else { return }
        switch alignments[column] {
        case .left: write(" align=\"left\"")
        case .center: write(" align=\"center\"")
        case .right: write(" align=\"right\"")
        case .none: break
        }
    }

    // MARK: - Bytes

    mutating func write(_ text: StaticString) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func writeNumber(_ number: Int) {
        output.append(contentsOf: String(number).utf8)
    }

    /// A line break unless the output is empty or already ends with one.
    mutating func newLine() {
        if let last = output.last, last != UInt8(ascii: "\n") {
            output.append(UInt8(ascii: "\n"))
        }
    }

    mutating func writeEscaped(_ text: String?) {
        guard let text else { return }
        writeEscaped(Substring(text))
    }

    /// Text with `&`, `<`, `>` and `"` escaped, as cmark-gfm escapes text and attributes.
    mutating func writeEscaped(_ text: Substring) {
        let done: Void? = text.utf8.withContiguousStorageIfAvailable { escapeHTML($0) }
        if done == nil {
            Array(text.utf8).withUnsafeBufferPointer { escapeHTML($0) }
        }
    }

    private mutating func escapeHTML(_ bytes: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for index in 0..<bytes.count {
            let entity: StaticString
            switch bytes[index] {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            default: continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            write(entity)
            start = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
    }

    /// A link or image destination, left empty if unsafe, else escaped like cmark-gfm's
    /// `houdini_escape_href`.
    mutating func writeURL(_ url: String) {
        guard !URLSafety.isUnsafe(url) else { return }
        writeHref(url)
    }

    /// Percent-encodes every byte outside the characters URLs may keep; `&` and `'` become
    /// entities instead, as they are valid in URLs but not as-is in an attribute.
    mutating func writeHref(_ url: String) {
        let done: Void? = url.utf8.withContiguousStorageIfAvailable { escapeHref($0) }
        if done == nil {
            Array(url.utf8).withUnsafeBufferPointer { escapeHref($0) }
        }
    }

    private mutating func escapeHref(_ bytes: UnsafeBufferPointer<UInt8>) {
        let hex: StaticString = "0123456789ABCDEF"
        var start = 0
        for index in 0..<bytes.count {
            let byte = bytes[index]
            if URLSafety.keepsInHref(byte) { continue }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            switch byte {
            case UInt8(ascii: "&"): write("&amp;")
            case UInt8(ascii: "'"): write("&#x27;")
            default:
                output.append(UInt8(ascii: "%"))
                output.append(hex.utf8Start[Int(byte >> 4)])
                output.append(hex.utf8Start[Int(byte & 0xF)])
            }
            start = index + 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<bytes.count]))
    }

    /// cmark-gfm's `cmark_isspace`: the ends of a code block's language.
    private func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}

// MARK: - URLs

/// cmark-gfm's rules for URLs in its safe mode.
enum URLSafety {
    /// Whether cmark-gfm's `scan_dangerous_url` matches: a `javascript:`, `vbscript:`, `file:`
    /// or `data:` prefix in any case, except `data:image/png`, `gif`, `jpeg` and `webp`.
    static func isUnsafe(_ url: String) -> Bool {
        var bytes = url.utf8.makeIterator()
        // The longest prefix that matters is `data:image/jpeg`, 15 bytes.
        var prefix: [UInt8] = []
        prefix.reserveCapacity(15)
        while prefix.count < 15, let byte = bytes.next() {
            prefix.append(byte | (byte >= 0x41 && byte <= 0x5A ? 0x20 : 0))
        }
        func hasPrefix(_ candidate: StaticString) -> Bool {
            let count = candidate.utf8CodeUnitCount
            guard prefix.count >= count else { return false }
            return (0..<count).allSatisfy { prefix[$0] == candidate.utf8Start[$0] }
        }
        if hasPrefix("data:image/png") || hasPrefix("data:image/gif") || hasPrefix("data:image/jpeg")
            || hasPrefix("data:image/webp")
        {
            return false
        }
        return hasPrefix("javascript:") || hasPrefix("vbscript:") || hasPrefix("file:") || hasPrefix("data:")
    }

    /// Bytes `houdini_escape_href` writes as they are: letters, digits and
    /// `-_.+!*(),%#@?=;:/,+$~`.
    static func keepsInHref(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "("),
            UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: ","), UInt8(ascii: "-"),
            UInt8(ascii: "."), UInt8(ascii: "/"), UInt8(ascii: ":"), UInt8(ascii: ";"), UInt8(ascii: "="),
            UInt8(ascii: "?"), UInt8(ascii: "@"), UInt8(ascii: "_"), UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }
}
