import FlowEngine
import Foundation
import SpecModel
import SpecRunner

/// `passkey-spec explore [--depth N] [--format text|json]`: check every invariant over every
/// reachable state of the reference engine.
enum ExploreCommand {
    static let formats = ["text", "json"]
    static let depth = Option(
        "--depth", value: "N", help: "Stop after N events from launch.", default: "\(Explorer.defaultDepth)")
    static let format = Option.format(formats, default: "text")

    static let command = Command(
        name: "explore", abstract: "Explore every reachable state of the engine and check its invariants",
        usage: ["explore [--depth N] [--format text|json]"],
        discussion: [
            """
            Explores, breadth first, every state the reference flow engine can reach: in each
            state every user action, every native result of the open OS prompt (each
            ASAuthorizationError code and each GetCredentialException subclass, read by the
            platform adapter) and every server answer the world allows, on iOS and Android,
            for every world script (account statuses, credential states, lookup faults) and
            configuration. Every transition is checked against every invariant; a violation is
            reported with the shortest trace that leads to it.
            """,
            "Exit status: 0 no violation, 1 a violation (or the depth limit cut the space short), 2 usage error.",
        ],
        options: [depth, format], run: run)

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let format = try arguments.format(Self.format, from: formats)
        let given = arguments[depth]!
        guard let depthLimit = Int(given), (1...64).contains(depthLimit) else {
            throw UsageError(.invalidOptionValue(depth.name, value: given, expected: "a whole number from 1 to 64"))
        }
        let report = CheckRunner(explorer: Explorer(depthLimit: depthLimit)).explore()
        if format == "json" {
            console.out(try JSONOutput.string(report))
        } else {
            console.out(text(report))
        }
        return report.violations == 0 && report.complete ? .success : .failure
    }

    static func text(_ report: ExplorationReport) -> String {
        var lines: [String] = []
        let platforms = report.platforms.map(\.rawValue).joined(separator: ", ")
        lines.append(
            "explored \(report.states) states and \(report.transitions) transitions in \(report.runs) runs (\(platforms); depth limit \(report.depthLimit))"
        )
        lines.append(
            report.complete
                ? "every run ran out of new states by depth \(report.deepestLevel): the whole reachable space is covered"
                : "the depth limit \(report.depthLimit) cut some runs short: raise --depth")
        lines.append("native results exercised: \(report.nativeResultsExercised)")
        lines.append("")
        let width = report.invariants.map(\.id.count).max() ?? 0
        for result in report.invariants {
            let verdict = result.violations == 0 ? "ok" : "VIOLATED \(result.violations)×"
            lines.append(
                "\(result.criterion.padding(toLength: 10, withPad: " ", startingAt: 0)) \(result.id.padding(toLength: width, withPad: " ", startingAt: 0))  \(verdict)  (checked at \(result.transitionsChecked) transitions)"
            )
        }
        for result in report.invariants {
            guard let example = result.counterexample else { continue }
            lines.append("")
            lines.append("counterexample for \(result.id) (\(result.criterion)): \(example.message)")
            lines.append("  platform \(example.platform.rawValue); \(example.configuration); world: \(example.world)")
            for (number, step) in example.steps.enumerated() {
                var line = "  \(number + 1). \(step.event)"
                if let native = step.native { line += " [\(native)]" }
                if !step.effects.isEmpty { line += " → \(step.effects.joined(separator: "; "))" }
                if let situation = step.situation { line += " ⟨\(situation)⟩" }
                lines.append(line)
            }
        }
        lines.append("")
        lines.append("explore: \(report.violations == 0 ? "no violations" : "\(report.violations) violations")")
        return lines.joined(separator: "\n") + "\n"
    }
}
