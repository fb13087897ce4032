import SpecModel

/// The site's own pages take their paths before the content's: a content page whose page
/// would land on one (`changes.md`, `native/login-error-states/screens.md`) is an error,
/// since one of the two pages would silently replace the other.
public enum ReservedPaths {
    /// The generated pages of a site built from `content`, by path.
    static func generated(for content: ContentSet) -> Set<String> {
        Set(SiteNavigation.referencePages.map(\.href))
            .union(content.specs.map { SitePaths.screens(forMarkdown: $0.path) })
            .union(content.specs.map { SitePaths.kit(forMarkdown: $0.path) })
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
