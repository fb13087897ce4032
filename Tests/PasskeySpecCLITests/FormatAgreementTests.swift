import Foundation
import Pipeline
import SpecModel
import SpecRunner
import Testing

@testable import PasskeySpecCLI

/// Every format of a command says the same thing: the text is parsed back into facts and
/// compared with the JSON (and, for `diff`, the Markdown), for every command that has more
/// than one format.
@Suite struct FormatAgreementTests {
    /// Runs a command in process and requires it to succeed (or end as `status`).
    static func output(
        _ arguments: [String], flows: FlowRegistry = FlowCatalogue.registered,
        status: PasskeySpecCLI.ExitStatus = .success
    )
        throws -> String
    {
        let result = InProcess.run(arguments, flows: flows)
        try #require(result.status == status, "\(arguments): \(result.stderr)")
        return result.stdout
    }

    // MARK: - copy

    /// What a copy cell says, as either format gives it.
    struct CopyCell: Equatable, CustomStringConvertible {
        var part: String
        var action: String?
        var key: String?
        var text: String?
        var note: String?
        /// The key and every other name the exports give the string.
        var names: Set<String>
        var description: String { "\(part) \(action ?? "") \(key ?? "nil") \(text ?? "nil") \(names.sorted())" }
    }

    struct CopyPlatform: Equatable {
        var platform: String
        var trigger: String
        var signals: [String]
        var presentation: String?
        var announcement: String?
        var exports: [String]
        var cells: [CopyCell]
    }

    struct CopySpec: Equatable {
        var scenario: String
        var title: String
        var spec: String
        var path: String
        var covers: [String]
        var platforms: [CopyPlatform]
    }

    static func copyFacts(json text: String) throws -> [CopySpec] {
        let document = try #require(try json(text) as? [String: Any])
        let scenario = try #require(document["scenario"] as? String)
        return try #require(document["specs"] as? [[String: Any]]).map { spec in
            CopySpec(
                scenario: scenario, title: spec["title"] as? String ?? "", spec: spec["spec"] as? String ?? "",
                path: spec["path"] as? String ?? "", covers: spec["covers"] as? [String] ?? [],
                platforms: try #require(spec["platforms"] as? [[String: Any]]).map { platform in
                    func cell(_ part: String, _ entry: [String: Any]) throws -> CopyCell {
                        // Every key is there, null where it has no value.
                        #expect(Set(entry.keys) == ["action", "key", "text", "note", "resources"])
                        let resources = try #require(entry["resources"] as? [String: String])
                        let key = entry["key"] as? String
                        if key != nil {
                            #expect(Set(resources.keys) == Set(platform["exports"] as? [String] ?? []))
                        } else {
                            #expect(resources.isEmpty, "a None cell is in no export")
                        }
                        return CopyCell(
                            part: part, action: entry["action"] as? String, key: key, text: entry["text"] as? String,
                            note: entry["note"] as? String,
                            names: key.map { Set([$0]).union(resources.values) } ?? [])
                    }
                    var cells = [
                        try cell("Title", try #require(platform["title"] as? [String: Any])),
                        try cell("Message", try #require(platform["message"] as? [String: Any])),
                    ]
                    for action in try #require(platform["actions"] as? [[String: Any]]) {
                        cells.append(try cell("Action", action))
                    }
                    return CopyPlatform(
                        platform: platform["platform"] as? String ?? "", trigger: platform["trigger"] as? String ?? "",
                        signals: platform["signals"] as? [String] ?? [],
                        presentation: platform["presentation"] as? String,
                        announcement: platform["announcement"] as? String,
                        exports: platform["exports"] as? [String] ?? [], cells: cells)
                })
        }
    }

    static func copyFacts(text: String) throws -> [CopySpec] {
        var specs: [CopySpec] = []
        let heading = /^(.*) \(([a-z0-9-]+)\) in ([^,]+), (.+) \(([^()]*)\)$/
        for line in text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init) {
            if let match = line.wholeMatch(of: heading) {
                let covers = match.5.split(separator: ", ").compactMap { Platform(name: String($0))?.rawValue }
                specs.append(
                    CopySpec(
                        scenario: String(match.2), title: String(match.1), spec: String(match.3), path: String(match.4),
                        covers: covers, platforms: []))
                continue
            }
            guard var spec = specs.popLast() else {
                Issue.record("text before a heading: \(line)")
                continue
            }
            defer { specs.append(spec) }
            if !line.hasPrefix(" ") {
                let platform = try #require(Platform(name: line), "not a platform: \(line)")
                spec.platforms.append(
                    CopyPlatform(
                        platform: platform.rawValue, trigger: "", signals: [], presentation: nil, announcement: nil,
                        exports: [],
                        cells: []
                    ))
                continue
            }
            guard var platform = spec.platforms.popLast() else { continue }
            defer { spec.platforms.append(platform) }
            let label = line.dropFirst(2).prefix(14).trimmingCharacters(in: .whitespaces)
            var value = String(line.dropFirst(16))
            switch label {
            case "Trigger": platform.trigger = value
            case "Signals": platform.signals = value.components(separatedBy: ", ")
            case "Presentation": platform.presentation = value
            case "Announcement": platform.announcement = value
            case "Exports": platform.exports = value.components(separatedBy: ", ")
            default:
                var action: String?
                if label == "Action" {
                    let id = value.prefix { $0 != " " }
                    action = String(id)
                    value = String(value.dropFirst(id.count).drop { $0 == " " })
                }
                if value.hasPrefix("None") {
                    let note = value.hasPrefix("None — ") ? String(value.dropFirst("None — ".count)) : nil
                    platform.cells.append(
                        CopyCell(part: label, action: action, key: nil, text: nil, note: note, names: []))
                } else {
                    let match = try #require(value.wholeMatch(of: /“(.*)”  \[(.*)\]/), "\(value)")
                    let names = match.2.components(separatedBy: "; ")
                    platform.cells.append(
                        CopyCell(
                            part: label, action: action, key: names.first, text: String(match.1), note: nil,
                            names: Set(names)))
                }
            }
        }
        return specs
    }

    /// Notes show only with None in the text; a string's note is the JSON's alone to carry.
    static func withoutNotesOfStrings(_ specs: [CopySpec]) -> [CopySpec] {
        specs.map { spec in
            var spec = spec
            spec.platforms = spec.platforms.map { platform in
                var platform = platform
                platform.cells = platform.cells.map { cell in
                    var cell = cell
                    if cell.text != nil { cell.note = nil }
                    return cell
                }
                return platform
            }
            return spec
        }
    }

    /// A line of `copy --list`: the scenario, its title and its specs (none where no page has it).
    struct Listed: Equatable {
        var scenario: String
        var title: String?
        var specs: [String]
    }

    @Test func copySaysTheSameInTextAndJSONForEveryScenario() throws {
        let listing = try #require(
            try json(try Self.output(["copy", "--list", "--format", "json", InProcess.content])) as? [[String: Any]]
        ).map { entry in
            #expect(Set(entry.keys) == ["scenario", "flow", "title", "specs"], "every key, null where it has no value")
            return Listed(
                scenario: entry["scenario"] as? String ?? "", title: entry["title"] as? String,
                specs: entry["specs"] as? [String] ?? [])
        }
        let listed = try Self.output(["copy", "--list", InProcess.content]).split(separator: "\n").map { line in
            if let match = line.wholeMatch(of: /(\S+) +\[no page\]/) {
                return Listed(scenario: String(match.1), title: nil, specs: [])
            }
            let match = line.wholeMatch(of: /(\S+) +(.+) \[([^\]]+)\]/)
            return Listed(
                scenario: match.map { String($0.1) } ?? "", title: match.map { String($0.2) },
                specs: match.map { $0.3.components(separatedBy: ", ") } ?? [])
        }
        #expect(listed == listing)
        #expect(listing.count > 10)
        for entry in listing {
            for platform in [nil] + Platform.known {
                let options = platform.map { ["--platform", $0.rawValue] } ?? []
                let arguments = ["copy", entry.scenario, InProcess.content] + options
                // A platform no page has the scenario's copy for is an error in either format.
                let covered =
                    try platform.map { platform in
                        try Self.copyFacts(
                            json: try Self.output(["copy", entry.scenario, InProcess.content, "--format", "json"])
                        )
                        .contains { $0.covers.contains(platform.rawValue) }
                    } ?? true
                guard covered else {
                    _ = try Self.output(arguments, status: .failure)
                    _ = try Self.output(arguments + ["--format", "json"], status: .failure)
                    continue
                }
                let text = try Self.copyFacts(text: try Self.output(arguments))
                let json = try Self.copyFacts(json: try Self.output(arguments + ["--format", "json"]))
                #expect(text == Self.withoutNotesOfStrings(json), "\(entry.scenario) \(platform?.rawValue ?? "")")
                #expect(!json.isEmpty)
            }
        }
    }

    // MARK: - errors

    struct ErrorFacts: Equatable {
        var platform: String
        var kind: String
        var name: String
        var message: String?
        var code: String?
        var outcome: String
        /// Where it leads: for a native error, each route as the text prints them; else `leadsTo`.
        var leads: String
        /// The Trigger names, where they are not just its own name.
        var names: [String]?
        /// "sign-in, registration; handled defensively: TITLE, URL", as the text prints it.
        var source: String?
        var quote: String?
        /// What the source's words mean for the requests, as the fact states it.
        var conclusion: String?
    }

    static func errorFacts(json text: String) throws -> [ErrorFacts] {
        try #require(try json(text) as? [[String: Any]]).map { entry in
            #expect(
                Set(entry.keys) == [
                    "platform", "kind", "name", "code", "message", "names", "outcome", "leadsTo", "automaticFirst",
                    "automaticRepeated", "explicit", "fact",
                ], "every key, null where it has no value")
            let fact = entry["fact"] as? [String: Any]
            let source = fact?["source"] as? [String: Any]
            let requests = (fact?["requests"] as? [String])?.map { $0 == "other" ? "other requests" : $0 }
            let described = fact.map { fact in
                (requests ?? []).joined(separator: ", ")
                    + ((fact["defensive"] as? Bool) == true ? "; handled defensively" : "")
                    + ": \(source?["title"] as? String ?? ""), \(source?["url"] as? String ?? "")"
            }
            let name = entry["name"] as? String ?? ""
            let names = entry["names"] as? [String] ?? []
            let leads =
                if let explicit = entry["explicit"] as? String {
                    "automatic \(entry["automaticFirst"] as? String ?? "none"), then \(entry["automaticRepeated"] as? String ?? "none"); explicit \(explicit)"
                } else {
                    (entry["leadsTo"] as? [String] ?? []).joined(separator: ", ")
                }
            return ErrorFacts(
                platform: entry["platform"] as? String ?? "", kind: entry["kind"] as? String ?? "", name: name,
                message: entry["message"] as? String, code: entry["code"] as? String,
                outcome: entry["outcome"] as? String ?? "", leads: leads, names: names == [name] ? nil : names,
                source: described, quote: source?["quote"] as? String, conclusion: fact?["conclusion"] as? String)
        }
    }

    static func errorFacts(text: String) throws -> [ErrorFacts] {
        let kinds = [
            "native error": "native-error", "transport error": "transport-error", "server answer": "server-answer",
        ]
        var facts: [ErrorFacts] = []
        var platform = ""
        for line in text.split(separator: "\n").map(String.init) {
            if !line.hasPrefix(" ") {
                let name = String(line.prefix { $0 != " " })
                platform = try #require(Platform(name: name), "\(line)").rawValue
                continue
            }
            if !line.hasPrefix("    ") {
                // `  NAME (kind)` for a transport error or a server answer (whose names can hold
                // a space), `  NAME "MESSAGE" CODE` for a native error.
                if let match = line.wholeMatch(of: #/  (.+) \((transport error|server answer)\)/#) {
                    facts.append(
                        ErrorFacts(
                            platform: platform, kind: kinds[String(match.2)] ?? "", name: String(match.1), message: nil,
                            code: nil, outcome: "", leads: ""))
                } else {
                    let match = try #require(line.wholeMatch(of: #/  (\S+)(?: "(.*)")? (\S+)/#), "\(line)")
                    facts.append(
                        ErrorFacts(
                            platform: platform, kind: "native-error", name: String(match.1),
                            message: match.2.map(String.init), code: String(match.3), outcome: "", leads: ""))
                }
                continue
            }
            guard var entry = facts.popLast() else {
                Issue.record("a detail before an error: \(line)")
                continue
            }
            defer { facts.append(entry) }
            if let match = line.wholeMatch(of: #/    from (.+)/#) {
                entry.source = String(match.1)
            } else if let match = line.wholeMatch(of: #/      “(.*)”/#) {
                entry.quote = String(match.1)
            } else if let match = line.wholeMatch(of: #/      so: (.*)/#) {
                entry.conclusion = String(match.1)
            } else if let match = line.wholeMatch(of: #/    Trigger names: (.+)/#) {
                entry.names = match.1.components(separatedBy: ", ")
            } else if let match = line.wholeMatch(
                of:
                    #/    → (.+): (?:automatic (\S+), then (\S+)|automatic none \(no automatic prompt on this platform\)); explicit (\S+)/#
            ) {
                entry.outcome = String(match.1)
                entry.leads =
                    "automatic \(match.2.map(String.init) ?? "none"), then \(match.3.map(String.init) ?? "none"); explicit \(match.4)"
            } else {
                let match = try #require(line.wholeMatch(of: #/    → (.+); leads to (.+)/#), "\(line)")
                entry.outcome = String(match.1)
                entry.leads = String(match.2)
            }
        }
        return facts
    }

    @Test(arguments: [
        [], ["--platform", "web"], ["--platform", "iOS"], ["1001"], ["NotAllowedError"],
        ["GetCredentialCancellationException"], ["canceled"], ["TypeError"], ["HTTP 5xx"], ["route-unavailable"],
        ["DataError"],
    ])
    func errorsSaysTheSameInTextAndJSON(arguments: [String]) throws {
        let text = try Self.errorFacts(text: try Self.output(["errors"] + arguments))
        let json = try Self.errorFacts(json: try Self.output(["errors", "--format", "json"] + arguments))
        #expect(text == json)
        #expect(!json.isEmpty)
    }

    // MARK: - steps

    struct StepFacts: Equatable {
        var flow: String
        var title: String
        var steps: [[String]]
        /// Each parameter: its name, and its values, `number` or `any`, and whether it names scenarios.
        var parameters: Set<[String]>
    }

    static func stepFacts(json text: String) throws -> [StepFacts] {
        try #require(try json(text) as? [[String: Any]]).map { flow in
            var parameters: Set<[String]> = []
            let steps = try #require(flow["steps"] as? [[String: Any]]).map { step in
                for parameter in step["parameters"] as? [[String: Any]] ?? [] {
                    let values =
                        (parameter["values"] as? [String])?.joined(separator: ", ")
                        ?? (parameter["isNumber"] as? Bool == true ? "a whole number" : "any name")
                    parameters.insert([
                        parameter["name"] as? String ?? "", values, "\(parameter["namesScenario"] as? Bool ?? false)",
                    ])
                }
                let display = step["display"] as? String ?? ""
                // The pattern is the display with `{name}` for each placeholder.
                let pattern = display.replacing(/"?<([a-z-]+)>"?/) { "{\($0.1)}" }
                #expect(step["pattern"] as? String == pattern)
                return [step["kind"] as? String ?? "", display, step["summary"] as? String ?? ""]
            }
            return StepFacts(
                flow: flow["flow"] as? String ?? "", title: flow["title"] as? String ?? "", steps: steps,
                parameters: parameters)
        }
    }

    static func stepFacts(text: String) throws -> [StepFacts] {
        let kinds = [
            "Set up the world (Given)": "setup", "What the user and the OS do (When)": "action",
            "What must be true (Then)": "outcome",
        ]
        var facts: [StepFacts] = []
        var kind: String?
        for line in text.split(separator: "\n").map(String.init) {
            if let match = line.wholeMatch(of: /Flow (\S+): (.+)/) {
                facts.append(StepFacts(flow: String(match.1), title: String(match.2), steps: [], parameters: []))
                continue
            }
            guard var flow = facts.popLast() else { continue }
            defer { facts.append(flow) }
            if let found = kinds[line] {
                kind = found
            } else if line == "Parameter values" {
                kind = nil
            } else if kind != nil, line.hasPrefix("      ") {
                flow.steps[flow.steps.count - 1].append(String(line.dropFirst(6)))
            } else if let kind, line.hasPrefix("  ") {
                flow.steps.append([kind, String(line.dropFirst(2))])
            } else if let match = line.wholeMatch(of: #/  <(\S+)>: (.+?)( \(scenario IDs\))?/#) {
                flow.parameters.insert([String(match.1), String(match.2), "\(match.3 != nil)"])
            }
        }
        return facts
    }

    @Test func stepsSaysTheSameInTextAndJSON() throws {
        let flows = FlowRegistry(FlowCatalogue.registered.flows + [PinEntryFlow.flow])
        let text = try Self.stepFacts(text: try Self.output(["steps"], flows: flows))
        let json = try Self.stepFacts(json: try Self.output(["steps", "--format", "json"], flows: flows))
        #expect(text == json)
        #expect(json.map(\.flow) == flows.flows.map(\.id))
    }

    // MARK: - explore

    struct ExploreFacts: Equatable {
        var flow: String
        var numbers: [String: Int]
        var complete: Bool
        /// Each invariant: criterion, ID, violations, transitions checked, statement.
        var invariants: [[String]]
        var counterexamples: [String: [String]]
        var screens: [[String]]
    }

    static func exploreFacts(json text: String) throws -> [ExploreFacts] {
        try #require(try json(text) as? [[String: Any]]).map { flow in
            let exploration = try #require(flow["exploration"] as? [String: Any])
            var numbers: [String: Int] = [:]
            for key in [
                "states", "transitions", "runs", "depthLimit", "nativeResults", "platforms", "configurations",
                "platformConfigurations", "worlds", "deepestLevel",
            ] {
                numbers[key] = exploration[key] as? Int
            }
            #expect(flow["seconds"] is Double && flow["statesPerSecond"] is Int && flow["transitionsPerSecond"] is Int)
            var counterexamples: [String: [String]] = [:]
            let invariants = try #require(flow["invariants"] as? [[String: Any]]).map { invariant in
                let id = invariant["id"] as? String ?? ""
                if let example = invariant["counterexample"] as? [String] { counterexamples[id] = example }
                return [
                    invariant["criterion"] as? String ?? "", id, "\(invariant["violations"] as? Int ?? -1)",
                    "\(invariant["transitionsChecked"] as? Int ?? -1)", invariant["statement"] as? String ?? "",
                ]
            }
            let screens = try #require(flow["screens"] as? [[String: Any]]).map { screen in
                [
                    screen["platform"] as? String ?? "", screen["scenario"] as? String ?? "",
                    "\(screen["showsNotice"] as? Bool ?? false)",
                    (screen["actions"] as? [String] ?? []).joined(separator: ", "),
                ]
            }
            return ExploreFacts(
                flow: flow["flow"] as? String ?? "", numbers: numbers,
                complete: exploration["complete"] as? Bool ?? false, invariants: invariants,
                counterexamples: counterexamples, screens: screens)
        }
    }

    static func exploreFacts(text: String) throws -> [ExploreFacts] {
        var facts: [ExploreFacts] = []
        var counterexample: String?
        var inScreens = false
        for line in text.split(separator: "\n").map(String.init) {
            if let match = line.wholeMatch(
                of: /(\S+): explored (\d+) states and (\d+) transitions in (\d+) runs \(.*; depth limit (\d+)\)/)
            {
                facts.append(
                    ExploreFacts(
                        flow: String(match.1),
                        numbers: [
                            "states": Int(match.2) ?? -1, "transitions": Int(match.3) ?? -1, "runs": Int(match.4) ?? -1,
                            "depthLimit": Int(match.5) ?? -1,
                        ], complete: false, invariants: [], counterexamples: [:], screens: []))
                counterexample = nil
                inScreens = false
                continue
            }
            guard var flow = facts.popLast() else { continue }
            defer { facts.append(flow) }
            if line.hasPrefix("every run ran out of new states") {
                flow.complete = true
            } else if let match = line.wholeMatch(of: /native results exercised: (\d+)/) {
                flow.numbers["nativeResults"] = Int(match.1)
            } else if let match = line.wholeMatch(
                of:
                    /space: (\d+) platforms, (\d+) configurations, (\d+) platform configurations, (\d+) world scripts; deepest level (\d+)/
            ) {
                flow.numbers["platforms"] = Int(match.1)
                flow.numbers["configurations"] = Int(match.2)
                flow.numbers["platformConfigurations"] = Int(match.3)
                flow.numbers["worlds"] = Int(match.4)
                flow.numbers["deepestLevel"] = Int(match.5)
            } else if let match = line.wholeMatch(
                of: /(\S+) +(\S+) +(?:ok|VIOLATED (\d+)×)  \(checked at (\d+) transitions\)/)
            {
                flow.invariants.append([
                    String(match.1), String(match.2), match.3.map(String.init) ?? "0", String(match.4),
                ])
            } else if line.hasPrefix("           "), !flow.invariants.isEmpty, counterexample == nil, !inScreens {
                flow.invariants[flow.invariants.count - 1].append(String(line.dropFirst(11)))
            } else if let match = line.wholeMatch(of: /counterexample for (\S+) \(.*\):/) {
                counterexample = String(match.1)
                flow.counterexamples[String(match.1)] = []
            } else if let id = counterexample, line.hasPrefix("  ") {
                let step = line.dropFirst(2).replacing(/^(platform |\d+\. )/, with: "")
                flow.counterexamples[id, default: []].append(String(step))
            } else if line.hasPrefix("screens it shows") {
                inScreens = true
                counterexample = nil
            } else if inScreens, let match = line.wholeMatch(of: #/  (\S+) +(\S+) +(notice|no notice) +(.+)/#) {
                flow.screens.append([
                    String(match.1), String(match.2), "\(match.3 == "notice")",
                    match.4 == "no actions" ? "" : String(match.4),
                ])
            }
        }
        return facts
    }

    @Test func exploreSaysTheSameInTextAndJSON() throws {
        let flows = FlowRegistry(FlowCatalogue.registered.flows + [PinEntryFlow.flow])
        let text = try Self.exploreFacts(
            text: try Self.output(["explore", "--depth", "2"], flows: flows, status: .failure))
        let json = try Self.exploreFacts(
            json: try Self.output(["explore", "--depth", "2", "--format", "json"], flows: flows, status: .failure))
        #expect(text == json)
        #expect(json.map(\.flow) == flows.flows.map(\.id))
        #expect(json.allSatisfy { !$0.invariants.isEmpty && $0.numbers.count == 10 })
    }
}

// MARK: - diff

extension FormatAgreementTests {
    /// One row of a kind of change: what happened, the stable ID, and the values before and after.
    struct DiffRow: Equatable, CustomStringConvertible {
        var change: String
        var id: String
        var old: String?
        var new: String?
        var description: String { "\(change) \(id): \(old ?? "nil") → \(new ?? "nil")" }
    }

    struct DiffFacts: Equatable {
        /// Reworded criteria by ID, with the label, old and new text of each wording.
        var reworded: [String: [[String]]] = [:]
        var groups: [String: [DiffRow]] = [:]
    }

    static func diffFacts(text: String) -> DiffFacts {
        var facts = DiffFacts()
        var criterion: String?
        var group: String?
        let unquoted = { (text: String) in
            text.hasPrefix("“") && text.hasSuffix("”") ? String(text.dropFirst().dropLast()) : text
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map(String.init) {
            if line.isEmpty { continue }
            if let match = line.wholeMatch(of: /⚠ Criterion reworded: (\S+)/) {
                criterion = String(match.1)
                group = nil
                facts.reworded[String(match.1)] = []
            } else if !line.hasPrefix(" ") {
                group = line
                criterion = nil
                facts.groups[line] = []
            } else if let id = criterion {
                if line.hasPrefix("    - ") {
                    facts.reworded[id, default: []][facts.reworded[id, default: []].count - 1].append(
                        String(line.dropFirst(6)))
                } else if line.hasPrefix("    + ") {
                    facts.reworded[id, default: []][facts.reworded[id, default: []].count - 1].append(
                        String(line.dropFirst(6)))
                } else {
                    facts.reworded[id, default: []].append([String(line.dropFirst(2))])
                }
            } else if let group {
                var rows = facts.groups[group] ?? []
                if line.hasPrefix("    - ") {
                    rows[rows.count - 1].old = unquoted(String(line.dropFirst(6)))
                } else if line.hasPrefix("    + ") {
                    rows[rows.count - 1].new = unquoted(String(line.dropFirst(6)))
                } else if group == "Verdicts", let match = line.wholeMatch(of: #/  (.+): (\S+) → (\S+)/#) {
                    rows.append(
                        DiffRow(
                            change: "\(match.2) → \(match.3)", id: String(match.1), old: String(match.2),
                            new: String(match.3)))
                } else if let match = line.wholeMatch(of: #/  (\S+) +(.+)/#) {
                    rows.append(DiffRow(change: String(match.1), id: String(match.2), old: nil, new: nil))
                }
                facts.groups[group] = rows
            }
        }
        return facts
    }

    static func diffFacts(markdown: String) -> DiffFacts {
        var facts = DiffFacts()
        var criterion: String?
        var label: String?
        var group: String?
        /// A code span's text, or nil for *None*.
        func cell(_ text: String) -> String? {
            guard text != "*None*" else { return nil }
            let fence = text.prefix { $0 == "`" }
            var inner = text.dropFirst(fence.count).dropLast(fence.count)
            if inner.hasPrefix(" ") && inner.hasSuffix(" ") && inner.count > 1 { inner = inner.dropFirst().dropLast() }
            return String(inner)
        }
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (index, line) in lines.enumerated() {
            if let match = line.wholeMatch(of: /### ⚠ Criterion reworded: `(\S+)`/) {
                criterion = String(match.1)
                group = nil
                facts.reworded[String(match.1)] = []
            } else if let match = line.wholeMatch(of: /### (.+) \(\d+\)/) {
                group = String(match.1)
                criterion = nil
                facts.groups[group ?? ""] = []
            } else if let id = criterion, let match = line.wholeMatch(of: /\*\*(.+)\*\*, before:/) {
                label = String(match.1)
                facts.reworded[id, default: []].append([String(match.1)])
            } else if let id = criterion, label != nil, line.hasPrefix("> "), index >= 2,
                lines[index - 2] == "now:" || lines[index - 2].hasSuffix(", before:")
            {
                // Markdown escapes are the formatter's; the words are the same.
                let words = String(line.dropFirst(2)).replacing(/\\(.)/) { String($0.1) }
                facts.reworded[id, default: []][facts.reworded[id, default: []].count - 1].append(words)
            } else if let group, line.hasPrefix("| "), !line.hasPrefix("| ID "), !line.hasPrefix("| ---") {
                var cells: [String] = []
                var current = ""
                var escaped = false
                for character in line.dropFirst(2).dropLast(2) {
                    if escaped {
                        current.append(character)
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "|" {
                        cells.append(current.trimmingCharacters(in: .whitespaces))
                        current = ""
                    } else {
                        current.append(character)
                    }
                }
                cells.append(current.trimmingCharacters(in: .whitespaces))
                guard cells.count == 4 else { continue }
                facts.groups[group, default: []].append(
                    DiffRow(change: cells[1], id: cell(cells[0]) ?? "", old: cell(cells[2]), new: cell(cells[3])))
            }
        }
        return facts
    }

    @Test func diffSaysTheSameInTextMarkdownAndJSON() async throws {
        let repository = try await EditedRepository()
        try await repository.editAndCommit()
        let content = repository.content.path
        let arguments = ["diff", content, "--since", "HEAD~1"]
        let text = Self.diffFacts(text: try Self.output(arguments))
        let markdown = Self.diffFacts(markdown: try Self.output(arguments + ["--format", "markdown"]))
        let document = try #require(try json(try Self.output(arguments + ["--format", "json"])) as? [String: Any])
        #expect(text == markdown)
        #expect(text.reworded.keys.sorted() == (document["rewordedCriteria"] as? [String])?.sorted())
        #expect(!text.groups.isEmpty)
        let keys = [
            "Specs": "specs", "Scenarios": "scenarios", "Criteria added or removed": "criteria",
            "Copy strings": "copy", "Triggers": "triggers", "Checks": "checks", "Verdicts": "verdicts",
        ]
        for (title, rows) in text.groups {
            let key = try #require(keys[title], "an unknown group '\(title)'")
            // Reworded criteria are listed first, on their own, not in a group.
            let entries = (document[key] as? [[String: Any]] ?? []).filter {
                key != "criteria" || $0["change"] as? String != "reworded"
            }
            #expect(entries.count == rows.count, "\(title)")
            if key == "copy" || key == "triggers" {
                let fromJSON = entries.map { entry in
                    DiffRow(
                        change: entry["change"] as? String ?? "changed", id: entry["id"] as? String ?? "",
                        old: entry["old"] as? String, new: entry["new"] as? String)
                }
                #expect(fromJSON == rows, "\(title)")
            } else {
                for entry in entries {
                    let id = entry["id"] as? String ?? ""
                    #expect(rows.contains { $0.id.contains(id) }, "\(title): \(id)")
                }
            }
        }
        for (id, wordings) in text.reworded {
            let criterion = try #require(
                (document["criteria"] as? [[String: Any]])?.first { $0["id"] as? String == id })
            let labels = ["Acceptance criterion": "statement", "How to verify": "howToVerify", "Level": "level"]
            for wording in wordings {
                let change = try #require(criterion[labels[wording[0]] ?? ""] as? [String: String])
                #expect([wording[0], change["old"] ?? "", change["new"] ?? ""] == wording)
            }
        }
    }
}
