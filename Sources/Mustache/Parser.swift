/// Turns template source into nodes: tokenizes with the current delimiters, removes
/// standalone lines, then nests sections, blocks and parents.
struct Parser {
    enum TagKind: Sendable, Equatable {
        case variable, unescaped, section, inverted, close, comment, partial, delimiters, block, parent

        /// Tags that, alone on a line, take the whole line with them.
        var canStandAlone: Bool {
            switch self {
            case .variable, .unescaped: false
            default: true
            }
        }
    }

    struct Token {
        enum Content {
            case text(String)
            case tag(TagKind, name: String)
        }

        var content: Content
        var line: Int
        var column: Int
        /// For standalone tags: the whitespace before the tag and the line ending removed.
        var standalone: (indentation: String, lineEnding: String, singleLineBlock: Bool)?
    }

    let source: [Unicode.Scalar]
    let name: String

    init(source: String, name: String) {
        self.source = Array(source.unicodeScalars)
        self.name = name
    }

    func parse() throws(MustacheError) -> [Template.Node] {
        try build(standalone(try tokenize()))
    }

    // MARK: - Tokens

    private func tokenize() throws(MustacheError) -> [Token] {
        var tokens: [Token] = []
        var open: [Unicode.Scalar] = Array("{{".unicodeScalars)
        var close: [Unicode.Scalar] = Array("}}".unicodeScalars)
        var index = 0
        var textStart = 0
        var line = 1
        var lineStart = 0

        func flushText(upTo end: Int) {
            guard end > textStart else { return }
            var text = ""
            text.unicodeScalars.append(contentsOf: source[textStart..<end])
            tokens.append(Token(content: .text(text), line: line, column: textStart - lineStart + 1))
        }

        while index < source.count {
            if source[index] == "\n" {
                flushText(upTo: index + 1)
                index += 1
                textStart = index
                line += 1
                lineStart = index
                continue
            }
            guard matches(open, at: index) else {
                index += 1
                continue
            }
            flushText(upTo: index)
            let tagLine = line
            let tagColumn = index - lineStart + 1
            var contentStart = index + open.count
            var closing = close
            var tripled = false
            if contentStart < source.count, source[contentStart] == "{" {
                tripled = true
                closing = ["}"] + close
                contentStart += 1
            }
            guard let end = find(closing, from: contentStart) else {
                throw error(
                    "unclosed tag; expected '\(String(String.UnicodeScalarView(closing)))'", line: tagLine,
                    column: tagColumn)
            }
            var content = ""
            content.unicodeScalars.append(contentsOf: source[contentStart..<end])
            // Tags may span lines (comments); keep the line count right.
            for scalar in source[index..<end] where scalar == "\n" {
                line += 1
            }
            if let lastNewline = source[index..<end].lastIndex(of: "\n") { lineStart = lastNewline + 1 }
            index = end + closing.count
            textStart = index

            let (kind, tagName) = tripled ? (.unescaped, trim(content)) : classify(content)
            if kind == .delimiters {
                let parts = tagName.dropLast().split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard tagName.hasSuffix("="), parts.count == 2 else {
                    throw error("a delimiter tag looks like '{{=<% %>=}}'", line: tagLine, column: tagColumn)
                }
                open = Array(parts[0].unicodeScalars)
                close = Array(parts[1].unicodeScalars)
                guard !open.isEmpty, !close.isEmpty else {
                    throw error("a delimiter tag looks like '{{=<% %>=}}'", line: tagLine, column: tagColumn)
                }
            } else if kind != .comment, tagName.isEmpty {
                throw error("empty tag", line: tagLine, column: tagColumn)
            }
            tokens.append(Token(content: .tag(kind, name: tagName), line: tagLine, column: tagColumn))
        }
        flushText(upTo: source.count)
        return tokens
    }

    private func classify(_ content: String) -> (TagKind, String) {
        let trimmed = trim(content)
        guard let sigil = trimmed.first else { return (.variable, "") }
        let rest = trim(String(trimmed.dropFirst()))
        switch sigil {
        case "#": return (.section, rest)
        case "^": return (.inverted, rest)
        case "/": return (.close, rest)
        case "!": return (.comment, rest)
        case ">": return (.partial, rest)
        case "=": return (.delimiters, trim(String(rest)))
        case "&": return (.unescaped, rest)
        case "$": return (.block, rest)
        case "<": return (.parent, rest)
        default: return (.variable, trimmed)
        }
    }

    // MARK: - Standalone lines

    /// A line holding only whitespace and tags that can stand alone loses its whitespace and
    /// line ending; partials and parents remember the indentation.
    private func standalone(_ tokens: [Token]) -> [Token] {
        var result: [Token] = []
        var lineTokens: [Token] = []

        func finishLine() {
            defer { lineTokens = [] }
            let tags = lineTokens.filter { if case .tag = $0.content { true } else { false } }
            let eligible =
                !tags.isEmpty
                && tags.allSatisfy { token in
                    if case .tag(let kind, _) = token.content { return kind.canStandAlone }
                    return false
                }
                && lineTokens.allSatisfy { token in
                    if case .text(let text) = token.content { return text.unicodeScalars.allSatisfy(isBlank) }
                    return true
                }
            guard eligible else {
                result.append(contentsOf: lineTokens)
                return
            }
            var indentation = ""
            for token in lineTokens {
                guard case .text(let text) = token.content else { break }
                indentation += text
            }
            var lineEnding = ""
            if case .text(let text) = lineTokens.last?.content, text.unicodeScalars.last == "\n" {
                lineEnding = text.unicodeScalars.dropLast().last == "\r" ? "\r\n" : "\n"
            }
            let singleLineBlock = tags.count == 2 && isBlockPair(tags[0], tags[1])
            for var tag in tags {
                tag.standalone = (indentation, lineEnding, singleLineBlock)
                result.append(tag)
            }
        }

        for token in tokens {
            lineTokens.append(token)
            if case .text(let text) = token.content, text.unicodeScalars.last == "\n" { finishLine() }
        }
        finishLine()
        return result
    }

    private func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r"
    }

    private func isBlockPair(_ first: Token, _ second: Token) -> Bool {
        guard case .tag(.block, let name) = first.content, case .tag(.close, let closeName) = second.content else {
            return false
        }
        return name == closeName
    }

    // MARK: - Tree

    private struct Frame {
        var kind: TagKind
        var name: String
        var token: Token
        var nodes: [Template.Node] = []
    }

    private func build(_ tokens: [Token]) throws(MustacheError) -> [Template.Node] {
        var stack: [Frame] = [Frame(kind: .section, name: "", token: Token(content: .text(""), line: 1, column: 1))]
        for token in tokens {
            switch token.content {
            case .text(let text):
                stack[stack.count - 1].nodes.append(.text(text))
            case .tag(let kind, let name):
                switch kind {
                case .variable, .unescaped:
                    stack[stack.count - 1].nodes.append(.variable(name, escaped: kind == .variable))
                case .comment, .delimiters:
                    break
                case .partial:
                    let (name, dynamic) = dynamicName(name)
                    stack[stack.count - 1].nodes.append(
                        .partial(name, dynamic: dynamic, indentation: token.standalone?.indentation))
                case .section, .inverted, .block, .parent:
                    stack.append(Frame(kind: kind, name: name, token: token))
                case .close:
                    guard stack.count > 1 else {
                        throw error("'{{/\(name)}}' closes nothing", line: token.line, column: token.column)
                    }
                    let frame = stack.removeLast()
                    guard frame.name == name else {
                        throw error(
                            "'{{/\(name)}}' closes '\(frame.name)' opened at line \(frame.token.line)",
                            line: token.line,
                            column: token.column)
                    }
                    stack[stack.count - 1].nodes.append(node(for: frame))
                }
            }
        }
        if stack.count > 1, let open = stack.last {
            throw error("'\(open.name)' is never closed", line: open.token.line, column: open.token.column)
        }
        return stack[0].nodes
    }

    private func node(for frame: Frame) -> Template.Node {
        switch frame.kind {
        case .inverted:
            return .section(frame.name, inverted: true, frame.nodes)
        case .block:
            let standalone = frame.token.standalone.map {
                Template.Indentation(prefix: $0.indentation, lineEnding: $0.lineEnding, singleLine: $0.singleLineBlock)
            }
            return .block(frame.name, frame.nodes, standalone: standalone)
        case .parent:
            var overrides: [String: [Template.Node]] = [:]
            for case .block(let name, let nodes, _) in frame.nodes where overrides[name] == nil {
                overrides[name] = nodes
            }
            let (name, dynamic) = dynamicName(frame.name)
            return .parent(
                name, dynamic: dynamic, overrides: overrides, indentation: frame.token.standalone?.indentation)
        default:
            return .section(frame.name, inverted: false, frame.nodes)
        }
    }

    // MARK: - Helpers

    private func dynamicName(_ name: String) -> (String, Bool) {
        name.hasPrefix("*") ? (trim(String(name.dropFirst())), true) : (name, false)
    }

    private func matches(_ pattern: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + pattern.count <= source.count else { return false }
        for offset in pattern.indices where source[index + offset] != pattern[offset] {
            return false
        }
        return true
    }

    private func find(_ pattern: [Unicode.Scalar], from start: Int) -> Int? {
        var index = start
        while index + pattern.count <= source.count {
            if matches(pattern, at: index) { return index }
            index += 1
        }
        return nil
    }

    private func trim(_ text: String) -> String {
        var scalars = Substring(text).unicodeScalars
        while let first = scalars.first, first == " " || first == "\t" || first == "\n" || first == "\r" {
            scalars.removeFirst()
        }
        while let last = scalars.last, last == " " || last == "\t" || last == "\n" || last == "\r" {
            scalars.removeLast()
        }
        return String(scalars)
    }

    private func error(_ message: String, line: Int, column: Int) -> MustacheError {
        MustacheError(message: message, file: name, line: line, column: column)
    }
}
