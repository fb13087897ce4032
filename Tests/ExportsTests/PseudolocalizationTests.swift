import Testing

@testable import Exports

// The two pseudolocales of Android (en-XA, ar-XB), generated from the English copy: exact
// outputs for representative copy, the growth en-XA promises, placeholders kept byte for byte,
// and no character of the copy split.

/// U+200F RIGHT-TO-LEFT MARK and U+202E RIGHT-TO-LEFT OVERRIDE, before each ar-XB word.
private let rtlOpen = "\u{200F}\u{202E}"
/// U+202C POP DIRECTIONAL FORMATTING and U+200F RIGHT-TO-LEFT MARK, after each ar-XB word.
private let rtlClose = "\u{202C}\u{200F}"

/// Every placeholder syntax the exports write: iOS, Android (Java), the web, and `%%`.
private let placeholderSyntaxes = ["%@", "%1$@", "%1$s", "%d", "%%", "{name}"]

@Suite struct PseudolocalizationTests {
    @Test func enXAAccentsPadsAndBracketsRepresentativeCopy() {
        // A title with a curly apostrophe: 27 characters, padded to at least 38.
        #expect(
            Pseudolocale.accented.transform("Passkey sign-in didn’t work")
                == "[Þåššķéý šîĝñ-îñ ðîðñ’ţ ŵöŕķ one two three]")
        // A 3-letter label still grows, by one word, as aapt2 pads it.
        #expect(Pseudolocale.accented.transform("Yes") == "[Ýéš one]")
        // A sentence with a placeholder: the placeholder is marked, not accented.
        #expect(
            Pseudolocale.accented.transform(
                "No passkey for %1$s is saved on this device.", placeholders: ["%1$s"])
                == "[Ñö þåššķéý ƒöŕ »%1$s« îš šåṽéð öñ ţĥîš ðéṽîçé. one two three]")
    }

    @Test func enXAReplacesEveryASCIILetterWithOneNonASCIICharacter() {
        let letters = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
        let body = Array(Pseudolocale.accented.transform(letters).dropFirst().prefix(letters.count))
        #expect(body.count == 52)
        #expect(body.allSatisfy { !$0.isASCII && $0.unicodeScalars.count == 1 && ($0.isLetter || $0 == "×") })
        #expect(Set(body).count == 52, "two letters share a look-alike")
    }

    @Test func enXAKeepsDigitsPunctuationSpacesAndNonASCII() {
        let kept = "0123456789 .,;:!?-–—()’“”…%$#/\n"
        #expect(Pseudolocale.accented.transform(kept).hasPrefix("[" + kept + " one"))
    }

    @Test func enXAGrowsAtLeastThirtyPercentAtEveryLength() {
        let sample =
            "We couldn’t check how you can sign in. Try again, or sign in another way; "
            + "if it keeps happening, contact support with the code shown."
        #expect(sample.count >= 120)
        for length in 1...120 {
            let text = String(sample.prefix(length))
            let result = Pseudolocale.accented.transform(text)
            #expect(result.count > length, "length \(length) did not grow: \(result)")
            #expect(
                Double(result.count) >= 1.3 * Double(length),
                "length \(length) grew to only \(result.count): \(result)")
            #expect(result.hasPrefix("[") && result.hasSuffix("]"))
        }
    }

    @Test(arguments: placeholderSyntaxes)
    func everyPlaceholderSyntaxIsKeptByteForByte(placeholder: String) {
        let text = "Use \(placeholder) and \(placeholder) here"
        let accented = Pseudolocale.accented.transform(text, placeholders: [placeholder])
        let marked = placeholder == "%%" ? placeholder : "»\(placeholder)«"
        #expect(accented.hasPrefix("[Ûšé \(marked) åñð \(marked) ĥéŕé one"))
        #expect(
            Pseudolocale.bidirectional.transform(text, placeholders: [placeholder])
                == "\(rtlOpen)Use\(rtlClose) \(placeholder) \(rtlOpen)and\(rtlClose) \(placeholder) "
                + "\(rtlOpen)here\(rtlClose)")
    }

    @Test func allPlaceholdersTogetherKeepTheirBytesAndOrder() {
        let text = "%1$@ got %d%% of {name}’s %@ (%1$s)"
        for locale in Pseudolocale.allCases {
            let result = locale.transform(text, placeholders: placeholderSyntaxes)
            var rest = Substring(result)
            for placeholder in ["%1$@", "%d", "%%", "{name}", "%@", "%1$s"] {
                let range = rest.utf8.firstRange(of: placeholder.utf8)
                #expect(range != nil, "\(locale.tag): \(placeholder) missing or out of order in \(result)")
                if let range { rest = rest[range.upperBound...] }
            }
            #expect(!result.contains("{ñåḿé}"))
        }
        #expect(
            Pseudolocale.accented.transform(text, placeholders: placeholderSyntaxes)
                == "[»%1$@« ĝöţ »%d«%% öƒ »{name}«’š »%@« (»%1$s«) one]")
    }

    @Test func anUndeclaredSpecifierIsText() {
        #expect(Pseudolocale.accented.transform("%d items") == "[%ð îţéḿš one]")
    }

    @Test func arXBWrapsEachWordButNotThePlaceholder() {
        #expect(
            Pseudolocale.bidirectional.transform("No passkey for %1$s.", placeholders: ["%1$s"])
                == "\u{200F}\u{202E}No\u{202C}\u{200F} \u{200F}\u{202E}passkey\u{202C}\u{200F} "
                + "\u{200F}\u{202E}for\u{202C}\u{200F} %1$s\u{200F}\u{202E}.\u{202C}\u{200F}")
    }

    @Test func arXBKeepsWhiteSpaceOutsideTheMarks() {
        #expect(
            Pseudolocale.bidirectional.transform("  Try\n again ")
                == "  \(rtlOpen)Try\(rtlClose)\n \(rtlOpen)again\(rtlClose) ")
    }

    @Test func emptyCopyIsBracketsInEnXAAndNothingInArXB() {
        #expect(Pseudolocale.accented.transform("") == "[]")
        #expect(Pseudolocale.bidirectional.transform("") == "")
        // A placeholder alone is not padded: there are no words to translate.
        #expect(Pseudolocale.accented.transform("{name}", placeholders: ["{name}"]) == "[»{name}«]")
    }

    @Test func theSameInputGivesTheSameOutput() {
        let text = "Sign in to %1$s with {name}’s passkey, 100%% sure."
        let placeholders = ["%1$s", "{name}", "%%"]
        for locale in Pseudolocale.allCases {
            let first = locale.transform(text, placeholders: placeholders)
            for _ in 0..<20 { #expect(locale.transform(text, placeholders: placeholders) == first) }
            // Nor does the order in which placeholders are declared matter.
            #expect(locale.transform(text, placeholders: placeholders.reversed()) == first)
        }
    }

    @Test func theLongestDeclaredPlaceholderWins() {
        #expect(Pseudolocale.accented.transform("%1$s", placeholders: ["%1", "%1$s"]) == "[»%1$s«]")
    }

    @Test func emojiAndCombiningMarksAreNeverSplit() {
        // e + COMBINING ACUTE ACCENT, a skin-toned ZWJ sequence, a flag, a keycap.
        let text = "Cafe\u{301} 👩🏽‍💻 ready 🇫🇷 1\u{FE0F}\u{20E3} n\u{303}o"
        let graphemes = Array(text)

        let accented = Array(Pseudolocale.accented.transform(text))
        let body = Array(accented.dropFirst().prefix(graphemes.count))
        #expect(accented.count > graphemes.count + 2)
        #expect(accented[graphemes.count + 1] == " ", "the body is not as many characters as the text")
        for (original, result) in zip(graphemes, body) {
            if original.isASCII && original.isLetter {
                #expect(result.unicodeScalars.count == 1 && !result.isASCII)
            } else {
                #expect(
                    Array(result.unicodeScalars) == Array(original.unicodeScalars),
                    "\(original) became \(result)")
            }
        }

        let bidirectional = Pseudolocale.bidirectional.transform(text)
        let unmarked = String(
            String.UnicodeScalarView(
                bidirectional.unicodeScalars.filter { ![0x200F, 0x202E, 0x202C].contains($0.value) }))
        #expect(Array(unmarked.unicodeScalars) == Array(text.unicodeScalars))
        for grapheme in graphemes where grapheme.unicodeScalars.count > 1 {
            #expect(Array(bidirectional).contains(grapheme), "\(grapheme) was split")
        }
    }

    @Test func tagsAndDirection() {
        #expect(Pseudolocale.allCases.map(\.tag) == ["en-XA", "ar-XB"])
        #expect(!Pseudolocale.accented.isRightToLeft)
        #expect(Pseudolocale.bidirectional.isRightToLeft)
    }
}
