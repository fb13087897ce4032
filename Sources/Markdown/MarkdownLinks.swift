/// The links of a Markdown tree, for the site and its link checker.
public enum MarkdownLinks {
    /// One link or image destination and where it was written.
    public struct Destination: Sendable, Equatable {
        /// Whether a link or an image points there.
        public enum Kind: Sendable, Equatable {
            case link
            case image
        }

        /// Whether a link or an image points there.
        public var kind: Kind
        /// The destination as written (entities and escapes resolved), before any rewriting.
        public var url: String
        /// Where the link or image is; nil where cmark-gfm reports no position.
        public var position: MarkdownNode.Position?

        /// A destination `url` of `kind` at `position`.
        public init(kind: Kind, url: String, position: MarkdownNode.Position?) {
            self.kind = kind
            self.url = url
            self.position = position
        }
    }

    /// Every link and image destination in `blocks` (autolinks included), in document order.
    public static func destinations(in blocks: [MarkdownNode]) -> [Destination] {
        var result: [Destination] = []
        MarkdownNode.walk(blocks) { node in
            switch node.kind {
            case .link: result.append(Destination(kind: .link, url: node.url ?? "", position: node.position))
            case .image: result.append(Destination(kind: .image, url: node.url ?? "", position: node.position))
            default: break
            }
            return true
        }
        return result
    }

    /// A link to another Markdown page pointed at its HTML page: `notes.md` becomes
    /// `notes.html`, `notes.md#part` becomes `notes.html#part`. Anything else is returned as is:
    /// URLs with a scheme (`https:`, `mailto:`) or a host (`//host/x.md`), in-page anchors, and
    /// paths to other files. For `MarkdownHTML.Options.linkDestination`.
    public static func htmlPageDestination(for destination: String) -> String {
        guard !destination.contains(":"), !destination.hasPrefix("//") else { return destination }
        let hash = destination.firstIndex(of: "#") ?? destination.endIndex
        let path = destination[..<hash]
        guard path.hasSuffix(".md"), path.count > 3 else { return destination }
        return path.dropLast(3) + ".html" + destination[hash...]
    }
}
