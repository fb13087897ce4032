import SiteBuilder
import SpecModel
import SpecParser
import Utilities

/// How the store knows a version of a page: a hash of an editor's unsaved text, or the file's
/// stamp on the disk (device, inode, size and modification time).
enum SourceVersion: Hashable, Codable, Sendable {
    case text(String)
    case disk(FileStamp)
}

/// What the store keeps of one version of a page, with or without its parse: enough for every
/// rule across pages (its kind, ID, title, path, anchors and links), for the navigation, and
/// for the next build to tell whether it changed, plus the findings of the rules of that page
/// alone. A build keeps the records of its pages in its manifest, so that the next build reads
/// only the pages that changed. A record never changes once made: a class, so that a store, a
/// snapshot and a manifest share one copy of each.
final class PageRecord: Sendable, Equatable {
    /// What the page is.
    enum Kind: String, Codable, Sendable {
        /// A spec page: checked, and part of every generated page and export.
        case spec
        /// The home page (`<!-- page: home -->`): its prose is on the home page.
        case home
        /// Any other page: prose on its own page.
        case page
        /// A translation file beside a spec: part of the exports, not a page.
        case translation
    }

    /// The file's path as listed (what diagnostics name).
    let path: String
    /// The path relative to the content root, which the site mirrors.
    let relativePath: String
    /// The version read (nil for bytes from elsewhere than the disk or an editor).
    let version: SourceVersion?
    /// Whether the version can be trusted to name these bytes: not a stamp so recent that
    /// the file may change again within the same tick and keep it. A record not trusted is
    /// read again by the next look.
    let isTrusted: Bool
    /// A hash of the bytes read (empty when they could not be read).
    let hash: String
    /// Nil when the file did not parse into a page.
    let kind: Kind?
    let id: String
    let title: String
    /// The page's title, where the model locates the page.
    let titleSpan: SourceSpan
    /// Where the page's ID is written.
    let idSpan: SourceSpan?
    /// The anchors a link to the page may name, and the links it holds.
    let links: SiteLinks.Page?
    /// The findings of the rules of the page alone (the reader's, the page's and its flow's).
    let findings: [Diagnostic]
    /// A spec's English strings, or a translation's strings: what the `translations` rule
    /// compares. Nil for any other page.
    let copy: CopyFacts?

    init(
        path: String, relativePath: String, version: SourceVersion?, isTrusted: Bool, hash: String, kind: Kind?,
        id: String, title: String, titleSpan: SourceSpan, idSpan: SourceSpan?, links: SiteLinks.Page?,
        findings: [Diagnostic], copy: CopyFacts? = nil
    ) {
        self.path = path
        self.relativePath = relativePath
        self.version = version
        self.isTrusted = isTrusted
        self.hash = hash
        self.kind = kind
        self.id = id
        self.title = title
        self.titleSpan = titleSpan
        self.idSpan = idSpan
        self.links = links
        self.findings = findings
        self.copy = copy
    }

    static func == (lhs: PageRecord, rhs: PageRecord) -> Bool {
        lhs === rhs
            || (lhs.path == rhs.path && lhs.relativePath == rhs.relativePath && lhs.version == rhs.version
                && lhs.isTrusted == rhs.isTrusted && lhs.hash == rhs.hash && lhs.kind == rhs.kind && lhs.id == rhs.id
                && lhs.title == rhs.title && lhs.titleSpan == rhs.titleSpan && lhs.idSpan == rhs.idSpan
                && lhs.links == rhs.links && lhs.findings == rhs.findings && lhs.copy == rhs.copy)
    }

    /// Whether a finding of the page is an error.
    var hasErrors: Bool { findings.contains { $0.severity == .error } }

    /// The page as the content lists it when it is not read again: its ID, title and path.
    var stub: Page? {
        guard kind == .page || kind == .home else { return nil }
        var page = Page(id: id, title: title, path: relativePath, body: [], location: titleSpan.start)
        page.end = titleSpan.end
        return page
    }
}

extension PageRecord {
    /// The record of a page as read, with the findings of the rules of that page alone.
    convenience init(_ loaded: LoadedFile, version: SourceVersion?, isTrusted: Bool, findings: [Diagnostic]) {
        let (kind, id, title, titleSpan, links): (Kind?, String, String, SourceSpan, SiteLinks.Page?)
        var copy: CopyFacts?
        switch loaded.page {
        case .spec(let spec):
            (kind, id, title, titleSpan, links) = (.spec, spec.id, spec.title, spec.span, SiteLinks.page(of: spec))
            copy = CopyFacts(spec: spec)
            copy?.readWithErrors = loaded.diagnostics.contains { $0.severity == .error }
        case .page(let page):
            (kind, id, title, titleSpan, links) = (
                page.id == "home" ? .home : .page, page.id, page.title, page.span, SiteLinks.page(of: page)
            )
        case .translation(let translation):
            (kind, id, title, titleSpan, links) = (
                .translation, translation.specID, translation.locale.rawValue, translation.specSpan, nil
            )
            copy = CopyFacts(translation: translation)
        case nil: (kind, id, title, titleSpan, links) = (nil, "", "", .whole(loaded.file.path), nil)
        }
        self.init(
            path: loaded.file.path, relativePath: loaded.file.relativePath, version: version, isTrusted: isTrusted,
            hash: loaded.hash, kind: kind, id: id, title: title, titleSpan: titleSpan, idSpan: loaded.idSpan,
            links: links, findings: findings, copy: copy)
    }
}
