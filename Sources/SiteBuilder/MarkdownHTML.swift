import CommonMark
import SpecModel

/// Prose as HTML: cmark-gfm's renderer (raw HTML omitted, unsafe links dropped), with links
/// to other Markdown pages pointed at their HTML pages.
enum MarkdownHTML {
    static func render(_ prose: [Prose]) -> String {
        render(prose.map(\.markdown).joined(separator: "\n\n"))
    }

    static func render(_ markdown: String) -> String {
        guard !markdown.isEmpty else { return "" }
        return rewriteLinks(CommonMarkHTML.render(markdown))
    }

    /// `href="page.md"` and `href="page.md#part"` (relative only) become `.html`. Scanned as
    /// bytes: every prose page goes through here.
    static func rewriteLinks(_ html: String) -> String {
        let marker = Array("href=\"".utf8)
        let bytes = Array(html.utf8)
        guard bytes.count >= marker.count else { return html }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 64)
        var position = 0
        var copied = 0
        while position + marker.count <= bytes.count {
            guard bytes[position..<(position + marker.count)].elementsEqual(marker) else {
                position += 1
                continue
            }
            let start = position + marker.count
            guard let end = bytes[start...].firstIndex(of: UInt8(ascii: "\"")) else { break }
            let target = bytes[start..<end]
            let hash = target.firstIndex(of: UInt8(ascii: "#")) ?? end
            let path = bytes[start..<hash]
            if !target.contains(UInt8(ascii: ":")), path.count >= 3, path.suffix(3).elementsEqual(".md".utf8) {
                result.append(contentsOf: bytes[copied..<(hash - 3)])
                result.append(contentsOf: ".html".utf8)
                copied = hash
            }
            position = end
        }
        guard copied > 0 else { return html }
        result.append(contentsOf: bytes[copied...])
        return String(decoding: result, as: UTF8.self)
    }
}
