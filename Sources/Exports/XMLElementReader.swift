/// A small reader of XML documents into a tree of elements, enough for the XLIFF files that
/// translators' tools send back: elements, attributes, text, the five predefined entities and
/// character references, CDATA sections, comments, processing instructions and a doctype
/// without an internal subset. Namespaces are kept as written (`xml:space`); a prefix on an
/// element name is dropped for matching (`<x:target>` is a `target`). What it refuses it says,
/// with the line.
struct XMLElementReader {
    /// An element: its local name, its attributes by name as written, and its children.
    final class Element {
        let name: String
        let attributes: [String: String]
        let line: Int
        var children: [Node] = []

        init(name: String, attributes: [String: String], line: Int) {
            self.name = name
            self.attributes = attributes
            self.line = line
        }

        /// The child elements named `name`, in order.
        func elements(_ name: String) -> [Element] {
            children.compactMap { if case .element(let element) = $0, element.name == name { element } else { nil } }
        }

        /// The first child element named `name`.
        func element(_ name: String) -> Element? { elements(name).first }

        /// The text of the element and everything in it, in order.
        var text: String {
            children.map {
                switch $0 {
                case .text(let text): text
                case .element(let element): element.text
                }
            }.joined()
        }

        /// Whether any child is an element (inline markup in a `<target>`).
        var hasChildElements: Bool {
            children.contains { if case .element = $0 { true } else { false } }
        }
    }

    enum Node {
        case element(Element)
        case text(String)
    }

    /// Why the bytes are not a document this reader reads, and at which line.
    struct Failure: Error, Equatable {
        var line: Int
        var reason: String
    }

    /// The root element of the document.
    static func read(_ text: String) throws(Failure) -> Element {
        var reader = XMLElementReader(scalars: Array(text.unicodeScalars))
        return try reader.document()
    }

    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var line = 1

    private init(scalars: [Unicode.Scalar]) {
        self.scalars = scalars
        if scalars.first == "\u{FEFF}" { index = 1 }
    }

    private func fail(_ reason: String) -> Failure { Failure(line: line, reason: reason) }

    private func starts(with text: String) -> Bool {
        var position = index
        for scalar in text.unicodeScalars {
            guard position < scalars.count, scalars[position] == scalar else { return false }
            position += 1
        }
        return true
    }

    private mutating func advance(_ count: Int = 1) {
        for _ in 0..<count where index < scalars.count {
            if scalars[index] == "\n" { line += 1 }
            index += 1
        }
    }

    /// Skips past `end`, returning what came before it.
    private mutating func take(until end: String, what: String) throws(Failure) -> String {
        var taken = String.UnicodeScalarView()
        while !starts(with: end) {
            guard index < scalars.count else { throw fail("\(what) is not closed with '\(end)'") }
            taken.append(scalars[index])
            advance()
        }
        advance(end.unicodeScalars.count)
        return String(taken)
    }

    private mutating func skipSpace() {
        while index < scalars.count, [" ", "\n", "\t", "\r"].contains(scalars[index]) { advance() }
    }

    /// Comments, processing instructions and a doctype before or after the root.
    private mutating func skipMisc() throws(Failure) {
        while true {
            skipSpace()
            if starts(with: "<?") {
                _ = try take(until: "?>", what: "a processing instruction")
            } else if starts(with: "<!--") {
                _ = try take(until: "-->", what: "a comment")
            } else if starts(with: "<!DOCTYPE") {
                let doctype = try take(until: ">", what: "the doctype")
                if doctype.contains("[") { throw fail("a doctype with an internal subset is not read") }
            } else {
                return
            }
        }
    }

    private mutating func document() throws(Failure) -> Element {
        try skipMisc()
        guard starts(with: "<") else { throw fail("the document does not start with an element") }
        let root = try element()
        try skipMisc()
        guard index == scalars.count else { throw fail("there is more after the root element") }
        return root
    }

    private mutating func name() throws(Failure) -> String {
        var taken = String.UnicodeScalarView()
        while index < scalars.count {
            let scalar = scalars[index]
            guard !([" ", "\n", "\t", "\r", "/", ">", "=", "<", "\"", "'"] as [Unicode.Scalar]).contains(scalar) else {
                break
            }
            taken.append(scalar)
            advance()
        }
        guard !taken.isEmpty else { throw fail("a name is expected") }
        return String(taken)
    }

    /// An element, from its `<`.
    private mutating func element() throws(Failure) -> Element {
        let startLine = line
        advance()
        let qualified = try name()
        var attributes: [String: String] = [:]
        while true {
            skipSpace()
            guard index < scalars.count else { throw fail("the tag '\(qualified)' is not closed") }
            if starts(with: "/>") {
                advance(2)
                return Element(name: Self.local(qualified), attributes: attributes, line: startLine)
            }
            if scalars[index] == ">" {
                advance()
                break
            }
            let attribute = try name()
            skipSpace()
            guard index < scalars.count, scalars[index] == "=" else { throw fail("'\(attribute)' has no value") }
            advance()
            skipSpace()
            guard index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" else {
                throw fail("the value of '\(attribute)' is not quoted")
            }
            let quote = scalars[index]
            advance()
            let raw = try take(until: String(quote), what: "the value of '\(attribute)'")
            attributes[attribute] = try decodeEntities(raw)
        }
        let element = Element(name: Self.local(qualified), attributes: attributes, line: startLine)
        var text = String.UnicodeScalarView()
        func flush(_ element: Element, _ text: inout String.UnicodeScalarView) {
            if !text.isEmpty { element.children.append(.text(String(text))) }
            text = String.UnicodeScalarView()
        }
        while true {
            guard index < scalars.count else { throw fail("the element '\(qualified)' is not closed") }
            if starts(with: "</") {
                flush(element, &text)
                advance(2)
                let closing = try name()
                skipSpace()
                guard closing == qualified, index < scalars.count, scalars[index] == ">" else {
                    throw fail("'</\(closing)>' closes '<\(qualified)>'")
                }
                advance()
                return element
            } else if starts(with: "<!--") {
                _ = try take(until: "-->", what: "a comment")
            } else if starts(with: "<![CDATA[") {
                advance(9)
                text.append(contentsOf: try take(until: "]]>", what: "a CDATA section").unicodeScalars)
            } else if starts(with: "<?") {
                _ = try take(until: "?>", what: "a processing instruction")
            } else if scalars[index] == "<" {
                flush(element, &text)
                element.children.append(.element(try self.element()))
            } else if scalars[index] == "&" {
                let reference = try take(until: ";", what: "an entity reference")
                text.append(contentsOf: try decodeEntities(reference + ";").unicodeScalars)
            } else {
                text.append(scalars[index])
                advance()
            }
        }
    }

    private static func local(_ qualified: String) -> String {
        qualified.split(separator: ":").last.map(String.init) ?? qualified
    }

    /// `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&apos;`, `&#233;` and `&#xE9;` in `raw`.
    private func decodeEntities(_ raw: String) throws(Failure) -> String {
        guard raw.contains("&") else { return raw }
        var result = ""
        var rest = Substring(raw)
        while let ampersand = rest.firstIndex(of: "&") {
            result += rest[..<ampersand]
            guard let semicolon = rest[ampersand...].firstIndex(of: ";") else {
                throw fail("'&' starts no entity reference")
            }
            let name = rest[rest.index(after: ampersand)..<semicolon]
            switch name {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let number: UInt32? =
                    name.hasPrefix("#x")
                    ? UInt32(name.dropFirst(2), radix: 16) : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
                guard let number, let scalar = Unicode.Scalar(number) else {
                    throw fail("'&\(name);' is not an entity XML defines")
                }
                result.unicodeScalars.append(scalar)
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
