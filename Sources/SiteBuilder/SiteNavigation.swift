import SpecModel

/// The site's navigation, laid out like `content/`. The rule, in this one place:
///
/// 1. **Overview**: the home page, then every page and spec at the content root, by path.
/// 2. One section per top-level folder of `content/`, with every page and spec under it (at
///    any depth), by path; each spec is followed by the page of its screens. The folders named in `folderOrder` come first, in that order; any
///    other folder follows, by name. A folder named after a platform's ID is titled with the
///    platform's name; any other with its name, first letter capitalized, hyphens as spaces.
/// 3. **Reference**: the pages the site generates from every spec.
///
/// A folder with more than `maximumListed` pages is listed as one link to its section page
/// (`folder/index.html`, which lists them all) and the current page, so that every page does
/// not carry a list of every page: the site's size grows linearly with its pages. So is the
/// Overview, after its home page, when the content root holds that many (its section page is
/// `pages.html`, or the content's own `pages.md`, as a folder's `index.md` is its own).
///
/// Nothing here names a platform: a new folder shows up as a section of its own as soon as
/// it holds a page.
public enum SiteNavigation {
    /// The folders whose sections come first, in this order: the guide reads the browser's
    /// pages before the apps'.
    static let folderOrder = ["web", "native"]

    static let overviewTitle = "Overview"
    static let referenceTitle = "Reference"
    static let homeLabel = "Home"
    /// The most pages a section lists in the navigation before it links to its section page.
    static let maximumListed = 12
    /// The section page of the Overview when it is collapsed.
    static let overviewIndex = "pages.html"

    /// The generated pages, as the Reference section lists them.
    static let referencePages: [Link] = [
        Link(href: "copy.html", label: "Copy index"), Link(href: "errors.html", label: "Platform errors"),
        Link(href: "steps.html", label: "Steps"), Link(href: "decisions.html", label: "Decisions"),
        Link(href: "flows.html", label: "Flow diagrams"),
        Link(href: "changes.html", label: "Changes"), Link(href: "search.html", label: "Search"),
    ]

    struct Link: Equatable {
        let href: String
        let label: String
    }

    /// A page as the navigation sees it: where its Markdown is, relative to the content
    /// root, its title, and whether it is a spec (which has a page of its screens too). An
    /// incremental build keeps these for the pages it does not read.
    public struct Entry: Hashable, Sendable {
        public var path: String
        public var title: String
        public var isSpec: Bool

        public init(path: String, title: String, isSpec: Bool = false) {
            self.path = path
            self.title = title
            self.isSpec = isSpec
        }
    }

    /// The pages the navigation lists: every spec and every page but the home page.
    public static func entries(_ content: ContentSet) -> [Entry] {
        content.specs.map { Entry(path: $0.path, title: $0.title, isSpec: true) }
            + content.pages.filter { $0.id != "home" }.map { Entry(path: $0.path, title: $0.title) }
    }

    /// The label of a spec's screens page, in the navigation and as its title.
    static func screensLabel(ofSpecTitled title: String) -> String { "Screens of \(title)" }
    static func kitLabel(ofSpecTitled title: String) -> String { "Run \(title) against your app" }

    /// A section of the navigation, before any page is current.
    struct Group: Equatable {
        /// The top-level folder, or nil for Overview and Reference.
        let folder: String?
        let title: String
        let links: [Link]
        /// Whether the section collapses when large: a folder's and the Overview, not
        /// Reference, the site's own few pages.
        var collapsible = true

        /// Whether the navigation lists the section's page instead of its pages: a collapsible
        /// section with more than `maximumListed` links.
        var isCollapsed: Bool { collapsible && links.count > SiteNavigation.maximumListed }

        /// The section page of a collapsed section: `folder/index.html`, or the Overview's
        /// `pages.html`.
        var index: Link? {
            guard isCollapsed else { return nil }
            return Link(
                href: folder.map { "\($0)/index.html" } ?? SiteNavigation.overviewIndex,
                label: "All \(links.count) pages")
        }
    }

    /// Every section, in order, from the content.
    static func groups(_ content: ContentSet) -> [Group] {
        groups(entries(content))
    }

    /// Every section, in order, from the pages it lists.
    static func groups(_ pages: [Entry]) -> [Group] {
        var root: [Link] = []
        var folders: [String: [(path: String, link: Link)]] = [:]
        for page in pages.sorted(by: { $0.path < $1.path }) {
            var links = [Link(href: SitePaths.html(forMarkdown: page.path), label: page.title)]
            if page.isSpec {
                links.append(
                    Link(href: SitePaths.screens(forMarkdown: page.path), label: screensLabel(ofSpecTitled: page.title))
                )
                links.append(
                    Link(href: SitePaths.kit(forMarkdown: page.path), label: kitLabel(ofSpecTitled: page.title)))
            }
            let parts = page.path.split(separator: "/")
            if parts.count > 1 {
                folders[String(parts[0]), default: []] += links.map { (page.path, $0) }
            } else {
                root += links
            }
        }
        var groups = [
            Group(folder: nil, title: overviewTitle, links: [Link(href: "index.html", label: homeLabel)] + root)
        ]
        for folder in folders.keys.sorted(by: precedes) {
            groups.append(Group(folder: folder, title: title(ofFolder: folder), links: folders[folder]!.map(\.link)))
        }
        groups.append(Group(folder: nil, title: referenceTitle, links: referencePages, collapsible: false))
        return groups
    }

    /// The title of the section a page at `path` (relative to the content root) is listed in.
    static func sectionTitle(ofPage path: String) -> String {
        let parts = path.split(separator: "/")
        return parts.count > 1 ? title(ofFolder: String(parts[0])) : overviewTitle
    }

    /// Whether folder `a`'s section comes before folder `b`'s: `folderOrder` first, then by name.
    static func precedes(_ a: String, _ b: String) -> Bool {
        let left = folderOrder.firstIndex(of: a) ?? folderOrder.count
        let right = folderOrder.firstIndex(of: b) ?? folderOrder.count
        return left != right ? left < right : a < b
    }

    /// `web` → the platform's name; `native` → `Native`; `account-recovery` → `Account recovery`.
    static func title(ofFolder folder: String) -> String {
        if let platform = Platform(rawValue: folder) { return platform.displayName }
        let words = String(folder.map { $0 == "-" ? " " : $0 })
        return words.prefix(1).uppercased() + words.dropFirst()
    }
}
