import SiteBuilder
import SpecModel
import SpecParser
import SpecRunner

/// Every message the tool shows a user, assembled from the modules that report them, for
/// `passkey-spec explain`. The groups come in the order the writer's guide lists them.
public enum MessageCatalogue {
    public static let all: [CatalogueEntry] =
        ParserMessages.files + ParserMessages.pageMetadata + RunnerMessages.flows + ParserMessages.sectionsAndScenarios
        + ParserMessages.copyTables + RunnerMessages.triggerNames + ParserMessages.copyStyle
        + ParserMessages.acceptanceCriteria + ParserMessages.checks + RunnerMessages.runningChecks
        + ParserMessages.references + CommandLineMessages.arguments + ParserMessages.commandLine
        + CommandLineMessages.running + CommandLineMessages.buildingTheSite + SiteMessages.catalogue
        + CommandLineMessages.comparingVersions + CommandLineMessages.explainingDiagnostics

    /// The catalogue of each module, for checking that `all` leaves none out.
    static let modules: [[CatalogueEntry]] = [
        ParserMessages.catalogue, RunnerMessages.catalogue, CommandLineMessages.catalogue, SiteMessages.catalogue,
    ]

    private static let byID = Dictionary(all.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })

    /// The entry of the message with this ID, if there is one.
    public static func entry(for id: MessageID) -> CatalogueEntry? {
        byID[id]
    }
}
