import ReportModel
import SpecModel
import SpecRunner

/// Runs every check of the content on each platform, explores each flow (from the tool's cache
/// when it has the exploration) and cross-checks the copy: the run report.
struct CheckStage {
    let flows: FlowRegistry
    let cache: ToolCache?
    /// Whether the strict rules' warnings are errors.
    var strict = false

    /// The run of `content`, with `lintDiagnostics` (the findings of the stages before)
    /// merged into its diagnostics in file order, leaving out a finding of the run that a
    /// finding of the lint implies.
    func run(_ content: ContentSet, lintDiagnostics: [Diagnostic] = []) -> RunReport {
        // Never stopped, so always made.
        run(content, lintDiagnostics: lintDiagnostics, stoppingWhen: { false })!
    }

    /// `run`, or nil when `isCancelled` says to stop first (see `CheckRunner`).
    func run(
        _ content: ContentSet, lintDiagnostics: [Diagnostic] = [], stoppingWhen isCancelled: () -> Bool
    ) -> RunReport? {
        guard var report = CheckRunner(flows: flows, cache: cache?.explorations).run(content, stoppingWhen: isCancelled)
        else { return nil }
        report.diagnostics = LintRules.finish(lintDiagnostics + report.diagnostics, strict: strict)
        return report
    }
}
