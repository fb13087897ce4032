import SpecModel

/// Where each page of the site lives, and how pages link to each other.
public enum SitePaths {
    /// `native/login-error-states.md` → `native/login-error-states.html`.
    public static func html(forMarkdown path: String) -> String {
        path.hasSuffix(".md") ? String(path.dropLast(3)) + ".html" : path + ".html"
    }

    /// The page of every screen of a spec: `native/login-error-states.md` →
    /// `native/login-error-states/screens.html`.
    public static func screens(forMarkdown path: String) -> String {
        (path.hasSuffix(".md") ? String(path.dropLast(3)) : path) + "/screens.html"
    }

    /// The page of a spec's screens in another language: `native/login-error-states.md`, `de` →
    /// `native/login-error-states/screens.de.html`.
    public static func screens(forMarkdown path: String, language tag: String) -> String {
        (path.hasSuffix(".md") ? String(path.dropLast(3)) : path) + "/screens.\(tag).html"
    }

    /// The page on running a spec's checks against an app: `native/login-error-states.md` →
    /// `native/login-error-states/kit.html`.
    public static func kit(forMarkdown path: String) -> String {
        (path.hasSuffix(".md") ? String(path.dropLast(3)) : path) + "/kit.html"
    }

    /// The prefix that leads from a page back to the site root: `""` or `"../"` and so on.
    static func root(of page: String) -> String {
        String(repeating: "../", count: page.split(separator: "/").count - 1)
    }

    /// An anchor-safe form of an ID: letters, digits, `-`, `_` and `.` kept, the rest `-`.
    static func anchor(_ id: String) -> String {
        String(id.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "." ? $0 : "-" })
    }

    static func scenarioAnchor(_ id: String) -> String { "scenario-\(anchor(id))" }
    static func criterionAnchor(_ id: String) -> String { "criterion-\(anchor(id))" }
    static func checkAnchor(_ id: String) -> String { "check-\(anchor(id))" }
    static func copyAnchor(_ key: String) -> String { "copy-\(anchor(key))" }
    /// A copy key's row of the copy index: the same key can be on several pages (Web and
    /// Native), so the anchor names the page's spec too.
    static func copyIndexAnchor(spec: String, key: String) -> String { copyAnchor("\(spec)-\(key)") }
    static func decisionAnchor(_ id: String) -> String { "decision-\(anchor(id))" }
    /// A flow's results on one platform on the Platform errors page; each result's row is
    /// `errorAnchor`.
    static func errorsAnchor(flow: String, platform: String) -> String { anchor("\(flow)-\(platform)") }
    /// The row of a flow's `position`th result on a platform, from 1.
    static func errorAnchor(flow: String, platform: String, position: Int) -> String {
        "\(errorsAnchor(flow: flow, platform: platform))-\(position)"
    }
    /// A flow's steps of one kind (setup, action, outcome) on the Steps page.
    static func stepsAnchor(flow: String, kind: String) -> String { anchor("\(flow)-\(kind)") }
}
