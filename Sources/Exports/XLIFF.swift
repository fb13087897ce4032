import Foundation
import SpecModel

/// The copy for translators as XLIFF 1.2, the format Xcode's localization export writes and
/// translation management systems read: one `<file>` per spec and platform
/// (`original="native/login-error-states.md#ios"`), one `<trans-unit>` per string under its
/// copy key, with the English `<source>`, the translation as `<target>` where there is one
/// (`translated`, or `needs-review-translation` where the English changed since), and notes
/// for the translator: the string's role, the platform, and what the scenario is.
public enum XLIFF {
    /// Where the site publishes the document for `locale`: `exports/l10n/de.xliff`.
    public static func sitePath(for locale: LocaleTag) -> String { "exports/l10n/\(locale.rawValue).xliff" }

    /// The document of `content`'s copy for translation into `locale`.
    public static func document(_ content: ContentSet, locale: LocaleTag, toolVersion: String) -> Data {
        var lines = [
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>",
            "<xliff xmlns=\"urn:oasis:names:tc:xliff:document:1.2\" version=\"1.2\">",
        ]
        for spec in content.specs {
            for platform in spec.platforms {
                let strings = CopyString.all(in: ContentSet(specs: [spec]), platform: platform)
                guard !strings.isEmpty else { continue }
                let translation = content.translation(of: spec.id, into: locale)
                lines += [
                    "  <file original=\"\(escape(spec.path + "#" + platform.rawValue))\" source-language=\"en\" "
                        + "target-language=\"\(locale.rawValue)\" datatype=\"plaintext\">",
                    "    <header>",
                    "      <tool tool-id=\"passkey-spec\" tool-name=\"passkey-spec\" tool-version=\"\(escape(toolVersion))\"/>",
                    "      <note>\(escape("\(spec.id) \(spec.title): the \(platform.displayName) copy"))</note>",
                    "    </header>",
                    "    <body>",
                ]
                for string in strings {
                    let translated = translation?.string(string.key, on: platform)
                    let isCurrent = translated?.sourceHash == Translation.sourceHash(of: string.text)
                    // A translation of the English as it is now is approved; one of older
                    // English is to review; a string without one is for the translator.
                    let approved = translated != nil && isCurrent ? " approved=\"yes\"" : ""
                    lines.append("      <trans-unit id=\"\(escape(string.key))\"\(approved) xml:space=\"preserve\">")
                    lines.append("        <source>\(escape(string.text))</source>")
                    if let translated {
                        let state = isCurrent ? "translated" : "needs-review-translation"
                        lines.append("        <target state=\"\(state)\">\(escape(translated.text))</target>")
                    }
                    lines.append("        <note from=\"passkey-spec\">\(escape(string.comment))</note>")
                    lines.append(
                        "        <note from=\"passkey-spec\">\(escape("Platform: \(platform.displayName)"))</note>")
                    // The scenario's first paragraph: what the situation is.
                    let summary = string.scenario.summary.first?.markdown ?? ""
                    if !summary.isEmpty {
                        lines.append(
                            "        <note from=\"passkey-spec\">\(escape("When it shows: " + oneLine(summary)))</note>"
                        )
                    }
                    if !string.placeholders.isEmpty {
                        lines.append(
                            "        <note from=\"passkey-spec\">\(escape("Keep the placeholders: " + string.placeholders.joined(separator: " ")))</note>"
                        )
                    }
                    lines.append("      </trans-unit>")
                }
                lines += ["    </body>", "  </file>"]
            }
        }
        lines.append("</xliff>")
        return Data((lines.joined(separator: "\n") + "\n").utf8)
    }

    /// One `<file>` of a document read back: the spec page and platform it is of, by its
    /// `original`, and its units.
    public struct File: Equatable, Sendable {
        public var original: String
        public var targetLanguage: String?
        public var units: [Unit]
        public var line: Int
    }

    /// One `<trans-unit>` read back.
    public struct Unit: Equatable, Sendable {
        public var id: String
        public var source: String
        /// Nil where the unit has no target, or an empty one: not translated.
        public var target: String?
        /// The target's `state`, as written; nil without one.
        public var state: String?
        public var line: Int

        /// Whether the target is a translation to keep: one with no state, or `translated`,
        /// `final` or `signed-off`. A target still to be reviewed or translated
        /// (`needs-review-translation`, `new`, …) is not.
        public var isTranslated: Bool {
            guard target != nil else { return false }
            return state.map { ["translated", "final", "signed-off"].contains($0) } ?? true
        }
    }

    /// Why a document cannot be read back, with its line.
    public struct ReadFailure: Error, Equatable, Sendable {
        public var line: Int
        public var reason: String
    }

    /// The files of an XLIFF 1.2 document.
    public static func read(_ data: Data) throws(ReadFailure) -> [File] {
        let root: XMLElementReader.Element
        do {
            root = try XMLElementReader.read(String(decoding: data, as: UTF8.self))
        } catch {
            throw ReadFailure(line: error.line, reason: error.reason)
        }
        guard root.name == "xliff" else {
            throw ReadFailure(line: root.line, reason: "the root element is '<\(root.name)>', not '<xliff>'")
        }
        guard root.attributes["version"] == "1.2" else {
            throw ReadFailure(
                line: root.line,
                reason: "the document is XLIFF version '\(root.attributes["version"] ?? "none")'; only 1.2 is read")
        }
        return try root.elements("file").map { file throws(ReadFailure) in
            guard let original = file.attributes["original"] else {
                throw ReadFailure(line: file.line, reason: "a '<file>' has no 'original'")
            }
            let units = (file.element("body").map(transUnits) ?? [])
            return File(
                original: original, targetLanguage: file.attributes["target-language"],
                units: try units.map { unit throws(ReadFailure) in
                    guard let id = unit.attributes["id"] else {
                        throw ReadFailure(line: unit.line, reason: "a '<trans-unit>' has no 'id'")
                    }
                    guard let source = unit.element("source") else {
                        throw ReadFailure(line: unit.line, reason: "the unit '\(id)' has no '<source>'")
                    }
                    let target = unit.element("target")
                    if let target, target.hasChildElements {
                        throw ReadFailure(
                            line: target.line, reason: "the target of '\(id)' holds markup; copy is plain text")
                    }
                    let text = target?.text
                    return Unit(
                        id: id, source: source.text, target: text?.isEmpty == false ? text : nil,
                        state: target?.attributes["state"], line: unit.line)
                }, line: file.line)
        }
    }

    /// The `<trans-unit>`s of a `<body>`, those inside `<group>`s too.
    private static func transUnits(_ element: XMLElementReader.Element) -> [XMLElementReader.Element] {
        element.children.flatMap { node -> [XMLElementReader.Element] in
            guard case .element(let child) = node else { return [] }
            switch child.name {
            case "trans-unit": return [child]
            case "group": return transUnits(child)
            default: return []
            }
        }
    }

    /// Text for XML content and attribute values, as JUnit's XML has it.
    static func escape(_ text: String) -> String { JUnitReport.escape(text) }

    private static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }
}

/// A translation file's text (`login-error-states.de.json`), as `l10n import` writes it: the
/// language, the spec, then each platform's strings in the spec's order, each with the hash of
/// the English it was translated from; two-space indented, one string a line, so that a change
/// to one string is one line of a diff.
public enum TranslationFileText {
    /// One translated string to write.
    public struct Entry: Sendable, Equatable {
        public var key: String
        public var text: String
        /// `Translation.sourceHash(of:)` of the English it was translated from.
        public var sourceHash: String

        public init(key: String, text: String, sourceHash: String) {
            self.key = key
            self.text = text
            self.sourceHash = sourceHash
        }

        /// A string translated from `english`.
        public init(key: String, text: String, english: String) {
            self.init(key: key, text: text, sourceHash: Translation.sourceHash(of: english))
        }
    }

    public static func text(locale: LocaleTag, specID: String, platforms: [(Platform, [Entry])]) -> String {
        var lines = ["{", "  \"locale\": \(WebMessages.stringLiteral(locale.rawValue)),"]
        lines.append("  \"spec\": \(WebMessages.stringLiteral(specID))" + (platforms.isEmpty ? "" : ","))
        for (index, (platform, entries)) in platforms.enumerated() {
            lines.append("  \(WebMessages.stringLiteral(platform.rawValue)): {")
            for (position, entry) in entries.enumerated() {
                let comma = position == entries.count - 1 ? "" : ","
                // A string that never said which English it came from still does not.
                let source =
                    entry.sourceHash.isEmpty ? "" : ", \"source\": \(WebMessages.stringLiteral(entry.sourceHash))"
                lines.append(
                    "    \(WebMessages.stringLiteral(entry.key)): { \"text\": \(WebMessages.stringLiteral(entry.text))\(source) }\(comma)"
                )
            }
            lines.append("  }" + (index == platforms.count - 1 ? "" : ","))
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }
}
