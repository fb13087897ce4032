import SpecModel

// The site builder's messages, each written once: its factory gives its ID, severity and text;
// its catalogue entry, built from a sample call of the factory, explains it.

extension Message {
    public static func linkToMissingPage(_ url: String, page: String, suggestion: String?) -> Message {
        Message(
            "link-to-missing-page", .warning,
            "the link '\(url)' leads to '\(page)', which is not a page of the site; "
                + (suggestion.map { "did you mean '\($0)'?" } ?? "link to a page of the content by its '.md' path"))
    }

    public static func linkToMissingAnchor(_ url: String, anchor: String, page: String, suggestion: String?) -> Message
    {
        Message(
            "link-to-missing-anchor", .warning,
            "the link '\(url)' leads to '#\(anchor)', which '\(page)' does not have"
                + (suggestion.map { "; did you mean '#\($0)'?" } ?? ""))
    }

    public static func linkFromServerRoot(_ url: String, relative: String) -> Message {
        Message(
            "link-from-server-root", .warning,
            "the link '\(url)' starts at the server's root, so it leads nowhere once the site is published under a path (as a GitHub Pages project site is); write it relative to this page: '\(relative)'"
        )
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
            sample: .reservedPagePath("changes.md", page: "changes.html")),
        CatalogueEntry(
            sample: .linkToMissingPage("writers-guid.md", page: "writers-guid.md", suggestion: "writers-guide.md")),
        CatalogueEntry(
            sample: .linkToMissingAnchor(
                "native/login-error-states.md#deleted-passkey", anchor: "deleted-passkey",
                page: "native/login-error-states.md", suggestion: "scenario-deleted-passkey")),
        CatalogueEntry(
            sample: .linkFromServerRoot(
                "/native/login-error-states.html", relative: "native/login-error-states.html")),
    ]
}
