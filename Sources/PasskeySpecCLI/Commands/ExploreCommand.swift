import Foundation
import Pipeline
import ReportModel
import SpecModel
import Utilities

/// `passkey-spec explore [--flow ID] [--depth N] [--format text|json]`: check every invariant
/// over every reachable state of each flow's reference engine.
enum ExploreCommand {
    struct Arguments: CommandArguments {
        var flow: String?
        var depth: Int?
        var format = OutputFormat.text

        static let declaration = ArgumentDeclaration<Self>(
            .option(\.flow, "--flow", value: "ID", help: "Only this flow; without it, every flow."),
            .option(
                \.depth, "--depth", value: "N",
                help: "Stop after N events from launch; without it, each flow's own limit.",
                range: 1...64),
            .format(\.format))
    }

    static let command = Command(
        name: "explore", abstract: "Explore every reachable state of each flow's engine and check its invariants",
        discussion: [
            """
            Explores, breadth first, every state each flow's reference engine can reach: in
            each state every user action, every native result of the open OS prompt (read by
            the platform's adapter) and every server answer the world allows, on each platform
            of the flow, for every world script and configuration. Every transition is checked
            against every invariant; a violation is reported with the shortest trace that
            leads to it.
            """,
            "Exit status: 0 no violation, 1 a violation (or the depth limit cut the space short), 2 usage error.",
        ],
        run: run)

    /// One flow's exploration, as `--format json` prints it. The timing is this command's
    /// alone: it is never part of the exploration that the cache and the run report keep.
    struct FlowOutput: Encodable {
        var flow: String
        var exploration: ExplorationSummary
        var invariants: [InvariantRun]
        var screens: [ScreenPresentation]
        /// Wall-clock seconds the exploration took.
        var seconds: Double
        var statesPerSecond: Int
        var transitionsPerSecond: Int

        init(_ explored: ExploredFlow) {
            flow = explored.id
            exploration = explored.summary
            invariants = explored.invariants
            screens = explored.screens
            seconds = (explored.seconds * 1e6).rounded() / 1e6
            // A clock tick is the least time anything takes, so a rate is always finite.
            let elapsed = max(explored.seconds, 1e-6)
            statesPerSecond = Int((Double(explored.summary.states) / elapsed).rounded())
            transitionsPerSecond = Int((Double(explored.summary.transitions) / elapsed).rounded())
        }
    }

    static func run(_ arguments: ParsedArguments<Arguments>, console: Console) throws -> ExitStatus {
        let pipeline = console.pipeline(flows: arguments.makeFlows)
        guard let explored = pipeline.explore(flowID: arguments.flow, depth: arguments.depth) else {
            let known = pipeline.flowIDs.map { "'\($0)'" }.joined(separator: ", ")
            let id = arguments.flow ?? ""
            throw UsageError(.invalidOptionValue("--flow", value: id, expected: "one of \(known)"), argument: id)
        }
        let outputs = explored.map(FlowOutput.init)
        console.out(arguments.format == .json ? try JSONOutput.string(outputs) : text(outputs))
        let violations = outputs.flatMap(\.invariants).reduce(0) { $0 + $1.violations }
        return violations == 0 && outputs.allSatisfy(\.exploration.complete) ? .success : .failure
    }

    static func text(_ outputs: [FlowOutput]) -> String {
        var lines: [String] = []
        for output in outputs {
            let summary = output.exploration
            lines.append(
                "\(output.flow): explored \(summary.states) states and \(summary.transitions) transitions in \(summary.runs) runs (\(summary.breakdown()); depth limit \(summary.depthLimit))"
            )
            lines.append(
                summary.complete
                    ? "every run ran out of new states by depth \(summary.deepestLevel): the whole reachable space is covered"
                    : "the depth limit \(summary.depthLimit) cut some runs short: raise --depth")
            lines.append("native results exercised: \(summary.nativeResults)")
            lines.append(
                "space: \(summary.platforms) platforms, \(summary.configurations) configurations, \(summary.platformConfigurations) platform configurations, \(summary.worlds) world scripts; deepest level \(summary.deepestLevel)"
            )
            lines.append(
                "explored in \(String(format: "%.3f", output.seconds)) s: \(output.statesPerSecond) states/s, \(output.transitionsPerSecond) transitions/s"
            )
            lines.append("")
            let width = output.invariants.map(\.id.count).max() ?? 0
            for result in output.invariants {
                let verdict = result.violations == 0 ? "ok" : "VIOLATED \(result.violations)×"
                lines.append(
                    "\(result.criterion.padding(toLength: 10, withPad: " ", startingAt: 0)) \(result.id.padding(toLength: width, withPad: " ", startingAt: 0))  \(verdict)  (checked at \(result.transitionsChecked) transitions)"
                )
                lines.append(String(repeating: " ", count: 11) + result.statement)
            }
            if !output.screens.isEmpty {
                lines.append("")
                lines.append("screens it shows (platform, scenario, notice, actions):")
                let scenarioWidth = output.screens.map(\.scenario.count).max() ?? 0
                let platformWidth = output.screens.map(\.platform.rawValue.count).max() ?? 0
                for screen in output.screens {
                    let actions = screen.actions.isEmpty ? "no actions" : screen.actions.joined(separator: ", ")
                    lines.append(
                        "  \(screen.platform.rawValue.padding(toLength: platformWidth, withPad: " ", startingAt: 0))  \(screen.scenario.padding(toLength: scenarioWidth, withPad: " ", startingAt: 0))  \(screen.showsNotice ? "notice   " : "no notice")  \(actions)"
                    )
                }
            }
            for result in output.invariants {
                guard let example = result.counterexample else { continue }
                lines.append("")
                lines.append("counterexample for \(result.id) (\(result.criterion)):")
                for (number, line) in example.enumerated() {
                    if number == 0 {
                        lines.append("  platform \(line)")
                    } else {
                        lines.append(number == example.count - 1 ? "  \(line)" : "  \(number). \(line)")
                    }
                }
            }
            lines.append("")
        }
        let violations = outputs.flatMap(\.invariants).reduce(0) { $0 + $1.violations }
        lines.append("explore: \(violations == 0 ? "no violations" : "\(violations) violations")")
        return lines.joined(separator: "\n") + "\n"
    }
}
