import SiteBuilder
import SpecModel
import SpecParser
import SpecRunner

/// Everything that needs no run: the parser's findings, every step bound to its flow, criteria
/// and scenarios no check covers, every Trigger name resolved against the engine's catalogue,
/// the copy style (errors with `strict`), content pages at the site's own paths, and links to
/// pages or anchors that do not exist.
enum LintStage {
    /// `loaded` with the lint's findings added, in file, line and column order. `linkPages`
    /// are the pages the link check reads when `loaded` does not hold every page's prose (an
    /// incremental build keeps them for the pages it does not read again).
    static func lint(
        _ loaded: ContentLoader.Result, flows: FlowRegistry, strict: Bool, linkPages: [SiteLinks.Page]? = nil
    ) -> ContentLoader.Result {
        var result = loaded
        // What builds on the page's structure runs on pages that parsed without errors, so one
        // mistake is not reported again as its consequences.
        let broken = Set(result.diagnostics.filter { $0.severity == .error }.map(\.location.file))
        let specs = result.content.specs.filter { !broken.contains($0.location.file) }
        let promote = { (diagnostic: Diagnostic) in strict ? diagnostic.promotedToError() : diagnostic }
        let style = CopyStyle.findings(in: result.content.specs).map(promote)
        let links = (linkPages.map(SiteLinks.findings(in:)) ?? SiteLinks.findings(in: result.content)).map(promote)
        result.diagnostics =
            (result.diagnostics + flows.lint(specs) + style + ReservedPaths.collisions(in: result.content) + links)
            .sortedByLocation()
        return result
    }
}
