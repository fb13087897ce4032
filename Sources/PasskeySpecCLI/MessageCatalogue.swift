import Pipeline
import SpecModel

/// Every message the tool shows a user, assembled from the modules that report them, for
/// `passkey-spec explain` and SARIF's rules. The groups are the writer's guide's tables of
/// diagnostics, in its order.
public enum MessageCatalogue {
    /// The messages by group, as `explain --list --format markdown` prints them for the guide.
    public static let groups: [CatalogueGroup] = Pipeline.catalogue(
        arguments: CommandLineMessages.arguments, running: CommandLineMessages.running,
        explaining: CommandLineMessages.explainingDiagnostics)

    /// Every message, group after group.
    public static let all: [CatalogueEntry] = groups.flatMap(\.entries)

    /// The catalogue of each module, for checking that `all` leaves none out.
    static let modules: [[CatalogueEntry]] = Pipeline.catalogues + [CommandLineMessages.catalogue]

    private static let byID = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// The entry of the message with this ID, if there is one.
    public static func entry(for id: MessageID) -> CatalogueEntry? {
        byID[id]
    }
}
