/// A text's lines, ended where CommonMark ends them (LF, CR or CRLF, the line ends the
/// Language Server Protocol counts too): the one split the parser, its locations and the
/// editor's positions share, so that a line number means the same line to each.
public enum TextLines {
    /// The lines of `text` without their line ends; a text ending in a line end has an empty
    /// last line.
    public static func split(_ text: String) -> [Substring] {
        // Found in the UTF-8 bytes: line ends are ASCII, and a split by characters would not
        // break a CRLF, which is one character.
        var lines: [Substring] = []
        let utf8 = text.utf8
        var start = utf8.startIndex
        var position = start
        while position != utf8.endIndex {
            let byte = utf8[position]
            guard byte == 0x0A || byte == 0x0D else {
                position = utf8.index(after: position)
                continue
            }
            lines.append(text[start..<position])
            var next = utf8.index(after: position)
            if byte == 0x0D, next != utf8.endIndex, utf8[next] == 0x0A { next = utf8.index(after: next) }
            start = next
            position = next
        }
        lines.append(text[start..<utf8.endIndex])
        return lines
    }
}
