import ReportModel
import SpecModel
import SpecRunner

/// What `lockstep` found to explore, or why it cannot.
public enum LockstepSource: Sendable {
    /// The spec, with the flow that explores it.
    case spec(Spec)
    /// The content has errors: the lint result says which.
    case contentErrors
    /// No spec of the content with a kit covers the platform under that ID (or, without an
    /// ID, more than one does); the IDs of those that do.
    case noSuchSpec(covering: [String])
}

extension Pipeline {
    /// The spec `lockstep` explores: the one with ID `specID` that covers `platform` and whose
    /// flow writes kits, or, without an ID, the only such spec; with the lint result.
    public func lockstepSource(specID: String?, platform: Platform) -> (result: PipelineResult, source: LockstepSource)
    {
        let result = lint()
        guard !result.hasErrors, result.stage >= .lint else { return (result, .contentErrors) }
        let covering = result.content.specs.filter { spec in
            spec.platforms.contains(platform) && spec.flow.flatMap { flows.flow(id: $0.name)?.lockstep } != nil
        }
        let chosen = specID.map { id in covering.filter { $0.id == id } } ?? covering
        guard chosen.count == 1 else { return (result, .noSuchSpec(covering: covering.map(\.id))) }
        return (result, .spec(chosen[0]))
    }

    /// Writes the lockstep exploration of `spec` on `platform` as its text, the lines with
    /// their newlines, to `write` in pieces of about 256 KB; the last line's counts.
    @discardableResult
    public func lockstep(
        _ spec: Spec, on platform: Platform, options: KitLockstepOptions, write: (String) -> Void
    ) -> KitLockstepEnd? {
        guard let name = spec.flow?.name, let record = flows.flow(id: name)?.lockstep else { return nil }
        var pending = ""
        let end = record(spec, platform, options) { line in
            // Encoding a script's types cannot fail: they hold strings, numbers and arrays.
            pending += (try? line.encoded()) ?? ""
            pending += "\n"
            if pending.utf8.count >= 1 << 18 {
                write(pending)
                pending = ""
            }
            return true
        }
        if !pending.isEmpty { write(pending) }
        return end
    }
}
