import SpecModel

/// The sourced facts of every name the engine knows on each platform: what a Trigger cell may
/// name, which requests it arrives from, and the document that says so. A test holds that
/// every name in a `TriggerCatalogue` has one.
public enum PlatformFacts {
    /// The date the sources below were last read against the engine.
    static let checked = "2026-12-01"

    /// The facts of a platform, by name: its own results (from its adapter) and the server's
    /// answers.
    public static func facts(for platform: Platform) -> [String: PlatformFact] {
        byPlatform[platform] ?? serverByName
    }

    /// The fact of a name on a platform, if the sources were recorded.
    public static func fact(named name: String, on platform: Platform) -> PlatformFact? {
        facts(for: platform)[name]
    }

    private static let byPlatform = Dictionary(
        uniqueKeysWithValues: PlatformAdapters.all.map { ($0.platform, index($0.facts + server)) })
    private static let serverByName = index(server)

    private static func index(_ facts: [PlatformFact]) -> [String: PlatformFact] {
        Dictionary(facts.map { ($0.name, $0) }) { first, _ in first }
    }

    /// A source read on `checked`.
    static func source(_ title: String, _ url: String, _ quote: String) -> FactSource {
        FactSource(title: title, url: url, quote: quote, checked: checked)
    }
}
