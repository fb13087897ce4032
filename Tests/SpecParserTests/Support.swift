import Foundation
import SpecModel

@testable import SpecParser

/// Parses Markdown held in a string, as the loader would parse a file named `path`.
func parse(_ markdown: String, path: String = "test.md") -> (page: ParsedPage?, diagnostics: [Diagnostic]) {
    parse(bytes: Array(markdown.utf8), path: path)
}

func parse(bytes: [UInt8], path: String = "test.md") -> (page: ParsedPage?, diagnostics: [Diagnostic]) {
    var bag = DiagnosticBag()
    guard let source = SourceFile.validate(bytes, path: path, diagnostics: &bag) else { return (nil, bag.diagnostics) }
    let (page, diagnostics) = PageParser.parse(source, relativePath: path)
    return (page, bag.diagnostics + diagnostics)
}

/// The spec of a parse result, or nil.
func parsedSpec(_ markdown: String) -> Spec? {
    if case .spec(let spec) = parse(markdown).page { return spec }
    return nil
}

/// The package's root folder, found from this file's path.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// A readable dump of a spec with every location, for golden files.
enum ModelDump {
    static func dump(_ spec: Spec) -> String {
        var lines: [String] = []
        func at(_ location: SourceLocation) -> String { "@\(location.line):\(location.column)" }
        func prose(_ items: [Prose], indent: String) {
            for item in items {
                let first = item.markdown.split(separator: "\n").first.map(String.init) ?? ""
                lines.append(
                    "\(indent)prose \(item.range.start.line):\(item.range.start.column)-\(item.range.endLine) \"\(first)\""
                )
            }
        }
        func entry(_ name: String, _ entry: CopyEntry, indent: String) {
            let value = entry.text.map { "\"\($0)\"" } ?? "none" + (entry.note.map { " (\($0))" } ?? "")
            lines.append("\(indent)\(name) \(entry.key) \(at(entry.location)) \(value)")
        }
        lines.append("spec \(spec.id) \"\(spec.title)\" \(spec.path) \(at(spec.location))")
        lines.append("  flow \(spec.flow.map { "\($0.name) @\($0.location.line):\($0.location.column)" } ?? "none")")
        lines.append("  platforms \(spec.platforms.map(\.rawValue).joined(separator: ", "))")
        prose(spec.introduction, indent: "  ")
        for section in spec.sections {
            lines.append(
                "  section \(section.id) [\(section.kind.rawValue)] \"\(section.title)\" \(at(section.location))")
            prose(section.introduction, indent: "    ")
            for scenario in section.scenarios {
                lines.append("    scenario \(scenario.id) \"\(scenario.title)\" \(at(scenario.location))")
                prose(scenario.summary, indent: "      ")
                for copy in scenario.copy {
                    lines.append("      \(copy.platform.rawValue)")
                    let trigger = copy.trigger
                    lines.append(
                        "        trigger \(at(trigger.location)) \"\(trigger.text)\" signals=\(trigger.signals)")
                    if let presentation = copy.presentation { entry("presentation", presentation, indent: "        ") }
                    entry("title", copy.title, indent: "        ")
                    entry("message", copy.message, indent: "        ")
                    for action in copy.actions { entry("action", action.label, indent: "        ") }
                }
            }
        }
        if let benchmark = spec.benchmark {
            lines.append("  benchmark \(benchmark.level) / \(benchmark.userReach) \(at(benchmark.location))")
        }
        for criterion in spec.criteria {
            lines.append(
                "  criterion \(criterion.id) [\(criterion.level)] \(at(criterion.location)) \"\(criterion.statement)\"")
        }
        for check in spec.checks {
            lines.append("  check \(check.id) \"\(check.name)\" \(at(check.location))")
            for step in check.steps {
                lines.append("    \(step.keyword.rawValue) \(step.text) \(at(step.location))")
            }
        }
        for reference in spec.references {
            let criteria = reference.criteria.map(\.description).joined(separator: ", ")
            lines.append("  reference \"\(reference.title)\" \(reference.url) [\(criteria)] \(at(reference.location))")
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
