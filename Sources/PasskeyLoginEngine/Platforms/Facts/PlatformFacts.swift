import SpecModel

/// The sourced facts of every name the engine knows on each platform: what a Trigger cell may
/// name, which requests it arrives from, and the document that says so. A test holds that
/// every name in a `TriggerCatalogue` has one.
public enum PlatformFacts {
    /// The date the sources below were last read against the engine.
    static let checked = "2026-12-01"

    /// The facts of a platform, by name: its own results and the server's answers.
    public static func facts(for platform: Platform) -> [String: PlatformFact] {
        switch platform {
        case .ios: iosByName
        case .android: androidByName
        case .web: webByName
        default: serverByName
        }
    }

    /// The fact of a name on a platform, if the sources were recorded.
    public static func fact(named name: String, on platform: Platform) -> PlatformFact? {
        facts(for: platform)[name]
    }

    private static let iosByName = index(ios + server)
    private static let androidByName = index(android + server)
    private static let webByName = index(web + server)
    private static let serverByName = index(server)

    private static func index(_ facts: [PlatformFact]) -> [String: PlatformFact] {
        Dictionary(facts.map { ($0.name, $0) }) { first, _ in first }
    }

    /// A source read on `checked`.
    static func source(_ title: String, _ url: String, _ quote: String) -> FactSource {
        FactSource(title: title, url: url, quote: quote, checked: checked)
    }
}
