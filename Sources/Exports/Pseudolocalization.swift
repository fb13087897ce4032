// Pseudo-localization of the spec's copy, after Android's two pseudolocales.
//
// Documents followed:
// - Android Developers, "Test your app with pseudolocales"
//   (https://developer.android.com/guide/topics/resources/pseudolocales): en-XA "adds Latin
//   accents to the base English UI text, expands the original text by adding non-accented text,
//   and brackets each message unit"; ar-XB "sets the text direction of the original left-to-right
//   messages to the right-to-left direction".
// - AOSP, platform/frameworks/base, tools/aapt2/compile/Pseudolocalizer.cpp and
//   Pseudolocalizer_test.cpp (what `aapt2 compile --pseudo-localize` does), read for the details
//   the page leaves out: the letter table, the padding words ("one two three …", whole words,
//   after a space, inside the brackets), the `»` `«` marks around a placeholder in en-XA, "[]"
//   for an empty en-XA string and "" for an empty ar-XB one, and the ar-XB marks around each
//   word: U+200F RIGHT-TO-LEFT MARK and U+202E RIGHT-TO-LEFT OVERRIDE before it, U+202C POP
//   DIRECTIONAL FORMATTING and U+200F after it.
//
// Where this file differs from aapt2, on purpose:
// - Every ASCII letter gets a look-alike. aapt2 leaves `F` as it is and only swaps the case of
//   `q`, `Q` and `v`, which then look untranslated; here they are `Ƒ`, `ɋ`, `Ɋ` and `ṽ`. The other
//   48 letters map as in aapt2.
// - Punctuation is kept (aapt2 turns `!` `?` `$` into `¡` `¿` `€`).
// - Padding aims at 40 % more characters than the input (this project's figure: Android's page
//   gives none), with at least one word; aapt2 pads by half the text's length, or all of it for
//   more than three words. The words are spelled correctly and go on past "twenty" from "one" again.
// - Placeholders are the ones the caller declares, matched exactly; aapt2 guesses `%…` specifiers
//   and ICU `{…}` arguments from the text. In ar-XB a placeholder is neither wrapped nor part of a
//   word, so the value put in its place keeps its own direction (aapt2 wraps `{…}` arguments, and
//   `%…` specifiers together with the word they touch).

/// A locale generated from the English copy rather than translated, as Android defines its two
/// pseudolocales: it shows truncation, concatenated sentences and hard-coded strings (en-XA), and
/// layouts that do not mirror (ar-XB), before any translator has been paid.
public enum Pseudolocale: String, CaseIterable, Sendable {
    /// English (XA): accented look-alike letters, text about 40 % longer, brackets around it.
    case accented = "en-XA"
    /// Arabic (XB): the English words, each forced to display right to left.
    case bidirectional = "ar-XB"

    /// The BCP 47 tag.
    public var tag: String { rawValue }

    /// Whether the language is written right to left (for `dir="rtl"`).
    public var isRightToLeft: Bool {
        switch self {
        case .accented: false
        case .bidirectional: true
        }
    }

    /// The text in this pseudo-locale; `placeholders` (format specifiers such as `%@`, `%1$s`,
    /// `{name}`, `%%`) are kept byte for byte and in order.
    ///
    /// A placeholder is found where its exact Unicode scalars occur between two characters of
    /// `text` (the longest one first where several start at the same place); text that merely
    /// looks like a specifier but is not declared is treated as words.
    ///
    /// - en-XA: each ASCII letter becomes an accented look-alike; digits, punctuation, spaces
    ///   and every other character stay. Each placeholder but `%%` (a literal percent sign) is
    ///   marked `»…«`. If there is any text besides placeholders, a space and whole words of
    ///   "one two three …" follow, at least one, until the result has 40 % more characters than
    ///   `text` (rounded up). All of it is put in `[` `]`, so `""` gives `"[]"`, as in aapt2.
    /// - ar-XB: each word (a run of characters that are neither white space nor a placeholder)
    ///   is put between U+200F U+202E and U+202C U+200F, so it displays right to left. White space
    ///   and placeholders stay as they are, outside the marks. `""` gives `""`.
    ///
    /// The result depends on nothing but the arguments, and no character of `text` is split:
    /// a letter with a combining mark, an emoji sequence or any other non-ASCII character is kept.
    public func transform(_ text: String, placeholders: [String] = []) -> String {
        let segments = PseudoSegment.split(text, placeholders: placeholders)
        switch self {
        case .accented: return Self.accent(segments, inputLength: text.count)
        case .bidirectional: return Self.reverseDirection(segments)
        }
    }
}

// MARK: - en-XA

extension Pseudolocale {
    /// The accented look-alike of each ASCII letter, one Unicode scalar each, so that every
    /// letter stays one character. As in aapt2, a few are look-alikes from other scripts or
    /// symbols: `х` CYRILLIC SMALL LETTER HA (U+0445), `β` and `ν` GREEK SMALL LETTER BETA and NU
    /// (U+03B2, U+03BD), `×` MULTIPLICATION SIGN (U+00D7); `ɋ` and `Ɋ` (U+024B, U+024A), `ṽ`
    /// (U+1E7D) and `Ƒ` (U+0191) are this file's own.
    static let accentedLetters: [Character: Character] = {
        let plain = "abcdefghijklmnopqrstuvwxyz" + "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        let accented = "åɓçðéƒĝĥîĵķļḿñöþɋŕšţûṽŵхýž" + "ÅβÇÐÉƑĜĤÎĴĶĻḾÑÖÞɊŔŠŢÛνŴ×ÝŽ"
        return Dictionary(uniqueKeysWithValues: zip(plain, accented))
    }()

    /// The words that lengthen en-XA text, in order; after the last, the first comes again.
    static let paddingWords = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "twelve", "thirteen", "fourteen", "fifteen", "sixteen", "seventeen", "eighteen", "nineteen",
        "twenty",
    ]

    /// Opens an en-XA message.
    static let messageOpen = "["
    /// Closes an en-XA message.
    static let messageClose = "]"
    /// Before a placeholder in en-XA text: U+00BB RIGHT-POINTING DOUBLE ANGLE QUOTATION MARK.
    static let placeholderOpen = "\u{BB}"
    /// After a placeholder in en-XA text: U+00AB LEFT-POINTING DOUBLE ANGLE QUOTATION MARK.
    static let placeholderClose = "\u{AB}"

    /// en-XA: accented letters, marked placeholders, padding words, brackets.
    static func accent(_ segments: [PseudoSegment], inputLength: Int) -> String {
        var body = ""
        var hasText = false
        for segment in segments {
            switch segment {
            case .text(let characters):
                hasText = true
                for character in characters { body.append(accentedLetters[character] ?? character) }
            case .placeholder(let placeholder) where placeholder == "%%":
                body += placeholder
            case .placeholder(let placeholder):
                body += placeholderOpen + placeholder + placeholderClose
            }
        }
        // The brackets, the space and the words count towards the 40 %.
        if hasText { body += " " + padding(toReach: inputLength, from: body.count + 3) }
        return messageOpen + body + messageClose
    }

    /// The fewest whole padding words, at least one, joined by spaces, that bring a result of
    /// `length` characters without them up to 40 % more characters than `inputLength`, rounded
    /// up.
    static func padding(toReach inputLength: Int, from length: Int) -> String {
        let target = inputLength + (2 * inputLength + 4) / 5  // ⌈1.4 × inputLength⌉
        var words: [String] = []
        var total = length
        repeat {
            let word = paddingWords[words.count % paddingWords.count]
            total += (words.isEmpty ? 0 : 1) + word.count
            words.append(word)
        } while total < target
        return words.joined(separator: " ")
    }
}

// MARK: - ar-XB

extension Pseudolocale {
    /// Before each ar-XB word: U+200F RIGHT-TO-LEFT MARK, U+202E RIGHT-TO-LEFT OVERRIDE.
    static let wordOpen = "\u{200F}\u{202E}"
    /// After each ar-XB word: U+202C POP DIRECTIONAL FORMATTING, U+200F RIGHT-TO-LEFT MARK.
    static let wordClose = "\u{202C}\u{200F}"

    /// ar-XB: each word between direction marks, white space and placeholders as they are.
    static func reverseDirection(_ segments: [PseudoSegment]) -> String {
        var result = ""
        var inWord = false
        func endWord() {
            if inWord { result += wordClose }
            inWord = false
        }
        for segment in segments {
            switch segment {
            case .placeholder(let placeholder):
                endWord()
                result += placeholder
            case .text(let characters):
                for character in characters {
                    if character.isWhitespace {
                        endWord()
                    } else if !inWord {
                        result += wordOpen
                        inWord = true
                    }
                    result.append(character)
                }
            }
        }
        endWord()
        return result
    }
}

// MARK: - Placeholders

/// A run of text to pseudo-localize, or a placeholder to keep as it is.
enum PseudoSegment: Equatable {
    case text([Character])
    case placeholder(String)

    /// `text` cut into runs of text and the declared `placeholders`, in order, at character
    /// boundaries only. Joined back, the segments give `text` byte for byte.
    static func split(_ text: String, placeholders: [String]) -> [PseudoSegment] {
        // Longest first, so `%1$s` wins over a declared `%1`; then by scalars, for a fixed order.
        let patterns = Set(placeholders.filter { !$0.isEmpty }).map { Array($0.unicodeScalars) }
            .sorted { $0.count != $1.count ? $0.count > $1.count : $0.lexicographicallyPrecedes($1) }
        let characters = Array(text)
        var segments: [PseudoSegment] = []
        var run: [Character] = []
        var index = 0
        characterLoop: while index < characters.count {
            for pattern in patterns {
                if let end = match(pattern, in: characters, at: index) {
                    if !run.isEmpty { segments.append(.text(run)) }
                    run = []
                    var placeholder = ""
                    for character in characters[index..<end] {
                        placeholder.unicodeScalars.append(contentsOf: character.unicodeScalars)
                    }
                    segments.append(.placeholder(placeholder))
                    index = end
                    continue characterLoop
                }
            }
            run.append(characters[index])
            index += 1
        }
        if !run.isEmpty { segments.append(.text(run)) }
        return segments
    }

    /// Where `pattern` ends if the characters from `start` on spell exactly its scalars and it
    /// ends between two characters; nil otherwise.
    static func match(_ pattern: [Unicode.Scalar], in characters: [Character], at start: Int) -> Int? {
        var scalars: [Unicode.Scalar] = []
        var end = start
        while scalars.count < pattern.count, end < characters.count {
            scalars += characters[end].unicodeScalars
            guard pattern.starts(with: scalars) else { return nil }
            end += 1
        }
        return scalars == pattern ? end : nil
    }
}
