import Exports
import Foundation
import SiteBuilder
import SpecModel
import SpecParser
import SpecRunner
import Utilities

extension Pipeline {
    /// Every message the tool reports, in the groups and the order the writer's guide lists
    /// them, with the command line's own messages (`arguments`, `running`, `explaining`) in
    /// their places: the catalogue `explain` and SARIF's rules read. Some groups gather the
    /// messages of several modules, because a writer looks for a message by what it is about,
    /// not by which module reports it.
    public static func catalogue(
        arguments: [CatalogueEntry], running: [CatalogueEntry], explaining: [CatalogueEntry]
    ) -> [CatalogueGroup] {
        [
            CatalogueGroup("Files", ParserMessages.files),
            CatalogueGroup("Page metadata", ParserMessages.pageMetadata + RunnerMessages.flows),
            CatalogueGroup("Sections and scenarios", ParserMessages.sectionsAndScenarios),
            CatalogueGroup("Copy tables", ParserMessages.copyTables),
            CatalogueGroup("Trigger names", RunnerMessages.triggerNames),
            CatalogueGroup("Copy style", ParserMessages.copyStyle),
            CatalogueGroup("Acceptance criteria", ParserMessages.acceptanceCriteria),
            CatalogueGroup("Checks", ParserMessages.checks),
            CatalogueGroup("Running checks", RunnerMessages.runningChecks),
            CatalogueGroup("References", ParserMessages.references),
            CatalogueGroup("Translations", ParserMessages.translations + PipelineMessages.translating),
            CatalogueGroup(
                "Command line", arguments + PipelineMessages.readingAndWriting + ParserMessages.commandLine + running),
            CatalogueGroup("Building the site", PipelineMessages.buildingTheSite + SiteMessages.catalogue),
            CatalogueGroup("Comparing versions", PipelineMessages.comparingVersions),
            CatalogueGroup("Explaining diagnostics", explaining),
        ]
    }

    /// The catalogue of each library, for checking that `catalogue` leaves none out.
    public static let catalogues: [[CatalogueEntry]] = [
        ParserMessages.catalogue, RunnerMessages.catalogue, PipelineMessages.catalogue, SiteMessages.catalogue,
    ]

    /// The JUnit XML of the result: a test case per check per platform and per invariant; for
    /// a run the content's errors stopped, a failing test case per error, so that a CI report
    /// shows why.
    public func junit(_ result: PipelineResult) -> String {
        result.report.map(JUnitReport.xml) ?? JUnitReport.xml(notRun: result.errors)
    }

    /// The result's diagnostics (and what stopped it, if anything) as a SARIF 2.1.0 log, with
    /// `catalogue`'s explanations as its rules and columns counted in code points.
    public func sarif(_ result: PipelineResult, catalogue: [CatalogueEntry]) throws -> Data {
        var lines: [String: [Substring]] = [:]
        let configuration = self.configuration
        return try SarifLog.json(
            diagnostics: result.diagnostics, catalogue: catalogue,
            notifications: result.failure.map { [SarifLog.Notification($0.message)] } ?? [],
            root: configuration.projectFolder
        ) { location in
            // Column 1 is the first in any count: the file is not read for it (a file too large
            // to read, or a folder, is named at 1:1).
            guard location.column > 1 else { return location.column }
            if lines[location.file] == nil {
                let bytes = (try? FileBytes.read(configuration.contentPath(location.file))) ?? []
                lines[location.file] = String(decoding: bytes, as: UTF8.self).split(
                    omittingEmptySubsequences: false, whereSeparator: \.isNewline)
            }
            guard let text = lines[location.file], location.line >= 1, location.line <= text.count else {
                return location.column
            }
            // The column counts UTF-8 bytes from 1; SARIF's counts code points.
            let utf8 = text[location.line - 1].utf8
            let end =
                utf8.index(utf8.startIndex, offsetBy: location.column - 1, limitedBy: utf8.endIndex) ?? utf8.endIndex
            return String(text[location.line - 1][..<end]).unicodeScalars.count + 1
        }
    }
}
