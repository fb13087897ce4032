import Markdown
import SpecModel

// A reference item names the criteria it supports and links its sources:
//
//     - **N1.4-AC01–AC03:** [Apple: Authorization error codes](https://…) and
//       [Android: Credential retrieval exceptions](https://…) cover native cancellation.
//
// Each link becomes a reference supporting every criterion named in the item.

extension SpecWalker {
    mutating func parseReferences(_ list: MarkdownNode) {
        for item in list.children where item.kind == .item {
            let span = parser.span(of: item)
            let links = item.descendants.filter { $0.kind == .link }
            if links.isEmpty {
                parser.diagnostics.report(.referenceWithoutLink, at: span)
                continue
            }
            let text = item.plainText.trimmingWhitespace()
            let before = parser.diagnostics.diagnostics.count
            let named = criteria(in: text, span: span)
            // A malformed or backwards range has been reported; one error for it is enough.
            if named.isEmpty, parser.diagnostics.diagnostics.count == before {
                parser.diagnostics.report(.referenceWithoutCriteria, at: span)
            }
            for link in links {
                let url = link.url ?? ""
                let scheme = url.lowercased()
                let linkSpan = parser.linkSpan(of: link)
                guard scheme.hasPrefix("https://") || scheme.hasPrefix("http://") else {
                    parser.diagnostics.report(.unsafeReferenceLink(url), at: linkSpan)
                    continue
                }
                var reference = Reference(
                    title: link.plainText.trimmingWhitespace(), url: url, summary: text, criteria: named,
                    location: linkSpan.start)
                reference.end = linkSpan.end
                references.append(reference)
            }
        }
    }

    /// The most criteria one range may span. A page holds a few dozen; a longer range is a typo,
    /// and expanding `AC01–AC999999999` would take minutes and gigabytes.
    static let maximumRangeLength = 100

    /// Every criterion ID named in `text`, with ranges such as `N1.4-AC01–AC03` or
    /// `N1.4-AC01–N1.4-AC03` expanded, in order of first mention. A range spanning more than
    /// `maximumRangeLength` criteria is reported and names none.
    mutating func criteria(in text: String, span: SourceSpan) -> [CriterionID] {
        var result: [CriterionID] = []
        func add(_ id: CriterionID) { if !result.contains(id) { result.append(id) } }
        let tokens = CriterionMention.scan(text)
        for mention in tokens {
            guard let first = CriterionID(mention.first) else {
                parser.diagnostics.report(.malformedCriterionID(mention.first), at: span)
                continue
            }
            guard let last = mention.last else {
                add(first)
                continue
            }
            let endText = last.hasPrefix("AC") ? "\(first.spec)-\(last)" : last
            guard let end = CriterionID(endText), end.spec == first.spec else {
                parser.diagnostics.report(.malformedCriterionID(last), at: span)
                continue
            }
            guard end.number >= first.number else {
                parser.diagnostics.report(.backwardsCriterionRange(mention.text), at: span)
                continue
            }
            guard end.number - first.number < Self.maximumRangeLength else {
                parser.diagnostics.report(
                    .criterionRangeTooLong(mention.text, limit: Self.maximumRangeLength), at: span)
                continue
            }
            for number in first.number...end.number { add(first.with(number: number)) }
        }
        return result
    }
}

/// A criterion ID or range found in free text.
struct CriterionMention: Equatable {
    /// The whole mention as written, e.g. `N1.4-AC01–AC03`.
    var text: String
    /// The first ID, e.g. `N1.4-AC01`.
    var first: String
    /// The end of a range as written (`AC03` or `N1.4-AC03`), if it is a range.
    var last: String?

    private static let dashes: Set<Character> = ["–", "—", "-"]

    /// Whether the text holds "-AC" anywhere.
    private static func mayMention(_ text: String) -> Bool {
        var last = (UInt8(0), UInt8(0))
        for byte in text.utf8 {
            if byte == UInt8(ascii: "C"), last == (UInt8(ascii: "-"), UInt8(ascii: "A")) { return true }
            last = (last.1, byte)
        }
        return false
    }

    /// Finds mentions word by word: a word holding `-AC` is an ID, and an ID followed by a
    /// dash and another ID (with or without spaces around the dash) is a range.
    static func scan(_ text: String) -> [CriterionMention] {
        // Most text mentions no criterion, and every mention holds "-AC": a look at the bytes
        // spares such text the splitting into words.
        guard mayMention(text) else { return [] }
        let trim: (Substring) -> String = { word in word.alphanumericRange.map { String(word[$0]) } ?? "" }
        var words = text.split(whereSeparator: \.isWhitespace).map(String.init)
        // Split "N1.4-AC01–AC03" and "AC01—AC03" at the range dash into three words.
        words = words.flatMap { word -> [String] in
            if let dash = word.firstIndex(where: { $0 == "–" || $0 == "—" }) {
                return [String(word[..<dash]), "–", String(word[word.index(after: dash)...])].filter { !$0.isEmpty }
            }
            // "N1.4-AC01-AC03": a plain hyphen before a second "AC" is a range dash too.
            if let first = word.range(of: "-AC"), let second = word[first.upperBound...].range(of: "-AC") {
                return [String(word[..<second.lowerBound]), "–", String(word[word.index(after: second.lowerBound)...])]
            }
            return [word]
        }
        var mentions: [CriterionMention] = []
        var index = 0
        while index < words.count {
            let word = trim(Substring(words[index]))
            guard word.contains("-AC") else {
                index += 1
                continue
            }
            if index + 2 < words.count, words[index + 1].count == 1, dashes.contains(words[index + 1].first!) {
                let end = trim(Substring(words[index + 2]))
                if end.hasPrefix("AC") || end.contains("-AC") {
                    mentions.append(CriterionMention(text: "\(word)–\(end)", first: word, last: end))
                    index += 3
                    continue
                }
            }
            mentions.append(CriterionMention(text: word, first: word, last: nil))
            index += 1
        }
        return mentions
    }
}
