import Foundation
import SpecModel
import SpecRunner

/// `passkey-spec steps [--format text|json]`: the step registry, for writers.
enum StepsCommand {
    static let formats = ["text", "json"]
    static let format = Option.format(formats, default: "text")

    static let command = Command(
        name: "steps", abstract: "List every step a check can use", usage: ["steps [--format text|json]"],
        discussion: [
            """
            Lists every step pattern a check can use, grouped by what it does (set up the
            world, act, check an outcome), with the values each parameter accepts. Parameters
            are written in double quotes in a check; numbers are written bare.
            """
        ],
        options: [format], run: run)

    struct Entry: Encodable {
        var pattern: String
        var kind: String
        var summary: String
        var parameters: [Parameter]
    }

    struct Parameter: Encodable {
        var name: String
        var values: [String]?
    }

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let format = try arguments.format(Self.format, from: formats)
        let definitions = StepRegistry().definitions
        if format == "json" {
            let entries = definitions.map { definition in
                Entry(
                    pattern: definition.display, kind: definition.kind.rawValue, summary: definition.summary,
                    parameters: definition.parameters.map { Parameter(name: $0.name, values: $0.values) })
            }
            console.out(try JSONOutput.string(entries))
            return .success
        }
        var lines: [String] = []
        let titles: [(StepDefinition.Kind, String)] = [
            (.setup, "Set up the world (Given)"), (.action, "What the user and the OS do (When)"),
            (.outcome, "What must be true (Then)"),
        ]
        for (kind, title) in titles {
            lines.append(title)
            for definition in definitions where definition.kind == kind {
                lines.append("  \(definition.display)")
                lines.append("      \(definition.summary)")
            }
            lines.append("")
        }
        lines.append("Parameter values")
        var seen = Set<String>()
        for parameter in definitions.flatMap(\.parameters) where seen.insert(parameter.name).inserted {
            let values =
                parameter.values.map { $0.joined(separator: ", ") }
                ?? (parameter.isNumber ? "a whole number" : "any name")
            lines.append("  <\(parameter.name)>: \(values)")
        }
        console.out(lines.joined(separator: "\n") + "\n")
        return .success
    }
}
