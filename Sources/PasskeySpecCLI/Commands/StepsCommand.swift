import Foundation
import Pipeline
import ReportModel
import SpecModel
import Utilities

/// `passkey-spec steps [--format text|json]`: the step registry, for writers.
enum StepsCommand {
    struct Arguments: CommandArguments {
        var format = OutputFormat.text

        static let declaration = ArgumentDeclaration<Self>(.format(\.format))
    }

    static let command = Command(
        name: "steps", abstract: "List every step a check can use",
        discussion: [
            """
            Lists every step pattern a check can use, by flow (a spec names its flow in its
            metadata) and by what it does (set up the world, act, check an outcome), with the
            values each parameter accepts. Parameters
            are written in double quotes in a check; numbers are written bare.
            """
        ],
        run: run)

    /// One flow's steps, as `--format json` prints them.
    struct FlowSteps: Encodable {
        var flow: String
        var title: String
        var steps: [StepPattern]
    }

    static func run(_ arguments: ParsedArguments<Arguments>, console: Console) throws -> ExitStatus {
        let flows = console.pipeline(flows: arguments.makeFlows).flowReferences
        if arguments.format == .json {
            let output = flows.map { FlowSteps(flow: $0.id, title: $0.title, steps: $0.steps) }
            console.out(try JSONOutput.string(output))
            return .success
        }
        var lines: [String] = []
        let titles: [(StepKind, String)] = [
            (.setup, "Set up the world (Given)"), (.action, "What the user and the OS do (When)"),
            (.outcome, "What must be true (Then)"),
        ]
        for flow in flows {
            let patterns = flow.steps
            lines.append("Flow \(flow.id): \(flow.title)")
            lines.append("")
            for (kind, title) in titles {
                lines.append(title)
                for pattern in patterns where pattern.kind == kind {
                    lines.append("  \(pattern.display)")
                    lines.append("      \(pattern.summary)")
                }
                lines.append("")
            }
            lines.append("Parameter values")
            var seen = Set<String>()
            for parameter in patterns.flatMap(\.parameters) where seen.insert(parameter.name).inserted {
                let values =
                    parameter.values.map { $0.joined(separator: ", ") }
                    ?? (parameter.isNumber ? "a whole number" : "any name")
                lines.append("  <\(parameter.name)>: \(values)" + (parameter.namesScenario ? " (scenario IDs)" : ""))
            }
            lines.append("")
        }
        console.out(lines.joined(separator: "\n"))
        return .success
    }
}
