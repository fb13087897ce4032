extension Template {
    /// Renders with `data`; `partials` returns the source of a partial (or parent) by name.
    /// Partials are parsed when first used and errors in them are thrown with their name.
    public func render(
        _ data: MustacheValue, partials: (String) -> String? = { _ in nil }
    ) throws(MustacheError) -> String {
        try render(data, partials: partials, cache: PartialCache())
    }

    /// Renders with `data`, keeping parsed partials in `cache` for later renders that use the
    /// same partial sources (a site renders its layout for every page).
    ///
    /// Throws when the render would visit more than a million nodes or write more than 16 MB:
    /// partials that include themselves more than once, or sections nested over long lists,
    /// grow exponentially and would never finish. The error names the template or partial
    /// being rendered when the limit was reached.
    public func render(
        _ data: MustacheValue, partials: (String) -> String?, cache: PartialCache
    ) throws(MustacheError) -> String {
        try withoutActuallyEscaping(partials) { (partials) throws(MustacheError) -> String in
            var renderer = Renderer(partials: partials, cache: cache, name: name)
            return try renderer.render(nodes, stack: [data], blocks: [:], depth: 0)
        }
    }
}

/// Parsed partials by name and indentation, shared by renders whose partial sources do not
/// change between them. Not for concurrent use.
public final class PartialCache {
    var templates: [String: Template] = [:]

    public init() {}
}

/// Renders nodes against a context stack. Blocks map names to the overriding content.
struct Renderer {
    /// Partials nested deeper than this render nothing, so a recursive partial without an
    /// end cannot hang or crash.
    static let maximumDepth = 64
    /// The most nodes one render may visit, counting each pass over a section's list. The
    /// largest page of the site visits about 20,000; the depth limit alone does not bound
    /// the work, since a partial that includes itself twice doubles it at every level.
    static let maximumSteps = 1_000_000
    /// The most bytes of text and values one render may write; the site's largest page has
    /// about 350 KB.
    static let maximumOutputBytes = 16 * 1024 * 1024

    let partials: (String) -> String?
    let cache: PartialCache
    /// The template or partial being rendered, for the error when a limit is reached.
    private var current: String
    private var steps = 0
    private var written = 0

    init(partials: @escaping (String) -> String?, cache: PartialCache, name: String) {
        self.partials = partials
        self.cache = cache
        self.current = name
    }

    mutating func render(
        _ nodes: [Template.Node], stack: [MustacheValue], blocks: [String: [Template.Node]], depth: Int
    ) throws(MustacheError) -> String {
        var output = ""
        for node in nodes {
            steps += 1
            guard steps <= Self.maximumSteps else { throw limitReached("\(Self.maximumSteps) steps") }
            switch node {
            case .text(let text):
                try write(text, to: &output)
            case .variable(let name, let escaped):
                let text = lookup(name, in: stack)?.text ?? ""
                try write(escaped ? Self.escape(text) : text, to: &output)
            case .section(let name, let inverted, let children):
                let value = lookup(name, in: stack) ?? .null
                if inverted {
                    if !value.isTruthy { output += try render(children, stack: stack, blocks: blocks, depth: depth) }
                } else if case .array(let items) = value {
                    for item in items {
                        output += try render(children, stack: stack + [item], blocks: blocks, depth: depth)
                    }
                } else if value.isTruthy {
                    output += try render(children, stack: stack + [value], blocks: blocks, depth: depth)
                }
            case .partial(let name, let dynamic, let indentation):
                guard depth < Self.maximumDepth,
                    let template = try template(resolve(name, dynamic: dynamic, stack: stack), indentation: indentation)
                else { continue }
                output += try render(template, stack: stack, blocks: blocks, depth: depth + 1)
            case .parent(let name, let dynamic, let overrides, let indentation):
                guard depth < Self.maximumDepth,
                    let template = try template(resolve(name, dynamic: dynamic, stack: stack), indentation: indentation)
                else { continue }
                // The outermost override wins: the child's blocks beat the parent's own.
                let merged = overrides.merging(blocks) { _, outer in outer }
                output += try render(template, stack: stack, blocks: merged, depth: depth + 1)
            case .block(let name, let defaults, let standalone):
                guard let override = blocks[name] else {
                    output += try render(defaults, stack: stack, blocks: blocks, depth: depth)
                    continue
                }
                // Indentation is removed where the block is defined and added where it is expanded.
                let text = Self.dedent(try render(override, stack: stack, blocks: blocks, depth: depth))
                guard let standalone else {
                    output += text
                    continue
                }
                let intrinsic = Self.commonIndentation(try render(defaults, stack: stack, blocks: blocks, depth: depth))
                var expanded = Self.indent(text, with: intrinsic.isEmpty ? standalone.prefix : intrinsic)
                if standalone.singleLine, !expanded.isEmpty, !expanded.hasSuffix("\n") {
                    expanded += standalone.lineEnding
                }
                output += expanded
            }
        }
        return output
    }

    /// Renders a partial or parent, naming it in the error if a limit is reached inside it.
    private mutating func render(
        _ template: Template, stack: [MustacheValue], blocks: [String: [Template.Node]], depth: Int
    ) throws(MustacheError) -> String {
        let outer = current
        current = template.name
        defer { current = outer }
        return try render(template.nodes, stack: stack, blocks: blocks, depth: depth)
    }

    /// Appends text, counting it against the output limit.
    private mutating func write(_ text: String, to output: inout String) throws(MustacheError) {
        written += text.utf8.count
        guard written <= Self.maximumOutputBytes else { throw limitReached("\(Self.maximumOutputBytes) bytes") }
        output += text
    }

    private func limitReached(_ limit: String) -> MustacheError {
        MustacheError(
            message:
                "rendering stopped after \(limit): a partial that includes itself more than once, or sections nested over long lists, grow without bound",
            file: current, line: 1, column: 1)
    }

    // MARK: - Names

    /// Looks a name up: `.` is the top of the stack; `a.b.c` finds `a` anywhere on the stack,
    /// then `b` and `c` inside it only.
    func lookup(_ name: String, in stack: [MustacheValue]) -> MustacheValue? {
        if name == "." { return stack.last }
        // Most names have no dots: looked up as they are, without splitting them on every use.
        if !name.utf8.contains(UInt8(ascii: ".")) { return nearest(name, in: stack) }
        let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard let first = nearest(parts[0], in: stack) else { return nil }
        var current = first
        for part in parts.dropFirst() {
            guard let next = current[part] else { return nil }
            current = next
        }
        return current
    }

    /// The value of `name` in the innermost context that has it.
    private func nearest(_ name: String, in stack: [MustacheValue]) -> MustacheValue? {
        for value in stack.reversed() {
            if let found = value[name] { return found }
        }
        return nil
    }

    private func resolve(_ name: String, dynamic: Bool, stack: [MustacheValue]) -> String {
        dynamic ? (lookup(name, in: stack)?.text ?? "") : name
    }

    /// The parsed partial, indented when its tag stood alone.
    private mutating func template(_ name: String, indentation: String?) throws(MustacheError) -> Template? {
        let key = "\(indentation ?? "")\u{0}\(name)"
        if let cached = cache.templates[key] { return cached }
        guard var source = partials(name) else { return nil }
        if let indentation, !indentation.isEmpty { source = Self.indent(source, with: indentation) }
        let template = try Template(source, name: name)
        cache.templates[key] = template
        return template
    }

    // MARK: - Text

    /// HTML-escapes `& < > " '`.
    static func escape(_ text: String) -> String { Template.escapeHTML(text) }

    /// Prefixes every line that has content with `prefix`.
    static func indent(_ text: String, with prefix: String) -> String {
        guard !prefix.isEmpty else { return text }
        var result = ""
        var atLineStart = true
        for character in text {
            if atLineStart, character != "\n", character != "\r\n" { result += prefix }
            result.append(character)
            atLineStart = character == "\n" || character == "\r\n"
        }
        return result
    }

    /// The whitespace every non-blank line starts with. Read as bytes: a block's text is a
    /// whole page, and only spaces, tabs and line ends matter here.
    static func commonIndentation(_ text: String) -> String {
        let bytes = Array(text.utf8)
        var common: ArraySlice<UInt8>?
        var start = 0
        while start < bytes.count {
            var end = start
            while end < bytes.count, bytes[end] != newline { end += 1 }
            var content = end
            if content > start, bytes[content - 1] == carriageReturn { content -= 1 }
            var leading = start
            while leading < content, bytes[leading] == space || bytes[leading] == tab { leading += 1 }
            if leading < content {
                let indentation = bytes[start..<leading]
                if let current = common {
                    common = current.prefix(zip(current, indentation).prefix { $0 == $1 }.count)
                } else {
                    common = indentation
                }
            }
            start = end + 1
        }
        return String(decoding: common ?? [], as: UTF8.self)
    }

    /// Removes the common indentation from every line.
    static func dedent(_ text: String) -> String {
        let common = Array(commonIndentation(text).utf8)
        guard !common.isEmpty else { return text }
        let bytes = Array(text.utf8)
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var start = 0
        while start < bytes.count {
            if bytes.count - start >= common.count, bytes[start..<(start + common.count)].elementsEqual(common) {
                start += common.count
            }
            var end = start
            while end < bytes.count, bytes[end] != newline { end += 1 }
            end = min(end + 1, bytes.count)
            result.append(contentsOf: bytes[start..<end])
            start = end
        }
        return String(decoding: result, as: UTF8.self)
    }

    private static let newline = UInt8(ascii: "\n")
    private static let carriageReturn = UInt8(ascii: "\r")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")
}

extension Template {
    /// HTML-escapes `& < > " '`, as `{{name}}` does; text without any of them is returned as it is.
    public static func escapeHTML(_ text: String) -> String {
        let special: (UInt8) -> Bool = { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || $0 == 0x22 || $0 == 0x27 }
        guard text.utf8.contains(where: special) else { return text }
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 16)
        for byte in text.utf8 {
            switch byte {
            case 0x26: result.append(contentsOf: "&amp;".utf8)
            case 0x3C: result.append(contentsOf: "&lt;".utf8)
            case 0x3E: result.append(contentsOf: "&gt;".utf8)
            case 0x22: result.append(contentsOf: "&quot;".utf8)
            case 0x27: result.append(contentsOf: "&#39;".utf8)
            default: result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}
