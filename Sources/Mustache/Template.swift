/// A parsed template: a tree of nodes, rendered by a switch, HTML-escaped unless `{{{ }}}` or `{{& }}`.
public struct Template: Sendable {
    indirect enum Node: Sendable {
        case text(String)
        case variable(String, escaped: Bool)
        case section(String, inverted: Bool, [Node])
        /// `{{>name}}` (or `{{>*name}}`, the name looked up in the data), with standalone indentation.
        case partial(String, dynamic: Bool, indentation: String?)
        /// `{{$name}}` with its default content; `standalone` records the indentation of a standalone tag.
        case block(String, [Node], standalone: Indentation?)
        /// `{{<name}}` with the blocks it overrides.
        case parent(String, dynamic: Bool, overrides: [String: [Node]], indentation: String?)
    }

    /// How a standalone block tag sat in its line.
    struct Indentation: Sendable {
        var prefix: String
        /// The line ending the standalone line lost.
        var lineEnding: String
        /// The opening and closing tags shared one line.
        var singleLine: Bool
    }

    let nodes: [Node]
    public let name: String

    /// Parses `source`; `name` is used in error locations.
    public init(_ source: String, name: String = "template") throws(MustacheError) {
        self.name = name
        self.nodes = try Parser(source: source, name: name).parse()
    }
}
