import Markdown
import SpecModel

extension SpecWalker {
    static let criteriaColumns = ["ID", "Level", "Acceptance criterion", "How to verify"]

    mutating func parseCriteriaTable(_ table: MarkdownNode) {
        guard let header = table.children.first else { return }
        let names = header.children.map { $0.plainText.trimmingWhitespace() }
        guard names.map({ $0.lowercased() }) == Self.criteriaColumns.map({ $0.lowercased() }) else {
            parser.diagnostics.report(.criteriaTableColumns(found: names), at: parser.span(of: header))
            return
        }
        for row in table.children.dropFirst() {
            let cells = row.children
            let texts = (0..<Self.criteriaColumns.count).map { index in
                index < cells.count ? cells[index].plainText.trimmingWhitespace() : ""
            }
            let idCell = cells.first ?? row
            let span = parser.span(ofCell: idCell)
            var complete = true
            for (index, text) in texts.enumerated() where text.isEmpty {
                let cell = index < cells.count ? cells[index] : row
                parser.diagnostics.report(
                    .emptyCriterionCell(Self.criteriaColumns[index]),
                    at: index < cells.count ? parser.span(ofCell: cell) : parser.span(of: row))
                complete = false
            }
            guard complete else { continue }
            guard let id = CriterionID(texts[0]) else {
                parser.diagnostics.report(.malformedCriterionID(texts[0]), at: span)
                continue
            }
            guard id.spec == specID || !SpecID.isValid(specID) else {
                parser.diagnostics.report(.foreignCriterionID(id.description, spec: specID), at: span)
                continue
            }
            if let first = criterionIDs[id] {
                parser.diagnostics.report(
                    .duplicateCriterionID(id.description, first: first.start), at: span,
                    notes: [.firstUse(of: id.description, at: first)])
                continue
            }
            criterionIDs[id] = span
            var criterion = Criterion(
                id: id, level: texts[1], statement: texts[2], howToVerify: texts[3], location: span.start)
            criterion.end = span.end
            criteria.append(criterion)
        }
    }

    mutating func parseBenchmarkTable(_ table: MarkdownNode) {
        let rows = table.children
        let names = rows.first?.children.map { $0.plainText.trimmingWhitespace().lowercased() } ?? []
        guard names == ["benchmark as", "user reach"], rows.count == 2, rows[1].children.count == 2 else {
            parser.diagnostics.report(.malformedBenchmarkTable, at: parser.span(of: table))
            return
        }
        let values = rows[1].children.map { $0.plainText.trimmingWhitespace() }
        guard !values.contains(where: \.isEmpty) else {
            parser.diagnostics.report(.malformedBenchmarkTable, at: parser.span(of: rows[1]))
            return
        }
        benchmark = Benchmark(level: values[0], userReach: values[1], location: parser.location(of: table))
    }
}
