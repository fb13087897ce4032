import Foundation
import ReportModel
import Testing

@testable import SpecRunner

@Suite struct RunReportTests {
    /// A report from a build made before the diagrams: the same document without them.
    func reportWithoutDiagrams() throws -> Data {
        let data = try Data(contentsOf: packageRoot.appendingPathComponent("site/exports/report.json"))
        var document = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var flows = try #require(document["flows"] as? [[String: Any]])
        for index in flows.indices { flows[index]["views"] = nil }
        document["flows"] = flows
        var specs = try #require(document["specs"] as? [[String: Any]])
        for index in specs.indices {
            var criteria = try #require(specs[index]["criteria"] as? [[String: Any]])
            for criterion in criteria.indices { criteria[criterion]["diagram"] = nil }
            specs[index]["criteria"] = criteria
        }
        document["specs"] = specs
        return try JSONSerialization.data(withJSONObject: document)
    }

    @Test func aReportWrittenBeforeTheDiagramsStillReads() throws {
        let report = try RunReport.decodeJSON(reportWithoutDiagrams())
        let current = try RunReport.decodeJSON(
            Data(contentsOf: packageRoot.appendingPathComponent("site/exports/report.json")))
        #expect(report.flows.allSatisfy { $0.views.isEmpty })
        #expect(report.specs.flatMap(\.criteria).allSatisfy { $0.diagram.isEmpty })
        #expect(report.specs.map(\.id) == current.specs.map(\.id))
        #expect(report.specs.flatMap(\.criteria).map(\.passed) == current.specs.flatMap(\.criteria).map(\.passed))
        // The current report keeps its diagrams through a round trip.
        let roundTrip = try RunReport.decodeJSON(current.encodedJSON())
        #expect(roundTrip == current)
        #expect(current.specs.flatMap(\.criteria).allSatisfy { !$0.diagram.isEmpty })
    }
}
