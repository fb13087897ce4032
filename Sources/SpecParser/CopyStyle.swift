import SpecModel

/// The copy style rules of each platform's guidelines, as warnings.
public enum CopyStyle {
    /// One finding per rule per copy cell, located at the cell, in source order.
    public static func findings(in specs: [Spec]) -> [Diagnostic] {
        var findings: [Diagnostic] = []
        for spec in specs {
            for scenario in spec.scenarios {
                for copy in scenario.copy {
                    let conventions = copy.platform.copyConventions
                    var cells: [(entry: CopyEntry, part: CopyPart, role: Role)] = [
                        (copy.title, .title, .title), (copy.message, .message, .message),
                    ]
                    cells += copy.actions.map { ($0.label, .action($0.id), .button) }
                    for cell in cells {
                        findings += check(
                            cell.entry, part: cell.part, role: cell.role, conventions: conventions,
                            platform: copy.platform)
                    }
                }
            }
        }
        return findings.enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }

    /// What a copy string is on screen.
    enum Role {
        case title
        case message
        case button

        var name: String {
            switch self {
            case .title: "title"
            case .message: "message"
            case .button: "button"
            }
        }
    }

    /// The findings for one copy cell, in rule order.
    static func check(
        _ entry: CopyEntry, part: CopyPart, role: Role, conventions: CopyConventions, platform column: Platform
    ) -> [Diagnostic] {
        let platform = column.displayName
        guard let text = entry.text, !text.isEmpty else { return [] }
        var messages: [Message] = []
        // The fix of each message, by its index, where the cell as written allows one.
        var fixes: [Int: FixIt] = [:]
        let found = placeholders(in: text)

        // On iOS an alert title that is a complete sentence takes sentence case and ending
        // punctuation; a fragment takes title style and no period (HIG, Alerts).
        let words = words(in: text, masking: found.map(\.range))
        let isSentence =
            role == .title && conventions.capitalization == .titleStyle && isCompleteSentence(words, text: text)

        if role != .message {
            if isSentence || conventions.capitalization == .sentenceCase {
                let (capitalize, lowercase) = sentenceCaseViolations(words)
                if capitalize != nil || !lowercase.isEmpty {
                    messages.append(
                        .copySentenceCase(
                            text, capitalize: capitalize, lowercase: lowercase, part: role.name, platform: platform,
                            completeSentence: isSentence))
                }
            } else {
                let (capitalize, lowercase) = titleStyleViolations(words)
                if !capitalize.isEmpty || !lowercase.isEmpty {
                    messages.append(
                        .copyTitleCase(
                            text, capitalize: capitalize, lowercase: lowercase, part: role.name, platform: platform))
                }
            }
        }

        let apostrophe = text.contains("'")
        let doubleQuote = text.contains("\"")
        if apostrophe || doubleQuote {
            let (quote, replacement) =
                switch (apostrophe, doubleQuote) {
                case (true, false): ("apostrophe '", "’ (or ‘ ’ around a quotation)")
                case (false, true): ("double quotes \"", "“ ”")
                default: ("quotes ' and \"", "’ (or ‘ ’) and “ ”")
                }
            messages.append(.copyStraightQuote(text, quote: quote, replacement: replacement))
            if let written = entry.written {
                let typographic = typographicQuotes(written)
                if typographic != written {
                    fixes[messages.count - 1] = .replace(entry.span, with: typographic, title: "Use typographic quotes")
                }
            }
        }

        if isSentence {
            if !endsWithSentencePunctuation(text) {
                messages.append(.copyEndPunctuation(text, part: role.name, platform: platform))
            }
        } else if role != .message, endsWithPeriod(text) {
            messages.append(.copyTrailingPeriod(text, part: role.name, platform: platform))
            if let written = entry.written, written.hasSuffix("."), !written.hasSuffix("..") {
                let period = SourceSpan(
                    start: SourceLocation(
                        file: entry.location.file, line: entry.span.endLine, column: entry.span.endColumn - 1),
                    endLine: entry.span.endLine, endColumn: entry.span.endColumn)
                fixes[messages.count - 1] = .replace(period, with: "", title: "Remove the period")
            }
        }

        let declared = entry.placeholders ?? []
        var undeclared: [String] = []
        for placeholder in found.map(\.text) where !declared.contains(placeholder) && !undeclared.contains(placeholder)
        {
            undeclared.append(placeholder)
        }
        if !undeclared.isEmpty {
            let label = declaring(undeclared, for: column, in: entry.label?.text ?? part.label)
            messages.append(.copyPlaceholder(text, placeholders: undeclared, platform: platform, label: label))
            if let cell = entry.label {
                fixes[messages.count - 1] = .replace(
                    cell.span, with: label, title: "Declare the \(platform) placeholders")
            }
        }

        let unused = declared.filter { placeholder in !found.contains { $0.text == placeholder } }
        if !unused.isEmpty {
            messages.append(.copyUnusedPlaceholder(text, placeholders: unused, platform: platform))
        }

        if text.contains("  ") {
            messages.append(.copyDoubleSpace(text))
            if let written = entry.written, written.contains("  ") {
                fixes[messages.count - 1] = .replace(
                    entry.span, with: collapsingSpaces(written), title: "Write one space")
            }
        }

        if role == .button, text.count > conventions.maximumButtonLength {
            messages.append(
                .copyButtonLength(
                    text, length: text.count, limit: conventions.maximumButtonLength, platform: platform))
        }

        return messages.enumerated().map { index, message in
            Diagnostic(message, at: entry.span).fixed(by: fixes[index])
        }
    }

    /// `text` with each run of spaces made one space.
    static func collapsingSpaces(_ text: String) -> String {
        var result = ""
        for character in text where !(character == " " && result.last == " ") { result.append(character) }
        return result
    }

    /// The row label `label` with `placeholders` declared for `platform`: added to the end of
    /// its list, after the platform's name unless the list already ends in that platform's part
    /// (see `SpecWalker.declared`), or as a new list.
    static func declaring(_ placeholders: [String], for platform: Platform, in label: String) -> String {
        let tokens = SpecWalker.splitPlaceholders(label).placeholders
        let current = tokens?.compactMap(Platform.init(name:)).last
        let addition =
            (current == platform ? "" : platform.displayName + " ") + placeholders.joined(separator: ", ")
        guard tokens != nil else { return "\(label) (placeholders: \(addition))" }
        return "\(label.dropLast()), \(addition))"
    }

    /// A cell's text with its straight quotes made typographic, code spans left as they are:
    /// an apostrophe between letters is ’; other quotes open (‘ “) after a blank, an opening
    /// bracket or the start, and close (’ ”) elsewhere.
    static func typographicQuotes(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        var inCode = false
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "`") { inCode.toggle() }
            guard !inCode, byte == UInt8(ascii: "'") || byte == UInt8(ascii: "\"") else {
                result.append(byte)
                continue
            }
            let before = index > 0 ? bytes[index - 1] : UInt8(ascii: " ")
            let opens = before == UInt8(ascii: " ") || before == UInt8(ascii: "\t") || before == UInt8(ascii: "(")
            let replacement: String
            if byte == UInt8(ascii: "'") {
                replacement = opens ? "\u{2018}" : "\u{2019}"
            } else {
                replacement = opens ? "\u{201C}" : "\u{201D}"
            }
            result += Array(replacement.utf8)
        }
        return String(decoding: result, as: UTF8.self)
    }

    // MARK: - Capitalization

    /// Words that title-style capitalization leaves lowercase unless first or last: articles,
    /// coordinating conjunctions, and prepositions of four or fewer letters.
    static let titleStyleMinorWords: Set<String> = [
        // Articles
        "a", "an", "the",
        // Coordinating conjunctions
        "and", "but", "for", "nor", "or", "so", "yet",
        // Prepositions of four or fewer letters
        "as", "at", "by", "for", "from", "in", "into", "of", "off", "on", "onto", "out", "over", "to", "up", "via",
        "with",
    ]

    /// Verbs (in each form) whose particle is part of the verb and so is capitalized in
    /// title style even when it is a short preposition: "Sign In", "Set Up", "Turn On".
    static let phrasalVerbs: [String: Set<String>] = {
        let verbs: [(forms: [String], particles: Set<String>)] = [
            (["sign", "signs", "signed", "signing"], ["in", "out", "up"]),
            (["log", "logs", "logged", "logging"], ["in", "out"]),
            (["set", "sets", "setting"], ["up"]),
            (["back", "backs", "backed", "backing"], ["up"]),
            (["turn", "turns", "turned", "turning"], ["on", "off"]),
            (["opt", "opts", "opted", "opting"], ["in", "out"]),
        ]
        var result: [String: Set<String>] = [:]
        for verb in verbs {
            for form in verb.forms { result[form] = verb.particles }
        }
        return result
    }()

    /// Proper nouns, brands and product names that keep their capitals in sentence case.
    /// Words written all in capitals (PIN, SMS) or with an internal capital (iCloud) are
    /// allowed without being listed.
    static let properNouns: [String] = [
        "Android", "Apple", "Apple Account", "Apple ID", "Bluetooth", "Chrome", "Credential Manager", "Face ID",
        "Gmail", "Google", "Google Account", "Google Password Manager", "Google Play", "I", "iCloud",
        "iCloud Keychain", "iOS", "iPad", "iPadOS", "iPhone", "Mac", "macOS", "Optic ID", "Pixel", "Safari",
        "Samsung", "Samsung Pass", "Touch ID", "Wi‑Fi", "Windows",
    ]

    /// The proper nouns as word sequences, longest first.
    private static let properNounWords: [[String]] = properNouns.map { words(in: $0, masking: []).map(\.text) }
        .sorted { $0.count > $1.count }

    /// A word of a title or button, with the punctuation around it removed.
    struct Word: Equatable {
        var text: String
        /// The first word of the string, or the first after a colon, a sentence end or a dash.
        var startsPhrase = false
        /// The last word of the string, or the last before a colon, a sentence end or a dash.
        var endsPhrase = false

        /// Whether the capitalization rules look at the word: not a number or placeholder,
        /// not an acronym written all in capitals, not a brand with an internal capital.
        var isChecked: Bool {
            let letters = text.filter(\.isLetter)
            if text.contains(where: \.isNumber) || letters.isEmpty { return false }
            if letters.count > 1, letters.allSatisfy(\.isUppercase) { return false }
            return !letters.dropFirst().contains(where: \.isUppercase)
        }

        var startsLowercase: Bool { text.first(where: \.isLetter)?.isLowercase ?? false }
        var startsUppercase: Bool { text.first(where: \.isLetter)?.isUppercase ?? false }
    }

    private static let phraseBreaks: Set<Character> = [":", ".", "?", "!", ";", "—", "–"]
    private static let wordSeparators: Set<Character> = [" ", "\t", "\n", "\u{00A0}", "\u{202F}", "/"]
    private static let hyphens: Set<Character> = ["-", "\u{2010}", "\u{2011}"]

    /// The words of a string: split at spaces, slashes and hyphens (the part after a hyphen is
    /// a word of its own), with leading and trailing punctuation removed. A placeholder counts
    /// as a word (its position matters) that the rules do not check.
    static func words(in text: String, masking placeholders: [Range<Int>]) -> [Word] {
        var characters = Array(text)
        for range in placeholders.reversed() { characters.replaceSubrange(range, with: ["0"]) }
        let pieces = characters.split { wordSeparators.contains($0) || hyphens.contains($0) }
        var words: [Word] = []
        var phraseStarts = true
        for piece in pieces {
            let core = piece.alphanumericRange.map { piece[$0] } ?? []
            let breaksPhrase = piece.contains { phraseBreaks.contains($0) }
            guard !core.isEmpty else {
                if breaksPhrase {
                    if !words.isEmpty { words[words.count - 1].endsPhrase = true }
                    phraseStarts = true
                }
                continue
            }
            let leading = piece[..<core.startIndex]
            if leading.contains(where: { phraseBreaks.contains($0) }) {
                if !words.isEmpty { words[words.count - 1].endsPhrase = true }
                phraseStarts = true
            }
            let trailing = piece[core.endIndex...]
            let endsPhrase = trailing.contains { phraseBreaks.contains($0) }
            words.append(Word(text: String(core), startsPhrase: phraseStarts, endsPhrase: endsPhrase))
            phraseStarts = endsPhrase
        }
        if !words.isEmpty { words[words.count - 1].endsPhrase = true }
        return words
    }

    /// The words that break title-style capitalization: `capitalize`, the lowercase words it
    /// capitalizes (every word but a minor word in the middle of a phrase), and `lowercase`,
    /// the minor words capitalized in the middle of a phrase (“Sign In With A Password”). The
    /// particle of a phrasal verb (“Sign In”, “Set Up”) is part of the verb and is capitalized.
    static func titleStyleViolations(_ words: [Word]) -> (capitalize: [String], lowercase: [String]) {
        var capitalize: [String] = []
        var lowercase: [String] = []
        for (index, word) in words.enumerated() where word.isChecked {
            let lowered = word.text.lowercased()
            let isParticle =
                index > 0 && !words[index - 1].endsPhrase
                && phrasalVerbs[words[index - 1].text.lowercased()]?.contains(lowered) == true
            let staysLowercase =
                titleStyleMinorWords.contains(lowered) && !word.startsPhrase && !word.endsPhrase && !isParticle
            if word.startsLowercase, !staysLowercase, !capitalize.contains(word.text) {
                capitalize.append(word.text)
            } else if word.startsUppercase, staysLowercase, !lowercase.contains(word.text) {
                lowercase.append(word.text)
            }
        }
        return (capitalize, lowercase)
    }

    /// Sentence-case problems: the first word when it starts in lowercase, and the later
    /// capitalized words that are not proper nouns. A word after a colon or a sentence end
    /// may start either way.
    static func sentenceCaseViolations(_ words: [Word]) -> (capitalize: String?, lowercase: [String]) {
        var allowed = Set<Int>()
        var index = 0
        while index < words.count {
            let match = properNounWords.first { noun in
                index + noun.count <= words.count && words[index..<index + noun.count].map(\.text) == noun
            }
            if let match {
                allowed.formUnion(index..<index + match.count)
                index += match.count
            } else {
                index += 1
            }
        }
        var capitalize: String?
        var lowercase: [String] = []
        for (index, word) in words.enumerated() where word.isChecked && !allowed.contains(index) {
            if index == 0 {
                if word.startsLowercase { capitalize = word.text }
            } else if !word.startsPhrase, word.startsUppercase, !lowercase.contains(word.text) {
                lowercase.append(word.text)
            }
        }
        return (capitalize, lowercase)
    }

    // MARK: - Complete sentences

    // Apple's HIG (Alerts) writes an alert title that is a sentence fragment in title style
    // without ending punctuation, and a title that is a complete sentence in sentence case with
    // ending punctuation. Telling them apart needs grammar, so the rule is a small, fixed
    // heuristic that reads only the first clause (up to a colon, dash or sentence end):
    //
    // - a statement: the title starts with a subject word (a pronoun, “there”, or a determiner
    //   such as “your”, “this” or “the”) and a later word of the clause is a finite verb of a
    //   closed list (forms of be, have and do, the modals, and their negative contractions), or
    //   the title starts with a contraction that holds both (“you’re”, “it’s”): “Your passkey
    //   was removed.”, “This account can’t sign in with a passkey.”;
    // - a statement whose only verb is outside the list (“Your passkey expired.”): it starts
    //   with a subject word and ends with “.”, “?” or “!”;
    // - a question: a finite verb of the list followed by a subject word (“Do you want to use
    //   a passkey?”).
    //
    // Everything else is a fragment, including a headline whose subject has no determiner
    // (“Passkey Can’t Be Used”, “iCloud Keychain Is Off”) and an imperative (“Turn On
    // Bluetooth”), which Apple's own alerts write in title style. Lexical verbs are not listed
    // because most are nouns too (“Sign-In Failed”, “Passkey Update”), and a list of them
    // would turn fragments into sentences.

    /// Words that start the subject of a statement, or follow the verb of a question.
    static let subjectWords: Set<String> = [
        // Pronouns and “there”
        "i", "you", "we", "they", "he", "she", "it", "there", "someone", "something", "nothing",
        // Determiners
        "a", "an", "the", "this", "that", "these", "those", "your", "my", "our", "their", "his", "her", "its", "no",
        "some", "every", "each", "another",
    ]

    /// Contractions that hold a subject and a finite verb.
    static let subjectVerbContractions: Set<String> = [
        "i’m", "i’ve", "i’ll", "i’d", "you’re", "you’ve", "you’ll", "you’d", "we’re", "we’ve", "we’ll", "we’d",
        "they’re", "they’ve", "they’ll", "they’d", "he’s", "she’s", "it’s", "it’ll", "there’s", "that’s",
    ]

    /// Finite verbs that mark a clause: the forms of be, have and do, the modals, and their
    /// negative contractions.
    static let finiteVerbs: Set<String> = [
        "am", "is", "are", "was", "were", "has", "have", "had", "do", "does", "did", "can", "could", "will", "would",
        "shall", "should", "may", "might", "must", "cannot", "isn’t", "aren’t", "wasn’t", "weren’t", "hasn’t",
        "haven’t", "hadn’t", "don’t", "doesn’t", "didn’t", "can’t", "couldn’t", "won’t", "wouldn’t", "shouldn’t",
        "mustn’t",
    ]

    /// A word in lowercase with a straight apostrophe written as ’, for the lists above.
    private static func normalized(_ word: Word) -> String {
        String(word.text.lowercased().map { $0 == "'" ? "’" : $0 })
    }

    /// Whether a title is a complete sentence by the heuristic above. `words` are the title's
    /// words, `text` the title as written.
    static func isCompleteSentence(_ words: [Word], text: String) -> Bool {
        guard let first = words.first.map(normalized) else { return false }
        let clauseEnd = words.firstIndex(where: \.endsPhrase) ?? words.count - 1
        let clause = words[...clauseEnd].map(normalized)
        if subjectVerbContractions.contains(first) { return true }
        if subjectWords.contains(first) {
            let hasVerb = clause.dropFirst().contains {
                finiteVerbs.contains($0) || subjectVerbContractions.contains($0)
            }
            return hasVerb || endsWithSentencePunctuation(text)
        }
        if finiteVerbs.contains(first), clause.count > 1 { return subjectWords.contains(clause[1]) }
        return false
    }

    // MARK: - Punctuation and placeholders

    /// The characters that may close a string after its last punctuation mark.
    private static let closingCharacters: Set<Character> = ["”", "’", "\"", "'", ")", "]"]

    /// Whether a title or button ends with a period, before any closing quote or bracket;
    /// an ellipsis written as three periods is not a period.
    static func endsWithPeriod(_ text: String) -> Bool {
        let end = text.trimmingWhitespace().reversed().drop { closingCharacters.contains($0) }
        return end.first == "." && !end.starts(with: "...")
    }

    /// Whether a string ends with the punctuation that ends a sentence, “.”, “?” or “!”,
    /// before any closing quote or bracket.
    static func endsWithSentencePunctuation(_ text: String) -> Bool {
        let end = text.trimmingWhitespace().reversed().drop { closingCharacters.contains($0) }
        return end.first.map { ".?!".contains($0) } ?? false
    }

    /// The format placeholders of a string, with their character offsets: printf style
    /// (`%@`, `%s`, `%d`, `%ld`, `%1$@`, `%.2f`; `%%` is a literal percent sign) and brace
    /// style (`{name}`, `{0}`).
    static func placeholders(in text: String) -> [(text: String, range: Range<Int>)] {
        let characters = Array(text)
        var result: [(text: String, range: Range<Int>)] = []
        var index = 0
        while index < characters.count {
            let end: Int?
            switch characters[index] {
            case "%" where index + 1 < characters.count && characters[index + 1] == "%":
                index += 2
                continue
            case "%": end = printfEnd(characters, from: index + 1)
            case "{": end = braceEnd(characters, from: index + 1)
            default: end = nil
            }
            if let end {
                result.append((String(characters[index..<end]), index..<end))
                index = end
            } else {
                index += 1
            }
        }
        return result
    }

    /// The offset after a printf conversion whose `%` comes just before `start`, or nil.
    private static func printfEnd(_ characters: [Character], from start: Int) -> Int? {
        var index = start
        func digits() {
            while index < characters.count, characters[index].isASCII, characters[index].isNumber { index += 1 }
        }
        digits()
        if index > start {
            // A positional argument, `1$`, or else a width.
            if index < characters.count, characters[index] == "$" { index += 1 }
        }
        while index < characters.count, "-+#0".contains(characters[index]) { index += 1 }
        if index < characters.count, characters[index] == "*" { index += 1 } else { digits() }
        if index < characters.count, characters[index] == "." {
            index += 1
            if index < characters.count, characters[index] == "*" { index += 1 } else { digits() }
        }
        for modifier in ["hh", "ll", "h", "l", "q", "L", "z", "t", "j"] {
            let modifier = Array(modifier)
            if index + modifier.count <= characters.count,
                Array(characters[index..<index + modifier.count]) == modifier
            {
                index += modifier.count
                break
            }
        }
        guard index < characters.count, "@dDiuUxXoOfFeEgGaAcCsSp".contains(characters[index]) else { return nil }
        return index + 1
    }

    /// The offset after a `{name}` or `{0}` placeholder whose `{` comes just before `start`, or nil.
    private static func braceEnd(_ characters: [Character], from start: Int) -> Int? {
        var index = start
        guard index < characters.count, characters[index].isASCII else { return nil }
        if characters[index].isNumber {
            while index < characters.count, characters[index].isASCII, characters[index].isNumber { index += 1 }
        } else if characters[index].isLetter || characters[index] == "_" {
            while index < characters.count, characters[index].isASCII,
                characters[index].isLetter || characters[index].isNumber || characters[index] == "_"
            {
                index += 1
            }
        } else {
            return nil
        }
        guard index < characters.count, characters[index] == "}" else { return nil }
        return index + 1
    }
}
