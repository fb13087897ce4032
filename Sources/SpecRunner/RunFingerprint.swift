import Foundation
import ReportModel
import SpecModel
import Utilities

extension RunReport {
    /// A hash (FNV-1a, 64 bits, hex) of the specs' model and of what each flow decides with:
    /// its decisions, invariants, steps and error reference. Any change to either gives
    /// another value; prose pages are not run, so they do not count.
    public static func fingerprint(of content: ContentSet, flows: [Flow]) -> String {
        var hasher = FNV1a()
        hasher.mix(EncodingHash.hex(of: content.specs))
        hasher.mix(bytes: [0xff])
        for flow in flows {
            hasher.mix("flow \(flow.id)")
            for part in flow.signature { hasher.mix(part) }
            for decision in flow.decisions { hasher.mix("decision \(decision.id): \(decision.choice)") }
            for entry in flow.errorReference {
                hasher.mix(
                    "error \(entry.platform.rawValue) \(entry.name) \(entry.code) \(entry.message ?? "") \(entry.automaticFirst ?? "-") \(entry.automaticRepeated ?? "-") \(entry.explicit)"
                )
                // Each field by itself: interpolating a whole value would describe it by
                // reflection, the slowest part of a run.
                if let fact = entry.fact {
                    for part in fact.requests.map(\.rawValue) { hasher.mix(part) }
                    for part in [
                        fact.conclusion, fact.source.title, fact.source.url, fact.source.quote, fact.source.checked,
                    ] {
                        hasher.mix(part)
                    }
                } else {
                    hasher.mix("-")
                }
            }
            hasher.mix(EncodingHash.hex(of: flow.rootCauses))
        }
        return hasher.hex
    }
}
