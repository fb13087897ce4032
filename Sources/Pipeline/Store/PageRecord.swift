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
/// only the pages that changed.
struct PageRecord: Sendable, Equatable {
    /// What the page is.
    enum Kind: String, Codable, Sendable {
        /// A spec page: checked, and part of every generated page and export.
        case spec
        /// The home page (`<!-- page: home -->`): its prose is on the home page.
        case home
        /// Any other page: prose on its own page.
        case page
    }

    /// The file's path as listed (what diagnostics name).
    var path: String
    /// The path relative to the content root, which the site mirrors.
    var relativePath: String
    /// The version read (nil for bytes from elsewhere than the disk or an editor).
    var version: SourceVersion?
    /// Whether the version can be trusted to name these bytes: not a stamp so recent that
    /// the file may change again within the same tick and keep it. A record not trusted is
    /// read again by the next look.
    var isTrusted: Bool
    /// A hash of the bytes read (empty when they could not be read).
    var hash: String
    /// Nil when the file did not parse into a page.
    var kind: Kind?
    var id: String
    var title: String
    /// The page's title, where the model locates the page.
    var titleSpan: SourceSpan
    /// Where the page's ID is written.
    var idSpan: SourceSpan?
    /// The anchors a link to the page may name, and the links it holds.
    var links: SiteLinks.Page?
    /// The findings of the rules of the page alone (the reader's, the page's and its flow's).
    var findings: [Diagnostic]

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
    init(_ loaded: LoadedFile, version: SourceVersion?, isTrusted: Bool, findings: [Diagnostic]) {
        path = loaded.file.path
        relativePath = loaded.file.relativePath
        self.version = version
        self.isTrusted = isTrusted
        hash = loaded.hash
        idSpan = loaded.idSpan
        self.findings = findings
        switch loaded.page {
        case .spec(let spec):
            kind = .spec
            (id, title, titleSpan) = (spec.id, spec.title, spec.span)
            links = SiteLinks.page(of: spec)
        case .page(let page):
            kind = page.id == "home" ? .home : .page
            (id, title, titleSpan) = (page.id, page.title, page.span)
            links = SiteLinks.page(of: page)
        case nil:
            kind = nil
            (id, title, titleSpan) = ("", "", .whole(loaded.file.path))
            links = nil
        }
    }
}
