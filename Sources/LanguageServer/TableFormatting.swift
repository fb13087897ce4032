import Foundation
import LanguageServerProtocol

/// Formatting: the page's Markdown tables aligned, each cell padded so that the bars line up,
/// the delimiter row's dashes padded likewise with its colons kept. Nothing outside a table
/// row changes, nor any cell's text; tables in code blocks are left as written.
enum TableFormatting {
    /// One edit per table row that changes, each replacing the row's line.
    static func edits(in document: DocumentModel) -> [TextEdit] {
        var edits: [TextEdit] = []
        for table in document.tables {
            for (line, text) in format(table, in: document) where text.utf8.elementsEqual(document.lines[line]) == false
            {
                edits.append(document.edit(document.lineSpan(line), text))
            }
        }
        return edits
    }

    /// Each row of a table as it reads aligned.
    static func format(_ table: DocumentModel.Table, in document: DocumentModel) -> [(Int, String)] {
        let rows = table.lines.map { line -> (indent: String, cells: [String], opens: Bool, closes: Bool) in
            let bytes = document.lines[line]
            let indent = bytes.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            let cells = DocumentModel.cells(bytes).map { String(decoding: bytes[$0], as: UTF8.self) }
            // A row keeps its outer bars as written: only the blanks between bars change.
            let content = bytes.dropFirst(indent.count)
            let trimmed = content.reversed().drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
            let closes =
                trimmed.first == UInt8(ascii: "|") && trimmed.dropFirst().first != UInt8(ascii: "\\")
                && (content.count > 1 || content.first != UInt8(ascii: "|") || cells.isEmpty)
            return (String(decoding: indent, as: UTF8.self), cells, content.first == UInt8(ascii: "|"), closes)
        }
        // Widths count characters, as an editor shows them: `’` is one column, not three bytes.
        var widths: [Int] = []
        for (index, row) in rows.enumerated() where index != 1 {
            for (column, cell) in row.cells.enumerated() {
                if column == widths.count { widths.append(0) }
                widths[column] = max(widths[column], cell.count)
            }
        }
        return rows.enumerated().map { index, row in
            let cells = row.cells.enumerated().map { column, cell -> String in
                let width = max(widths.indices.contains(column) ? widths[column] : 0, 3)
                guard index == 1 else { return cell + String(repeating: " ", count: max(width - cell.count, 0)) }
                // The delimiter row: dashes to the width, the colons where the writer put them.
                let left = cell.hasPrefix(":")
                let right = cell.hasSuffix(":") && cell.count > 1
                let dashes = width - (left ? 1 : 0) - (right ? 1 : 0)
                return (left ? ":" : "") + String(repeating: "-", count: max(dashes, 1)) + (right ? ":" : "")
            }
            return (
                table.lines[index],
                row.indent + (row.opens ? "| " : "") + cells.joined(separator: " | ") + (row.closes ? " |" : "")
            )
        }
    }
}
