import Foundation
import SiteBuilder
import SpecModel
import SpecParser
import SpecRunner
import TestSupport
import Testing
import Utilities

@testable import Pipeline

/// The lint's rules are values in one registry: each message has one rule, each rule a scope
/// that says what a change makes it run again, and a finding another implies is left out.
@Suite struct LintRulesTests {
    @Test func everyMessageOfTheContentIsReportedByExactlyOneRule() {
        let catalogue = (ParserMessages.catalogue + RunnerMessages.catalogue + SiteMessages.catalogue).map(\.id)
        var owners: [MessageID: [String]] = [:]
        for rule in LintRules.registered {
            for id in rule.reports { owners[id, default: []].append(rule.name) }
        }
        for id in catalogue {
            #expect(owners[id]?.count == 1, "\(id) is reported by \(owners[id] ?? [])")
        }
        #expect(Set(owners.keys) == Set(catalogue), "a rule reports a message the catalogue lacks")
        #expect(Set(LintRules.registered.map(\.name)).count == LintRules.registered.count)
    }

    @Test func aRuleOfAPageReadsThatPageAndARuleAcrossPagesReadsTheFactsOfAll() {
        for rule in LintRules.registered {
            switch rule.scope {
            case .page: #expect(rule.reads.isSubset(of: [.pageText, .pageModel]), "\(rule.name)")
            case .flow: #expect(rule.reads == [.pageModel, .flows], "\(rule.name)")
            case .acrossPages: #expect(rule.reads.isSubset(of: [.pageFacts, .listing]), "\(rule.name)")
            case .engine: #expect(rule.reads.contains(.run), "\(rule.name)")
            }
        }
    }

    /// A copy of the content with the native page's text changed.
    func content(_ edit: (String) -> String) throws -> (TemporaryFolder, Pipeline) {
        let folder = try TemporaryFolder()
        try copyContent(into: folder)
        let path = folder.url.appendingPathComponent("content/native/login-error-states.md")
        try edit(try String(contentsOf: path, encoding: .utf8)).write(to: path, atomically: true, encoding: .utf8)
        return (folder, pipeline(folder, in: folder.url, roots: ["content"]))
    }

    @Test func aMisspeltPlatformIsOneMessageWithItsFixAndNoneForItsColumns() throws {
        let (folder, pipeline) = try content {
            $0.replacingOccurrences(of: "platforms: ios, android -->", with: "platforms: ios, andriod -->")
        }
        let errors = withExtendedLifetime(folder) { pipeline.lint().errors }
        #expect(errors.map(\.id) == ["unknown-platform"], "\(errors.map(\.description))")
        let error = try #require(errors.first)
        #expect(error.span.endColumn - error.span.start.column == "andriod".utf8.count)
        #expect(error.fixIts.first?.edits.map(\.replacement) == ["android"])
        #expect(error.message.text.contains("did you mean 'android'?"))
    }

    @Test func anEditToOnePageRunsTheRulesOfThatPageAlone() throws {
        let (folder, _) = try content { $0 }
        let store = SourceStore(flows: LazyFlows(FlowCatalogue.registered), clock: ManualWallClock(at: Int64.max / 2))
        let request = SourceStore.Request(roots: ["content"], workingDirectory: folder.url)
        _ = LintStage.lint(try store.snapshot(request), store: store, request: request, strict: false)
        let before = store.statistics.ruleRuns
        // Both spec pages ran the rules of a page and of a flow; the rules across pages ran once.
        #expect(before["copy-style"] == 4)
        #expect(before["steps"] == 2)
        #expect(before["links"] == 1)
        var edited = request
        let page = folder.url.appendingPathComponent("content/web/login-error-states.md").path
        edited.unsaved = [page: Array(try String(contentsOfFile: page, encoding: .utf8).utf8) + Array("\nMore.\n".utf8)]
        edited.edited = [page]
        _ = LintStage.lint(try store.snapshot(edited), store: store, request: edited, strict: false)
        let after = store.statistics.ruleRuns
        #expect(after["read"] == before["read"]! + 1)
        #expect(after["copy-style"] == before["copy-style"]! + 1)
        #expect(after["steps"] == before["steps"]! + 1)
        #expect(after["links"] == before["links"]! + 1)
    }
}
