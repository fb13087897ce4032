import SpecModel

// The site builder's messages, each written once: its factory gives its ID, severity and text;
// its catalogue entry, built from a sample call of the factory, explains it.

extension Message {
    public static func linkToMissingPage(_ url: String, page: String) -> Message {
        Message(
            "link-to-missing-page", .warning,
            "the link '\(url)' leads to '\(page)', which is not a page of the site; link to a page of the content by its '.md' path"
        )
    }

    public static func linkToMissingAnchor(_ url: String, anchor: String, page: String, suggestion: String?) -> Message
    {
        Message(
            "link-to-missing-anchor", .warning,
            "the link '\(url)' leads to '#\(anchor)', which '\(page)' does not have"
                + (suggestion.map { "; did you mean '#\($0)'?" } ?? ""))
    }

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
                fix: "Rename the file, e.g. 'content/release-notes.md'.")),
        CatalogueEntry(
            sample: .linkToMissingPage("writers-guid.md", page: "writers-guid.md"),
            explanation: MessageExplanation(
                summary: "A link leads to a page the site does not have.",
                detail: """
                    A link in a page's prose or references to a '.md' or '.html' path is checked \
                    against the pages of the site: the content's pages (by their '.md' path, relative \
                    to the page the link is on) and the pages the site makes itself. One that leads \
                    nowhere would be a dead link on the site. It is a warning; with '--strict' an \
                    error. Links with a scheme ('https:') are not checked.
                    """,
                example: "See the [writer's guide](writers-guid.md).",
                fix: "Correct the path, relative to the page the link is on ('../writers-guide.md' from a folder).")),
        CatalogueEntry(
            sample: .linkToMissingAnchor(
                "native/login-error-states.md#deleted-passkey", anchor: "deleted-passkey",
                page: "native/login-error-states.md", suggestion: "scenario-deleted-passkey"),
            explanation: MessageExplanation(
                summary: "A link leads to an anchor the page does not have.",
                detail: """
                    A link with '#anchor' to a page of the content is checked against the anchors the \
                    site gives that page: on a prose page its headings (lower case, punctuation \
                    dropped, spaces as '-', as GitHub writes them); on a spec page its sections, \
                    'scenario-ID', 'criterion-ID' and 'check-ID'. The closest anchor is suggested. It \
                    is a warning; with '--strict' an error.
                    """,
                example: "[the deleted passkey](native/login-error-states.md#deleted-passkey)",
                fix: "Use the suggested anchor, or the heading's anchor as the site writes it.")),
    ]
}
