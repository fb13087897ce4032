import Foundation
import SpecModel
import SpecParser

/// `passkey-spec copy SCENARIO-ID [--platform PLATFORM] [--format text|json] [PATHS...]`
/// and `passkey-spec copy --list`: the exact copy of a scenario, for engineers.
enum CopyCommand {
    static let formats = ["text", "json"]
    static let platform = Option(
        "--platform", value: "PLATFORM", help: "Only \(Platform.knownList) (default: every platform of the spec).")
    static let format = Option.format(formats, default: "text")
    static let list = Flag("--list", help: "List the scenario IDs instead.")

    static let command = Command(
        name: "copy", abstract: "Print the exact copy of a scenario, or list the scenarios",
        usage: [
            "copy SCENARIO-ID [--platform \(Platform.knownAlternatives)] [--format text|json] [PATHS...]",
            "copy --list [PATHS...]",
        ],
        discussion: [
            """
            Prints the copy of one scenario of the spec pages under PATHS (default: content):
            the native trigger and the words on screen (title, message, each action), with the
            stable key of each string, for one platform or all of the spec's. An unknown ID lists the closest
            ones and exits 1. '--list' lists every scenario ID with its title and spec.
            """
        ],
        positionals: [
            Positional("SCENARIO-ID", .atMostOne, help: "The scenario to print (not with '--list')."), .paths,
        ],
        options: [platform, format], flags: [list], run: run)

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

    static func run(_ arguments: ParsedArguments, console: Console) throws -> ExitStatus {
        let format = try arguments.format(Self.format, from: formats)
        var platformFilter: Platform?
        if let name = arguments[platform] {
            guard let platform = Platform(rawValue: name) else {
                throw UsageError(.invalidOptionValue("--platform", value: name, expected: Platform.knownList))
            }
            platformFilter = platform
        }
        let listing = arguments[list]
        var positionals = arguments.positionals
        var id: String?
        if !listing {
            guard !positionals.isEmpty else { throw UsageError(.missingScenarioArgument) }
            id = positionals.removeFirst()
        }
        let result = try loadContent(positionals)
        console.print(result.diagnostics)
        guard !result.hasErrors else { return .failure }
        let scenarios = result.content.specs.flatMap { spec in spec.scenarios.map { (spec, $0) } }

        guard let id else {
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
        if format == "json" {
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
