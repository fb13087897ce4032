import SiteBuilder
import SpecRunner
import Utilities

/// What the lint and the checks are made from, prepared on another core while the content is
/// listed and parsed: a stage that needs it waits for the work instead of making it itself.
enum Preparation {
    /// Starts preparing: each flow's own lint rules, then (with `explorations`) each flow's
    /// exploration, read from the cache or explored, then (with `templates`) the site's
    /// templates parsed.
    @discardableResult
    static func start(
        flows: [Flow], explorations: ExplorationCache?, templates: SiteBuilder.Templates? = nil
    ) -> SideWork {
        SideWork {
            // A flow's own rules are built from the engine on first use (the trigger
            // catalogues probe it): linting no spec builds them before the content needs them.
            for flow in flows { _ = flow.lint([]) }
            if let explorations {
                for flow in flows { _ = explorations.exploration(of: flow) }
            }
            templates?.parseAll()
        }
    }
}
