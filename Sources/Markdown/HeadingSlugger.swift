/// Heading anchors as GitHub makes them (the `github-slugger` rules): the heading's text in
/// lower case, punctuation and symbols removed except `-` and `_`, each space a `-`; a repeated
/// anchor gets `-1`, `-2`, … in document order. `MarkdownHTML` writes these as heading ids, and
/// a link checker computes the same ones without rendering.
public struct HeadingSlugger: Sendable {
    /// Each anchor handed out, with how many times its base was repeated.
    private var occurrences: [String: Int] = [:]

    /// A slugger that has handed out no anchors yet: one per page.
    public init() {}

    /// The anchor of every heading in `blocks`, in document order, nested ones included.
    public static func anchors(in blocks: [MarkdownNode]) -> [String] {
        var slugger = HeadingSlugger()
        return slugger.anchors(in: blocks)
    }

    /// The anchor of every heading in `blocks`, in document order, unique among those this
    /// slugger has handed out.
    public mutating func anchors(in blocks: [MarkdownNode]) -> [String] {
        var result: [String] = []
        MarkdownNode.walk(blocks) { node in
            guard case .heading = node.kind else { return true }
            result.append(slug(for: node))
            return false
        }
        return result
    }

    /// The unique anchor of a heading, from its text (see `text(of:)`).
    public mutating func slug(for heading: MarkdownNode) -> String {
        slug(for: Self.text(of: heading))
    }

    /// The unique anchor of a heading with `text`: the base slug, or, if that was handed out
    /// already, the base with the next free `-1`, `-2`, ….
    public mutating func slug(for text: String) -> String {
        let base = Self.baseSlug(for: text)
        var result = base
        // As github-slugger: a suffixed anchor may itself collide with a heading's own text
        // (`Echo`, `Echo`, `Echo 1`), so count on until one is free.
        while occurrences[result] != nil {
            let count = occurrences[base, default: 0] + 1
            occurrences[base] = count
            result = base + "-" + String(count)
        }
        occurrences[result] = 0
        return result
    }

    /// The anchor of `text` before duplicates are numbered: lower case, only letters, marks,
    /// decimal and letter numbers, connector punctuation (`_`), `-` and spaces kept, and each
    /// space a `-`.
    public static func baseSlug(for text: String) -> String {
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                // Most headings are ASCII: lower-cased and filtered without Unicode tables.
                let byte = UInt8(scalar.value)
                switch byte {
                case UInt8(ascii: " "): result.append(UInt8(ascii: "-"))
                case UInt8(ascii: "A")...UInt8(ascii: "Z"): result.append(byte + 0x20)
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"),
                    UInt8(ascii: "-"):
                    result.append(byte)
                default: break
                }
            } else {
                for lowered in scalar.properties.lowercaseMapping.unicodeScalars where keeps(lowered) {
                    UTF8.encode(lowered) { result.append($0) }
                }
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The text a heading's anchor is made of: its text and code spans, breaks as spaces;
    /// raw HTML, images and footnote references count for nothing, as in GitHub's rendered text.
    public static func text(of heading: MarkdownNode) -> String {
        var result = ""
        MarkdownNode.walk(heading.children) { node in
            switch node.kind {
            case .text, .code: result += node.literal ?? ""
            case .softBreak, .lineBreak: result += " "
            case .htmlInline, .image, .footnoteReference: break
            default: return true
            }
            return false
        }
        return result
    }

    /// Whether github-slugger keeps a character: letters, marks, decimal and letter numbers,
    /// connector punctuation, and alphabetic characters of other categories (circled letters).
    private static func keeps(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII {
            return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .connectorPunctuation:
            return true
        default:
            return scalar.properties.isAlphabetic
        }
    }
}
