import SpecModel
import SpecParser
import Utilities

/// Everything that needs no run, over a snapshot of the source store: the findings each page's
/// rules left with it (the reader's, the copy style's, its flow's), what listing the folders
/// found, and the rules across pages (IDs used twice, pages at the site's own paths, links
/// that lead nowhere), without the findings another finding implies, and with the strict
/// rules' warnings made errors under `--strict`.
enum LintStage {
    /// The content and the lint's findings, in file, line and column order; and whether a
    /// rule read a page outside the snapshot (a link out of the paths given), whose version
    /// the snapshot does not hold.
    static func lint(
        _ snapshot: SourceStore.Snapshot, store: SourceStore, request: SourceStore.Request, strict: Bool
    ) -> (content: ContentSet, diagnostics: [Diagnostic], readOutside: Bool) {
        let records = snapshot.pages.map(\.record)
        let readOutside = Locked(false)
        let scope = LintRule.AcrossPages(
            pages: records.filter { $0.kind != nil },
            unread: records.filter { $0.kind == nil }.map(\.relativePath),
            outside: { relative in
                readOutside.withLock { $0 = true }
                return store.outside(relative, roots: snapshot.roots, request: request)
            })
        var diagnostics = snapshot.listingFindings + records.flatMap(\.findings)
        for rule in LintRules.acrossPageRules {
            guard case .acrossPages(let body) = rule.body else { continue }
            diagnostics += body(scope)
        }
        store.countAcrossPages(
            LintRules.acrossPageRules.filter { if case .acrossPages = $0.body { true } else { false } })
        return (snapshot.content, LintRules.finish(diagnostics, strict: strict), readOutside.withLock { $0 })
    }
}
