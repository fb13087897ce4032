import SpecModel

/// The site's own pages take their paths before the content's: a content page whose page
/// would land on one (`changes.md`, `native/login-error-states/screens.md`) is an error,
/// since one of the two pages would silently replace the other.
public enum ReservedPaths {
    /// An error at each content page whose page is one the site makes itself: `pages` gives
    /// each page's path, whether it is a spec, and where its title is.
    public static func collisions(in pages: [(path: String, isSpec: Bool, title: SourceSpan)]) -> [Diagnostic] {
        let specs = pages.filter(\.isSpec).map(\.path)
        let taken = Set(SiteNavigation.referencePages.map(\.href))
            .union(specs.map(SitePaths.screens(forMarkdown:)))
            .union(specs.map(SitePaths.kit(forMarkdown:)))
        return pages.compactMap { page in
            let html = SitePaths.html(forMarkdown: page.path)
            guard taken.contains(html) else { return nil }
            return Diagnostic(.reservedPagePath(page.path, page: html), at: page.title)
        }
    }
}
