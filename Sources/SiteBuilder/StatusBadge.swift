/// A shields-style SVG status badge: real text, an accessible name, no external references.
public enum StatusBadge {
    public static func svg(label: String, passed: Bool) -> String {
        let value = passed ? "passing" : "failing"
        let colour = passed ? "#1a7f37" : "#cf222e"
        let labelWidth = width(of: label)
        let valueWidth = width(of: value)
        let total = labelWidth + valueWidth
        let name = escape("\(label): \(value)")
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(total)" height="20" role="img" aria-label="\(name)">
              <title>\(name)</title>
              <rect width="\(labelWidth)" height="20" fill="#555"/>
              <rect x="\(labelWidth)" width="\(valueWidth)" height="20" fill="\(colour)"/>
              <g fill="#fff" text-anchor="middle" font-family="Verdana,DejaVu Sans,sans-serif" font-size="11">
                <text x="\(labelWidth / 2)" y="14">\(escape(label))</text>
                <text x="\(labelWidth + valueWidth / 2)" y="14">\(value)</text>
              </g>
            </svg>

            """
    }

    /// About 7 pixels a character at 11px Verdana, plus padding.
    static func width(of text: String) -> Int { text.count * 7 + 12 }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
