import PasskeyLoginEngine
import SpecModel
import SpecRunner
import Utilities

/// Resolves the backticked names of every Trigger cell against the engine's catalogue for
/// that platform, both ways: each name must be real, carry its raw value where it has one,
/// and lead to the scenario; each native result that leads to the scenario must be named.
/// Prose around the names is free.
public struct TriggerCheck: Sendable {
    private let catalogues: [Platform: TriggerCatalogue]
    /// The adapters' platforms, in their order.
    private let platforms: [Platform]

    public init(adapters: [any PlatformAdapter] = PlatformAdapters.all) {
        catalogues = Dictionary(uniqueKeysWithValues: adapters.map { ($0.platform, TriggerCatalogue(adapter: $0)) })
        platforms = adapters.map(\.platform)
    }

    /// Every name the check accepts, by platform, with the scenarios its results lead to: a
    /// name the sources say no sign-in returns is left out, as the check reports it.
    public var names: [FlowTriggerName] {
        catalogues.values.sorted { $0.platform.rawValue < $1.platform.rawValue }.flatMap { catalogue in
            catalogue.names.filter {
                PlatformFacts.fact(named: $0.name, on: catalogue.platform)?.arrivesFromSignIn ?? true
            }.map { entry in
                let destinations = catalogue.results(of: entry).reduce(into: Set<String>()) {
                    $0.formUnion(catalogue.destinations[$1.id] ?? [])
                }
                return FlowTriggerName(
                    platform: catalogue.platform, name: entry.name, rawValue: entry.rawValue,
                    destinations: destinations.sorted())
            }
        }
    }

    /// Every result the check's names stand for, on every platform, with its names, where it
    /// leads and its source: the same catalogue, for `errors`. Unlike `names`, it keeps what no
    /// sign-in returns, which the engine handles defensively.
    public var reference: [TriggerReferenceEntry] {
        platforms.compactMap { catalogues[$0] }.flatMap(\.reference)
    }

    public func diagnostics(for specs: [Spec]) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        let engineScenarios = Set(Situation.allCases.map(\.rawValue))
        for spec in specs {
            // Every scenario's names are checked; where they lead, and which are missing, only for
            // a scenario the engine has (another one is reported at its heading by `SpecLint`).
            for scenario in spec.scenarios {
                for copy in scenario.copy {
                    guard let catalogue = catalogues[copy.platform] else { continue }
                    diagnostics += problems(
                        copy.trigger, scenario: scenario.id, platform: copy.platform, catalogue,
                        leads: engineScenarios.contains(scenario.id))
                }
            }
        }
        return diagnostics
    }

    private func problems(
        _ trigger: Trigger, scenario: String, platform: Platform, _ catalogue: TriggerCatalogue, leads: Bool
    ) -> [Diagnostic] {
        var diagnostics: [Diagnostic] = []
        var named = Set<String>()
        for written in trigger.names {
            guard let entry = catalogue.entry(named: written.name) else {
                let suggestion = closest(to: written.name, in: catalogue.names.map(\.name))
                diagnostics.append(
                    Diagnostic(unknownName(written.name, platform: platform, catalogue), at: written.span)
                        .fixed(by: suggestion.map { .replace(written.span, with: $0) }))
                // The name it was meant to be counts as named: a misspelling is one mistake, not
                // also a missing name.
                if let meant = closest(to: written.name, in: catalogue.names.map(\.name)).flatMap(
                    catalogue.entry(named:))
                {
                    named.formUnion(meant.results)
                }
                continue
            }
            named.formUnion(entry.results)
            if let fact = PlatformFacts.fact(named: written.name, on: platform), !fact.arrivesFromSignIn {
                diagnostics.append(
                    Diagnostic(
                        .triggerNotFromSignIn(
                            written.name, platform: platform.displayName, requests: fact.requests.map(\.phrase),
                            source: fact.source.title, url: fact.source.url), at: written.span))
                continue
            }
            if let raw = entry.rawValue, written.rawValue != raw {
                // The wrong number is replaced; a missing one is written after the name.
                let fix: FixIt? =
                    if let wrong = written.rawValueSpan {
                        .replace(wrong, with: raw, title: "Change the raw value to \(raw)")
                    } else if let code = written.codeSpan {
                        .insert(
                            " (\(raw))",
                            at: SourceLocation(file: code.file, line: code.endLine, column: code.endColumn),
                            title: "Add the raw value (\(raw))")
                    } else {
                        nil
                    }
                diagnostics.append(
                    Diagnostic(
                        .triggerRawValue(written.name, expected: raw, found: written.rawValue),
                        at: written.rawValueSpan ?? written.span
                    ).fixed(by: fix))
            }
            guard leads else { continue }
            let destinations = catalogue.results(of: entry).reduce(into: Set<String>()) {
                $0.formUnion(catalogue.destinations[$1.id] ?? [])
            }
            if !destinations.contains(scenario) {
                diagnostics.append(
                    Diagnostic(
                        .triggerLeadsElsewhere(
                            written.name, scenario: scenario, platform: platform.displayName,
                            destinations: destinations.sorted()), at: written.span))
            }
        }
        // Names that lead here written as plain text: one warning for the cell, which then
        // counts them as named, so that the cell is not also told it does not name them. Names
        // that lead elsewhere may stand in prose ("a DOM error other than NotAllowedError").
        let plain =
            leads
            ? plainTextNames(in: trigger, catalogue).filter { name in
                guard let entry = catalogue.entry(named: name.text) else { return false }
                return catalogue.results(of: entry).contains {
                    catalogue.destinations[$0.id]?.contains(scenario) == true && !named.contains($0.id)
                }
            } : []
        if !plain.isEmpty {
            for name in plain { named.formUnion(catalogue.entry(named: name.text)?.results ?? []) }
            let edits = plain.map { name in
                SourceEdit(
                    SourceSpan(
                        at: SourceLocation(
                            file: trigger.location.file, line: trigger.location.line,
                            column: trigger.location.column + name.offset), length: name.text.utf8.count),
                    "`\(name.text)`")
            }
            let names = plain.map(\.text).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
            diagnostics.append(
                Diagnostic(
                    .triggerNameInPlainText(names, platform: platform.displayName), at: trigger.span,
                    subjects: [.triggerCell(at: trigger.location)]
                )
                .fixed(by: FixIt("Put the names in backticks", edits: edits)))
        }
        guard leads else { return diagnostics }
        // Coverage the other way: every result that can lead here is named, by its most
        // specific name, reported once per name.
        var missing: [(label: String, name: String?, rawValue: String?)] = []
        for result in catalogue.results
        where catalogue.destinations[result.id]?.contains(scenario) == true && !named.contains(result.id)
            && arrivesFromSignIn(result, platform: platform, catalogue)
        {
            let entry = catalogue.name(of: result).flatMap { $0.results.count == 1 || $0.rawValue != nil ? $0 : nil }
            let label = entry.map { $0.name + ($0.rawValue.map { " (\($0))" } ?? "") } ?? result.label
            if !missing.contains(where: { $0.label == label }) { missing.append((label, entry?.name, entry?.rawValue)) }
        }
        for (label, name, rawValue) in missing {
            // The missing name goes at the end of the cell, in backticks with its raw value
            // outside them, as lint wants it; the writer then moves it into the sentence.
            let fix = name.map { name in
                FixIt.insert(
                    ", or `\(name)`" + (rawValue.map { " (\($0))" } ?? ""),
                    at: SourceLocation(
                        file: trigger.location.file, line: trigger.span.endLine, column: trigger.span.endColumn),
                    title: "Add `\(name)` to the Trigger cell")
            }
            diagnostics.append(
                Diagnostic(
                    .triggerNotNamed(label, scenario: scenario, platform: platform.displayName), at: trigger.span
                )
                .fixed(by: fix))
        }
        return diagnostics
    }

    /// Each name of the catalogue that the cell as written holds outside backticks, with its
    /// byte offset in the cell. Only words that read as code count (`GetCredentialUnknownException`,
    /// `route-unavailable`, `URLError.Code.timedOut`: a capital after the first letter, a dot
    /// or a hyphen), so that prose such as "the user canceled" is not taken for a name.
    private func plainTextNames(in trigger: Trigger, _ catalogue: TriggerCatalogue) -> [(text: String, offset: Int)] {
        guard let written = trigger.written else { return [] }
        let bytes = Array(written.utf8)
        let isNameByte = { (byte: UInt8) in
            (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
        var found: [(text: String, offset: Int)] = []
        var inCode = false
        var index = 0
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "`") {
                inCode.toggle()
                index += 1
                continue
            }
            guard !inCode, isNameByte(bytes[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
            var end = index
            // A sentence's full stop or a list's hyphen is not part of the name.
            while end > start, bytes[end - 1] == UInt8(ascii: ".") || bytes[end - 1] == UInt8(ascii: "-") { end -= 1 }
            let word = String(decoding: bytes[start..<end], as: UTF8.self)
            let readsAsCode =
                word.contains(".") || word.contains("-") || word.dropFirst().contains(where: \.isUppercase)
            if readsAsCode, catalogue.entry(named: word) != nil, !trigger.names.contains(where: { $0.name == word }) {
                found.append((word, start))
            }
        }
        return found
    }

    /// Whether the sources say a sign-in can return `result`, by its most specific name; a
    /// result without a recorded fact counts as one (a test holds that every name has one).
    private func arrivesFromSignIn(_ result: TriggerResult, platform: Platform, _ catalogue: TriggerCatalogue) -> Bool {
        guard let name = catalogue.name(of: result)?.name else { return true }
        return PlatformFacts.fact(named: name, on: platform)?.arrivesFromSignIn ?? true
    }

    private func unknownName(_ name: String, platform: Platform, _ catalogue: TriggerCatalogue) -> Message {
        let other = catalogues.values.first { $0.platform != catalogue.platform && $0.entry(named: name) != nil }
        let suggestion = closest(to: name, in: catalogue.names.map(\.name))
        return .unknownTriggerName(
            name, platform: platform.displayName, suggestion: suggestion,
            otherPlatform: other?.platform.displayName)
    }
}
