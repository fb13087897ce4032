import Foundation
import Pipeline
import SpecModel
import Utilities

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
            .flag(
                \.list, "--list",
                help: "List the scenarios of the pages' flows instead, with their titles and the specs that have them."),
            .platform(\.platform, otherwise: "every platform of the spec"),
            .format(\.format),
            .paths(\.paths))
    }

    static let command = Command(
        name: "copy", abstract: "Print the exact copy of a scenario, or list the scenarios",
        discussion: [
            """
            Prints the copy of one scenario of the spec pages under PATHS, in every spec that has
            it: the native trigger and the words on screen (title, message, each action), with
            the stable key of each string and its name in each of the platform's exports (the
            String Catalog and Localizable.strings key, Android's R.string name, the web
            message key), for one platform or all of the spec's. A cell that says None is no
            string: it has no key, and no export holds it. An unknown ID lists the closest ones
            and exits 1, and so does a platform on which no page given has the scenario's copy.
            """,
            """
            '--list' lists every scenario of the flows the pages name: the IDs a page may use,
            since a check can only reach a scenario its flow's engine has. Each comes with its
            title and the specs that have it; one that no page has yet is marked 'no page'.
            """,
        ],
        run: run)

    /// The scenario in every spec that has it, as `--format json` prints it.
    struct Output: Encodable {
        var scenario: String
        var specs: [SpecCopy]
    }

    /// One spec's copy of the scenario.
    struct SpecCopy: Encodable {
        /// The spec's ID, e.g. `N1.4`.
        var spec: String
        var path: String
        var title: String
        /// The IDs of the platforms the spec covers.
        var covers: [String]
        var platforms: [PlatformOutput]
    }

    struct PlatformOutput: Encodable {
        var platform: String
        var trigger: String
        var signals: [String]
        /// Nil where the table has no presentation, or says None.
        var presentation: String?
        /// How a screen reader hears of it (`None — …` where nothing is announced); nil where
        /// the table has no Announcement row.
        var announcement: String?
        /// The platform's exports that hold strings, e.g. `xcstrings`.
        var exports: [String]
        var title: Entry
        var message: Entry
        var actions: [Entry]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(platform, forKey: .platform)
            try container.encode(trigger, forKey: .trigger)
            try container.encode(signals, forKey: .signals)
            try container.encode(presentation, forKey: .presentation)
            try container.encode(announcement, forKey: .announcement)
            try container.encode(exports, forKey: .exports)
            try container.encode(title, forKey: .title)
            try container.encode(message, forKey: .message)
            try container.encode(actions, forKey: .actions)
        }

        private enum CodingKeys: String, CodingKey {
            case platform, trigger, signals, presentation, announcement, exports, title, message, actions
        }
    }

    /// One cell of copy; every field is present, `null` where it has no value.
    struct Entry: Encodable {
        /// The action's ID, for an action; nil for the title and the message.
        var action: String?
        /// The copy key; nil where the spec says None, which is no string.
        var key: String?
        /// Nil where the spec says nothing is shown.
        var text: String?
        var note: String?
        /// The string's name in each export of the platform that holds it, by export.
        var resources: [String: String]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(action, forKey: .action)
            try container.encode(key, forKey: .key)
            try container.encode(text, forKey: .text)
            try container.encode(note, forKey: .note)
            try container.encode(resources, forKey: .resources)
        }

        private enum CodingKeys: String, CodingKey {
            case action, key, text, note, resources
        }
    }

    /// A line of `--list`: a scenario of a flow, and the specs that have it.
    struct Listed: Encodable {
        var scenario: String
        var flow: String
        /// The first spec's title for it; nil where no page has it.
        var title: String?
        /// The IDs of the specs that have it, in the pages' order; empty where none does.
        var specs: [String]

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(scenario, forKey: .scenario)
            try container.encode(flow, forKey: .flow)
            try container.encode(title, forKey: .title)
            try container.encode(specs, forKey: .specs)
        }

        private enum CodingKeys: String, CodingKey {
            case scenario, flow, title, specs
        }
    }

    static func run(_ arguments: ParsedArguments<Arguments>, console: Console) throws -> ExitStatus {
        let platformFilter = arguments.platform
        guard arguments.list || arguments.scenario != nil else { throw UsageError(.missingScenarioArgument) }
        // The copy of content that lints clean, as the exports hold it.
        let pipeline = console.pipeline(roots: arguments.paths, flows: arguments.makeFlows)
        let result = pipeline.lint()
        try console.show(result)
        guard !result.hasErrors else { return .failure }
        let scenarios = result.content.specs.flatMap { spec in spec.scenarios.map { (spec, $0) } }

        guard let id = arguments.scenario else {
            let listed = pipeline.flowScenarios(of: result.content.specs).map { scenario in
                Listed(
                    scenario: scenario.id, flow: scenario.flow,
                    title: scenario.specs.first?.scenario(id: scenario.id)?.title,
                    specs: scenario.specs.map(\.id))
            }
            console.out(arguments.format == .json ? try JSONOutput.string(listed) : listing(listed))
            return .success
        }
        let matches = scenarios.filter { $0.1.id == id }
        guard !matches.isEmpty else {
            console.printUsageError(.unknownScenario(id, closest: NearestNames(scenarios.map(\.1.id)).nearest(to: id)))
            return .failure
        }
        // The same scenario can be on several pages (the Web and the Native page): with a
        // platform, the pages that cover it; without, every page.
        let chosen = matches.filter { match in platformFilter.map(match.0.platforms.contains) ?? true }
        if let platform = platformFilter, chosen.isEmpty {
            // Nothing to print is a lookup that failed: say where the copy is, and which pages
            // cover the platform without the scenario.
            let covering = result.content.specs.filter { $0.platforms.contains(platform) }.map(\.id)
            var platforms: [Platform] = []
            for platform in matches.flatMap(\.0.platforms) where !platforms.contains(platform) {
                platforms.append(platform)
            }
            console.printUsageError(
                .noCopyForPlatform(
                    id, platform: platform.displayName, copyOn: platforms.map(\.displayName), coveredBy: covering))
            return .failure
        }
        let output = Output(
            scenario: id,
            specs: chosen.map { spec, scenario in
                SpecCopy(
                    spec: spec.id, path: spec.path, title: scenario.title, covers: spec.platforms.map(\.rawValue),
                    platforms: scenario.copy.filter { platformFilter == nil || $0.platform == platformFilter }.map(
                        platformOutput))
            })
        console.out(arguments.format == .json ? try JSONOutput.string(output) : text(output))
        return .success
    }

    static func platformOutput(_ copy: PlatformCopy) -> PlatformOutput {
        func entry(_ entry: CopyEntry, action: String? = nil) -> Entry {
            let resources = ExportFormat.resources(of: entry, on: copy.platform)
            return Entry(
                action: action, key: entry.text == nil ? nil : entry.key, text: entry.text, note: entry.note,
                resources: Dictionary(resources.map { ($0.format.rawValue, $0.name) }) { first, _ in first })
        }
        return PlatformOutput(
            platform: copy.platform.rawValue, trigger: copy.trigger.text, signals: copy.trigger.signals,
            presentation: copy.presentation?.text,
            announcement: copy.announcement.map { $0.text ?? "None" + ($0.note.map { " — \($0)" } ?? "") },
            exports: ExportFormat.copyExports(of: copy.platform).map(\.rawValue),
            title: entry(copy.title), message: entry(copy.message),
            actions: copy.actions.map { entry($0.label, action: $0.id) })
    }

    /// `id  title [specs]` a line per scenario, `id  [no page]` for one that no page has.
    static func listing(_ listed: [Listed]) -> String {
        let width = listed.map(\.scenario.count).max() ?? 0
        return listed.map { entry in
            let id = entry.scenario.padding(toLength: width + 2, withPad: " ", startingAt: 0)
            guard let title = entry.title else { return "\(id)[no page]" }
            return "\(id)\(title) [\(entry.specs.joined(separator: ", "))]"
        }.joined(separator: "\n") + "\n"
    }

    /// Each spec's copy: a heading with the scenario, the spec and the platforms it covers,
    /// then a block per platform. A string shows its key and every other name the exports
    /// give it; a None cell has neither.
    static func text(_ output: Output) -> String {
        var texts: [String] = []
        for spec in output.specs {
            let covers = spec.covers.map { Platform(rawValue: $0)?.displayName ?? $0 }
            var lines = [
                "\(spec.title) (\(output.scenario)) in \(spec.spec), \(spec.path) (\(covers.joined(separator: ", ")))"
            ]
            func show(_ entry: Entry) -> String {
                guard let text = entry.text, let key = entry.key else {
                    return "None" + (entry.note.map { " — \($0)" } ?? "")
                }
                let names = [key] + Set(entry.resources.values).subtracting([key]).sorted()
                return "“\(text)”  [\(names.joined(separator: "; "))]"
            }
            for copy in spec.platforms {
                lines.append("")
                lines.append(Platform(rawValue: copy.platform)?.displayName ?? copy.platform)
                lines.append("  Trigger       \(copy.trigger)")
                if !copy.signals.isEmpty { lines.append("  Signals       \(copy.signals.joined(separator: ", "))") }
                if let presentation = copy.presentation { lines.append("  Presentation  \(presentation)") }
                if let announcement = copy.announcement { lines.append("  Announcement  \(announcement)") }
                if !copy.exports.isEmpty { lines.append("  Exports       \(copy.exports.joined(separator: ", "))") }
                lines.append("  Title         \(show(copy.title))")
                lines.append("  Message       \(show(copy.message))")
                for action in copy.actions {
                    let id = action.action ?? ""
                    lines.append(
                        "  Action        \(id)\(String(repeating: " ", count: max(1, 16 - id.count)))\(show(action))")
                }
            }
            texts.append(lines.joined(separator: "\n") + "\n")
        }
        return texts.joined(separator: "\n")
    }
}
