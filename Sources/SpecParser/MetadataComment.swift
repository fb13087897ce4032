import SpecModel

/// An HTML comment holding `key: value` pairs, e.g. `<!-- spec: N1.4 platforms: ios, android -->`.
/// GitHub and the site do not show such comments, so IDs can live there without cluttering
/// the page. The parser reads every metadata comment with it, and so does the language
/// server, so the two never disagree on what a comment says.
public struct MetadataComment: Sendable {
    public struct Field: Sendable {
        public var key: String
        public var value: String
        /// 0-based byte offset of the value from the comment's `<!--`, for columns: of its
        /// first word, or just after the key when it has none.
        public var valueOffset: Int
        /// 0-based byte offset of the key from the comment's `<!--`.
        public var keyOffset: Int
    }

    public var fields: [Field]

    /// Parses a comment; nil when the HTML is not a single comment of `key: value` pairs.
    public init?(html: String) {
        let text = html.trimmingWhitespace()
        guard text.hasPrefix("<!--"), text.hasSuffix("-->"), text.count >= 7 else { return nil }
        let body = text.dropFirst(4).dropLast(3)
        var fields: [Field] = []
        let prefixLength = 4
        // Walk word by word: a word `key:` starts a field, other words extend its value.
        for word in body.split(whereSeparator: \.isWhitespace) {
            let wordOffset = body.utf8.distance(from: body.startIndex, to: word.startIndex) + prefixLength
            if word.count > 1, word.hasSuffix(":"), word.dropLast().allSatisfy({ $0.isLetter || $0 == "-" }) {
                fields.append(
                    Field(
                        key: String(word.dropLast()).lowercased(), value: "",
                        valueOffset: wordOffset + word.utf8.count + 1, keyOffset: wordOffset))
            } else if let colon = word.firstIndex(of: ":"), colon != word.startIndex,
                word[..<colon].allSatisfy({ $0.isLetter || $0 == "-" }), word.index(after: colon) != word.endIndex
            {
                // `key:value` written without the space (`<!--scenario:restricted-account-->`):
                // read as the writer meant it.
                let key = word[..<colon]
                fields.append(
                    Field(
                        key: key.lowercased(), value: String(word[word.index(after: colon)...]),
                        valueOffset: wordOffset + key.utf8.count + 1, keyOffset: wordOffset))
            } else if fields.isEmpty {
                return nil
            } else {
                let last = fields.count - 1
                if fields[last].value.isEmpty {
                    // The value starts at its first word, however many blanks follow the key.
                    fields[last].value = String(word)
                    fields[last].valueOffset = wordOffset
                } else {
                    fields[last].value += " " + word
                }
            }
        }
        guard !fields.isEmpty else { return nil }
        self.fields = fields
    }

    /// The first field, which names what the comment describes (`spec`, `page`, `section`, `scenario`).
    public var kind: String { fields[0].key }

    /// The value of the first field `key`.
    public func value(_ key: String) -> String? { fields.first { $0.key == key }?.value }

    /// The first field `key`.
    public func field(_ key: String) -> Field? { fields.first { $0.key == key } }
}

/// IDs of sections, scenarios, pages and actions: lowercase letters and digits joined by
/// single hyphens, so they work unchanged as anchors, file names and copy keys.
enum SlugID {
    static func isValid(_ text: String) -> Bool {
        guard !text.isEmpty, !text.hasPrefix("-"), !text.hasSuffix("-"), !text.contains("--") else { return false }
        return text.allSatisfy { ("a"..."z").contains($0) || $0.isASCIIDigit || $0 == "-" }
    }

    /// A slug made from free text, for IDs derived from names (check names).
    static func make(_ text: String) -> String {
        var result = ""
        for character in text.lowercased() {
            if ("a"..."z").contains(character) || character.isASCIIDigit {
                result.append(character)
            } else if !result.isEmpty, result.last != "-" {
                result.append("-")
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result
    }
}
