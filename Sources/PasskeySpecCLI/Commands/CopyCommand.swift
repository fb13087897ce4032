import Foundation
import SpecModel
import SpecParser

/// `passkey-spec copy SCENARIO-ID [--platform PLATFORM] [--format text|json] [PATHS...]`
/// and `passkey-spec copy --list`: the exact copy of a scenario, for engineers.
enum CopyCommand {
    struct Arguments: CommandArguments {
        var scenario: String?
        var list = false
        var platform: Platform?
        var format = OutputFormat.text
        var paths = ["content"]

        static let declaration = ArgumentDeclaration<Self>(
            .positional(\.scenario, "SCENARIO-ID", help: "The scenario to print.", insteadOf: \.list),
            .flag(\.list, "--list", help: "List every scenario ID with its title and spec instead."),
            .platform(\.platform, otherwise: "every platform of the spec"),
            .format(\.format),
            .paths(\.paths))
    }

    static let command = Command(
        name: "copy", abstract: "Print the exact copy of a scenario, or list the scenarios",
        discussion: [
            """
            Prints the copy of one scenario of the spec pages under PATHS (default: content):
            the native trigger and the words on screen (title, message, each action), with the
            stable key of each string, for one platform or all of the spec's. An unknown ID lists the closest
            ones and exits 1. '--list' lists every scenario ID with its title and spec.
            """
        ],
        run: run)

    struct Output: Encodable {
        var scenario: String
        var title: String
        var spec: String
        var platforms: [PlatformOutput]
    }

    struct PlatformOutput: Encodable {
        var platform: String
        var trigger: String
        var signals: [String]
        var presentation: String?
        var title: Entry
        var message: Entry
        var actions: [Entry]
    }

    struct Entry: Encodable {
        var key: String
        var action: String?
        /// Nil where the spec says nothing is shown.
        var text: String?
        var note: String?
    }

    static func run(_ arguments: ParsedArguments<Arguments>, console: Console) throws -> ExitStatus {
        let platformFilter = arguments.platform
        guard arguments.list || arguments.scenario != nil else { throw UsageError(.missingScenarioArgument) }
        let result = try loadContent(arguments.paths)
        console.print(result.diagnostics)
        guard !result.hasErrors else { return .failure }
        let scenarios = result.content.specs.flatMap { spec in spec.scenarios.map { (spec, $0) } }

        guard let id = arguments.scenario else {
            let width = scenarios.map(\.1.id.count).max() ?? 0
            console.out(
                scenarios.map { spec, scenario in
                    "\(scenario.id.padding(toLength: width + 2, withPad: " ", startingAt: 0))\(scenario.title) [\(spec.id)]"
                }.joined(separator: "\n") + "\n")
            return .success
        }
        let matches = scenarios.filter { $0.1.id == id }
        guard !matches.isEmpty else {
            let closest = scenarios.map(\.1.id).sorted { editDistance(id, $0) < editDistance(id, $1) }.prefix(3)
            console.printUsageError(.unknownScenario(id, closest: Array(closest)))
            return .failure
        }
        // The same scenario can be on several pages (the Web and the Native page): with a
        // platform, the pages that cover it; without, every page (JSON: the first).
        let covering = matches.filter { match in platformFilter.map(match.0.platforms.contains) ?? true }
        let chosen = covering.isEmpty ? [matches[0]] : covering
        let outputs = chosen.map { spec, scenario in
            let copies = scenario.copy.filter { platformFilter == nil || $0.platform == platformFilter }
            return Output(
                scenario: scenario.id, title: scenario.title, spec: spec.path,
                platforms: copies.map { copy in
                    PlatformOutput(
                        platform: copy.platform.rawValue, trigger: copy.trigger.text, signals: copy.trigger.signals,
                        presentation: copy.presentation.map { $0.text ?? "None" }, title: entry(copy.title),
                        message: entry(copy.message), actions: copy.actions.map { entry($0.label, action: $0.id) })
                })
        }
        if arguments.format == .json {
            console.out(try JSONOutput.string(outputs[0]))
            return .success
        }
        var texts: [String] = []
        for (output, (spec, _)) in zip(outputs, chosen) {
            var text = text(output)
            if let platformFilter, output.platforms.isEmpty {
                // Say so rather than print a heading alone.
                let covered = spec.platforms.map(\.displayName).joined(separator: ", ")
                text += "\nNo \(platformFilter.displayName) copy: the spec covers \(covered).\n"
            }
            texts.append(text)
        }
        console.out(texts.joined(separator: "\n"))
        return .success
    }

    static func entry(_ entry: CopyEntry, action: String? = nil) -> Entry {
        Entry(key: entry.key, action: action, text: entry.text, note: entry.note)
    }

    static func text(_ output: Output) -> String {
        var lines = ["\(output.title) (\(output.scenario)) in \(output.spec)"]
        func show(_ entry: Entry) -> String {
            let words = entry.text.map { "“\($0)”" } ?? "None" + (entry.note.map { " — \($0)" } ?? "")
            return "\(words)  [\(entry.key)]"
        }
        for platform in output.platforms {
            lines.append("")
            lines.append(Platform(rawValue: platform.platform)?.displayName ?? platform.platform)
            lines.append("  Trigger       \(platform.trigger)")
            if let presentation = platform.presentation { lines.append("  Presentation  \(presentation)") }
            lines.append("  Title         \(show(platform.title))")
            lines.append("  Message       \(show(platform.message))")
            for action in platform.actions {
                lines.append(
                    "  Action        \((action.action ?? "").padding(toLength: 16, withPad: " ", startingAt: 0))\(show(action))"
                )
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
