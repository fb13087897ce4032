import SpecModel

/// The site's own pages take their paths before the content's: a content page whose page
/// would land on one (`changes.md`, `native/login-error-states/screens.md`) is an error,
/// since one of the two pages would silently replace the other.
public enum ReservedPaths {
    /// The generated pages of a site built from `content`, by path.
    static func generated(for content: ContentSet) -> Set<String> {
        Set(SiteNavigation.referencePages.map(\.href))
            .union(content.specs.map { SitePaths.screens(forMarkdown: $0.path) })
    }

    /// An error at each content page whose page is one the site makes itself.
    public static func collisions(in content: ContentSet) -> [Diagnostic] {
        let taken = generated(for: content)
        let pages =
            content.specs.map { ($0.path, $0.location) } + content.pages.map { ($0.path, $0.location) }
        return pages.compactMap { path, location in
            let page = SitePaths.html(forMarkdown: path)
            guard taken.contains(page) else { return nil }
            return Diagnostic(.reservedPagePath(path, page: page), at: location)
        }
    }
}

extension Message {
    public static func reservedPagePath(_ path: String, page: String) -> Message {
        Message(
            "reserved-page-path", .error,
            "'\(path)' would be built as '\(page)', which the site makes itself; rename the file")
    }
}

/// The site builder's part of the message catalogue.
public enum SiteMessages {
    public static let catalogue: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .reservedPagePath("changes.md", page: "changes.html"),
            explanation: MessageExplanation(
                summary: "A content page would be built where the site puts one of its own pages.",
                detail: """
                    The site makes some pages itself: the copy index, platform errors, steps, \
                    decisions, flow diagrams and Changes pages at the root, and a screens page beside \
                    each spec ('native/login-error-states/screens.html'). A Markdown file whose page \
                    would have the same path would replace it, or be replaced by it, so it is refused.
                    """,
                example: "content/changes.md",
                fix: "Rename the file, e.g. 'content/release-notes.md'."))
    ]
}
