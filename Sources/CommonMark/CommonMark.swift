internal import CCmarkGFM
internal import Glibc
internal import Synchronization

/// The one place that opens cmark-gfm documents: a parser with every GFM extension attached,
/// freed with its tree when the caller is done. Internal, so no C type leaves this module.
/// A node of cmark-gfm's tree. The shim includes the node's layout (for footnotes), which
/// makes the node a complete C type rather than an opaque one.
typealias CommonMarkNodePointer = UnsafeMutablePointer<cmark_node>

enum CommonMarkDocument {
    static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    /// Held while cmark-gfm parses. Its inline parser keeps the characters the extensions
    /// claim (`~`, `|`, …) in a process-wide table that each parse sets and clears, so two
    /// parses at once can miss strikethrough and autolinks in each other's text.
    private static let parsing = Mutex(())

    /// Parses with every GFM extension attached, hands the document to `body` and frees the
    /// parser and the tree afterwards.
    static func with<Result>(
        _ markdown: String, options: Int32, _ body: (CommonMarkNodePointer, OpaquePointer) -> Result
    ) -> Result? {
        guard let parser = cmark_parser_new(options) else { return nil }
        defer { cmark_parser_free(parser) }
        var text = markdown
        let parsed = parsing.withLock { _ -> ParsedDocument in
            cmark_gfm_core_extensions_ensure_registered()
            for name in extensionNames {
                if let syntaxExtension = cmark_find_syntax_extension(name) {
                    cmark_parser_attach_syntax_extension(parser, syntaxExtension)
                }
            }
            text.withUTF8 { buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    if let base = chars.baseAddress { cmark_parser_feed(parser, base, chars.count) }
                }
            }
            return ParsedDocument(pointer: cmark_parser_finish(parser))
        }
        guard let document = parsed.pointer else { return nil }
        defer { cmark_node_free(document) }
        return body(document, parser)
    }
}

/// A document handed out of the parsing lock. It stays on the thread that parsed it; the
/// lock only needs it to be sendable.
private struct ParsedDocument: @unchecked Sendable {
    let pointer: CommonMarkNodePointer?
}

/// cmark-gfm's own HTML renderer: the reference `MarkdownHTML` is tested against, byte for
/// byte. The site renders from the tree with `MarkdownHTML` instead, so that prose is parsed
/// once and links are rewritten on the tree.
public enum CommonMarkHTML {
    /// Renders Markdown to HTML with cmark-gfm's renderer, GFM extensions and footnotes on, in
    /// its safe mode: raw HTML is replaced by a comment and unsafe link destinations
    /// (`javascript:` and the like) are dropped.
    public static func render(_ markdown: String) -> String {
        let options = CMARK_OPT_FOOTNOTES
        return CommonMarkDocument.with(markdown, options: options) { document, parser in
            guard let html = cmark_render_html(document, options, cmark_parser_get_syntax_extensions(parser)) else {
                return ""
            }
            defer { free(html) }
            return String(cString: html)
        } ?? ""
    }
}
