import SpecModel

/// Finds `gherkin` blocks that a section or scenario heading interrupts: the writer forgot the
/// closing fence, so everything up to the next fence would become steps, and the headings, copy
/// tables and criteria inside would be lost. Each such block is closed where the writer most
/// likely meant it to end (the last blank line before the heading) by putting a fence on that
/// line, so that line numbers stay as written and the rest of the page is read as if the block
/// had been closed; the opening line is reported once.
///
/// A `#` line with one hash is a Gherkin comment, and only `gherkin` blocks are looked at: a
/// heading inside another code block (a Markdown example in the guide) is the block's text.
enum CheckBlockRepair {
    struct Result {
        /// The text with the closing fences added, or nil when nothing needed closing.
        var text: String?
        /// The line of each opening fence that was closed here.
        var openings: [Int]
    }

    /// Whether `text` holds the word `gherkin`: a byte search, since this runs on every page.
    static func mentionsGherkin(_ text: String) -> Bool {
        let word: [UInt8] = Array("gherkin".utf8)
        var copy = text
        return copy.withUTF8 { bytes in
            guard bytes.count >= word.count else { return false }
            var index = 0
            let last = bytes.count - word.count
            while index <= last {
                if bytes[index] == word[0] {
                    var matched = 1
                    while matched < word.count, bytes[index + matched] == word[matched] { matched += 1 }
                    if matched == word.count { return true }
                }
                index += 1
            }
            return false
        }
    }

    static func repair(_ source: SourceFile) -> Result {
        // Only a `gherkin` block is closed here: a page without the word (every prose page)
        // has nothing to repair, and is not split into lines for nothing.
        guard mentionsGherkin(source.text) else { return Result(text: nil, openings: []) }
        var lines = source.lines.map(String.init)
        var openings: [Int] = []
        var open: (line: Int, fence: String, character: Character, length: Int, isCheck: Bool)?
        var index = 0
        while index < lines.count {
            let line = lines[index]
            // Counted in bytes: a space is one, and counting the characters of a long line
            // (a table row) would walk it whole.
            let indent = line.utf8.prefix { $0 == UInt8(ascii: " ") }.count
            let trimmed = line.dropFirst(indent)
            if let current = open {
                let run = trimmed.prefix { $0 == current.character }
                if indent <= 3, run.count >= current.length, trimmed.dropFirst(run.count).allSatisfy(\.isWhitespace) {
                    open = nil
                } else if current.isCheck, indent <= 3, isSubheading(trimmed),
                    let blank = (current.line..<index).last(where: { lines[$0].allSatisfy(\.isWhitespace) })
                {
                    // Closed on the last blank line before the heading; the heading is read again
                    // as the start of what follows.
                    lines[blank] = current.fence
                    openings.append(current.line + 1)
                    open = nil
                    continue
                }
            } else if indent <= 3, let character = trimmed.first, character == "`" || character == "~" {
                let run = trimmed.prefix { $0 == character }
                let info = String(trimmed.dropFirst(run.count)).trimmingWhitespace()
                if run.count >= 3, character == "~" || !info.contains("`") {
                    let language = info.split(separator: " ").first.map(String.init) ?? ""
                    open = (index, String(run), character, run.count, language == "gherkin")
                }
            }
            index += 1
        }
        guard !openings.isEmpty else { return Result(text: nil, openings: []) }
        return Result(text: lines.joined(separator: "\n"), openings: openings)
    }

    /// A heading of level 2 to 6: `## Section`, `### Scenario`.
    private static func isSubheading(_ text: Substring) -> Bool {
        let hashes = text.prefix { $0 == "#" }.count
        guard (2...6).contains(hashes) else { return false }
        let rest = text.dropFirst(hashes)
        return rest.isEmpty || rest.first == " " || rest.first == "\t"
    }
}
