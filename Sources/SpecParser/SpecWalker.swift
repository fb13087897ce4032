import CommonMark
import Markdown
import SpecModel

/// Walks the blocks of a spec page below its metadata, in order, keeping track of the
/// section, scenario and criterion heading each block belongs to.
struct SpecWalker {
    /// The spec's ID, against which each criterion ID is checked; a malformed one (already
    /// reported) checks nothing, so that one mistake is one message.
    let specID: String
    let platforms: [Platform]
    var parser: PageParser

    private(set) var introduction: [Prose] = []
    private(set) var sections: [Section] = []
    var criteria: [Criterion] = []
    var checks: [Check] = []
    var references: [Reference] = []
    var benchmark: Benchmark?
    /// Prose under each criterion's heading.
    private(set) var criterionNotes: [CriterionID: [Prose]] = [:]
    /// Criterion IDs named by headings that hold checks, checked against the table at the end.
    private(set) var checkHeadings: [(CriterionID, SourceSpan)] = []

    private var section: Section?
    private var scenario: Scenario?
    private var scenarioHasCopyTable = false
    private var sectionHasCriteriaTable = false
    /// Whether the current section's comment is missing, so its kind is inferred.
    private var sectionIDMissing = false
    /// The criterion named by the nearest heading above, which checks below it verify.
    private var checkCriterion: (id: CriterionID, span: SourceSpan, recorded: Bool)?

    // First use of each ID, for duplicate diagnostics.
    private var sectionIDs: [String: SourceSpan] = [:]
    private var scenarioIDs: [String: SourceSpan] = [:]
    /// Each scenario title's first heading, by its title in lowercase.
    private var scenarioTitles: [String: SourceSpan] = [:]
    var criterionIDs: [CriterionID: SourceSpan] = [:]
    var checkNames: [String: SourceSpan] = [:]

    init(specID: String, platforms: [Platform], parser: PageParser) {
        self.specID = specID
        self.platforms = platforms
        self.parser = parser
    }

    mutating func walk(_ blocks: [MarkdownNode]) {
        var index = 0
        while index < blocks.count {
            let block = blocks[index]
            let next = index + 1 < blocks.count ? blocks[index + 1] : nil
            index += handle(block, next: next) ? 2 : 1
        }
        closeScenario()
        closeSection()
    }

    /// Handles one block; returns true when it also consumed the next one (a metadata comment).
    private mutating func handle(_ block: MarkdownNode, next: MarkdownNode?) -> Bool {
        switch block.kind {
        case .heading(level: 1):
            parser.diagnostics.report(.duplicateTitle, at: parser.span(of: block))
            return false
        case .heading(level: 2):
            closeScenario()
            closeSection()
            updateCheckCriterion(block)
            return startSection(block, next: next)
        case .heading(level: 3) where section?.kind == .scenarios || becomesScenarios(next):
            closeScenario()
            updateCheckCriterion(block)
            return startScenario(block, next: next)
        case .heading:
            updateCheckCriterion(block)
            if let next, let comment = metadata(next), comment.kind == "scenario" {
                parser.diagnostics.report(.scenarioOutsideSection, at: parser.span(of: block))
                return true
            }
            if checkCriterion == nil || scenario != nil { addProse(block) }
            return false
        case .htmlBlock:
            if let comment = metadata(block), ["spec", "page", "section", "scenario"].contains(comment.kind) {
                parser.diagnostics.report(
                    .malformedMetadata("a '\(comment.kind):' comment belongs on the line right after its heading"),
                    at: parser.span(of: block))
            }
            // Other raw HTML is dropped: the site never passes raw HTML through.
            return false
        case .table:
            return handleTable(block, next: next)
        case .paragraph where isPipeRows(block):
            handlePipeRows(block)
            return false
        case .codeBlock where isGherkin(block):
            handleCheckBlock(block)
            return false
        case .list where section?.kind == .references:
            parseReferences(block)
            return false
        default:
            addProse(block)
            return false
        }
    }

    // MARK: - Sections and scenarios

    /// Whether the current section, whose comment is missing (already reported), holds
    /// scenarios: `next`, after a `###` heading, is a scenario comment. The section then becomes
    /// a scenarios section, so that one missing comment is one message, not one for each
    /// scenario and check it holds. A section with its comment keeps the kind it says.
    private mutating func becomesScenarios(_ next: MarkdownNode?) -> Bool {
        guard sectionIDMissing, section?.kind == .prose, let next, let comment = metadata(next),
            comment.kind == "scenario"
        else { return false }
        section?.kind = .scenarios
        return true
    }

    /// Whether the current section, whose comment is missing, holds the criteria: `table` is
    /// headed `ID` or `Benchmark as`, as the criteria and benchmark tables are (see
    /// `becomesScenarios`).
    private mutating func becomesCriteria(_ table: MarkdownNode) -> Bool {
        let firstHeader = table.children.first?.children.first?.plainText.trimmingWhitespace().lowercased()
        guard sectionIDMissing, section?.kind == .prose, firstHeader == "id" || firstHeader == "benchmark as"
        else { return false }
        section?.kind = .criteria
        return true
    }

    private mutating func startSection(_ heading: MarkdownNode, next: MarkdownNode?) -> Bool {
        let title = heading.plainText.trimmingWhitespace()
        let location = parser.location(of: heading)
        let headingSpan = parser.span(of: heading)
        guard let next, let comment = metadata(next), comment.kind == "section" else {
            parser.diagnostics.report(.missingSectionID(title), at: headingSpan)
            section = Section(id: SlugID.make(title), title: title, kind: .prose, location: location)
            section?.end = headingSpan.end
            sectionIDMissing = true
            sectionHasCriteriaTable = false
            return false
        }
        sectionIDMissing = false
        let checked = parser.checkKeys(comment, allowed: ["section", "kind"], block: next)
        let id = checked.value("section") ?? ""
        let idSpan = parser.span(of: next, field: checked.field("section"))
        if !SlugID.isValid(id) {
            parser.diagnostics.report(.malformedID(id), at: idSpan)
        } else if let first = sectionIDs[id] {
            parser.diagnostics.report(
                .duplicateSectionID(id, first: first.start), at: idSpan, notes: [.firstUse(of: id, at: first)])
        } else {
            sectionIDs[id] = idSpan
        }
        var kind = SectionKind.prose
        if let name = checked.value("kind") {
            if let known = SectionKind(rawValue: name.lowercased()) {
                kind = known
            } else {
                parser.diagnostics.report(
                    .unknownSectionKind(name), at: parser.span(of: next, field: checked.field("kind")))
            }
        }
        section = Section(id: id, title: title, kind: kind, location: location)
        section?.end = headingSpan.end
        sectionHasCriteriaTable = false
        return true
    }

    private mutating func closeSection() {
        guard let finished = section else { return }
        if finished.kind == .criteria, !sectionHasCriteriaTable {
            parser.diagnostics.report(.missingCriteriaTable, at: finished.span)
        }
        sections.append(finished)
        section = nil
    }

    private mutating func startScenario(_ heading: MarkdownNode, next: MarkdownNode?) -> Bool {
        let title = heading.plainText.trimmingWhitespace()
        let location = parser.location(of: heading)
        let headingSpan = parser.span(of: heading)
        let sectionID = section?.id ?? ""
        scenarioHasCopyTable = false
        if let first = scenarioTitles[title.lowercased()] {
            parser.diagnostics.report(
                .duplicateScenarioTitle(title, first: first.start), at: headingSpan,
                notes: [.firstUse(of: title, at: first)])
        } else {
            scenarioTitles[title.lowercased()] = headingSpan
        }
        guard let next, let comment = metadata(next), comment.kind == "scenario" else {
            parser.diagnostics.report(.missingScenarioID(title), at: headingSpan)
            scenario = Scenario(id: SlugID.make(title), title: title, section: sectionID, location: location)
            scenario?.end = headingSpan.end
            return false
        }
        let checked = parser.checkKeys(comment, allowed: ["scenario"], block: next)
        let id = checked.value("scenario") ?? ""
        let idSpan = parser.span(of: next, field: checked.field("scenario"))
        if !SlugID.isValid(id) {
            parser.diagnostics.report(.malformedID(id), at: idSpan)
        } else if let first = scenarioIDs[id] {
            parser.diagnostics.report(
                .duplicateScenarioID(id, first: first.start), at: idSpan, notes: [.firstUse(of: id, at: first)])
        } else {
            scenarioIDs[id] = idSpan
        }
        scenario = Scenario(id: id, title: title, section: sectionID, location: location)
        scenario?.end = headingSpan.end
        scenario?.idSpan = idSpan
        return true
    }

    private mutating func closeScenario() {
        guard let finished = scenario else { return }
        if !scenarioHasCopyTable {
            parser.diagnostics.report(.missingCopyTable(finished.title), at: finished.span)
        }
        section?.scenarios.append(finished)
        scenario = nil
    }

    // MARK: - Blocks

    /// Handles a table; returns true when it also consumed `next`: rows that a blank line cut
    /// off from it, which are reported once and read as the table's own.
    private mutating func handleTable(_ table: MarkdownNode, next: MarkdownNode?) -> Bool {
        guard let next, isPipeRows(next), let joined = joining(table, next) else {
            handleTableRows(table)
            return false
        }
        handleTableRows(joined)
        return true
    }

    /// Whether a paragraph is table rows that cmark-gfm did not read as a table: every line
    /// starts with a bar (a table without its delimiter row, or rows a blank line cut off).
    private func isPipeRows(_ paragraph: MarkdownNode) -> Bool {
        guard paragraph.kind == .paragraph, let position = paragraph.position else { return false }
        return (position.startLine...max(position.startLine, position.endLine)).allSatisfy { line in
            parser.source.line(line).drop { $0 == " " || $0 == "\t" }.hasPrefix("|")
        }
    }

    /// `table` with the rows of `rows` after it, when only blank lines lie between: reported
    /// once at the blank line, with its removal as the fix, and read again as one table (each
    /// blank line read as a row that is then dropped, so every line keeps its number).
    private mutating func joining(_ table: MarkdownNode, _ rows: MarkdownNode) -> MarkdownNode? {
        guard let first = table.position?.startLine, let last = table.position?.endLine,
            let restStart = rows.position?.startLine, let restEnd = rows.position?.endLine, restStart > last + 1,
            (last + 1..<restStart).allSatisfy({ parser.source.line($0).allSatisfy { $0 == " " || $0 == "\t" } })
        else { return nil }
        let blank = last + 1..<restStart
        let file = parser.location(of: table).file
        let gap = SourceSpan(
            start: SourceLocation(file: file, line: blank.lowerBound, column: 1), endLine: restStart, endColumn: 1)
        parser.diagnostics.report(
            .tableSplitByBlankLine(rows: restEnd - restStart + 1), at: SourceSpan(at: gap.start),
            fixIts: [.replace(gap, with: "", title: "Remove the blank line")])
        // Blank lines before the table keep cmark-gfm's line numbers those of the page.
        var text = String(repeating: "\n", count: first - 1)
        for line in first...restEnd {
            text += (blank.contains(line) ? "| |" : String(parser.source.line(line))) + "\n"
        }
        guard var joined = CommonMarkConverter.parse(text).children.first(where: { $0.kind == .table }) else {
            return nil
        }
        joined.children.removeAll { row in row.position.map { blank.contains($0.startLine) } ?? false }
        return joined
    }

    /// Table rows that are not a table: reported once, as a header without its delimiter row
    /// (the fix adds one) or as rows after a blank line that no table above takes.
    private mutating func handlePipeRows(_ paragraph: MarkdownNode) {
        let line = parser.location(of: paragraph).line
        let header = String(parser.source.line(line))
        let span = parser.span(of: paragraph)
        let cells = PageParser.tableCellCount(header)
        let delimiter = "|" + String(repeating: " --- |", count: max(cells, 1))
        parser.diagnostics.report(
            .missingTableDelimiter(delimiter), at: span,
            fixIts: [
                .insert(
                    delimiter + "\n", at: SourceLocation(file: span.start.file, line: line + 1, column: 1),
                    title: "Add the delimiter row")
            ])
        // The scenario's table is there, misread: its absence is not reported again.
        if scenario != nil { scenarioHasCopyTable = true }
    }

    private mutating func handleTableRows(_ table: MarkdownNode) {
        if var current = scenario {
            if scenarioHasCopyTable {
                parser.diagnostics.report(.extraCopyTable(current.title), at: parser.span(of: table))
            } else {
                current.copy = parseCopyTable(table, scenarioID: current.id)
                scenario = current
                scenarioHasCopyTable = true
            }
            return
        }
        if section?.kind == .criteria || becomesCriteria(table) {
            let firstHeader = table.children.first?.children.first?.plainText.trimmingWhitespace().lowercased()
            if firstHeader == "id" {
                sectionHasCriteriaTable = true
                parseCriteriaTable(table)
                return
            }
            if firstHeader == "benchmark as" {
                parseBenchmarkTable(table)
                return
            }
        }
        addProse(table)
    }

    private func isGherkin(_ block: MarkdownNode) -> Bool {
        let language = (block.info ?? "").split(separator: " ").first.map(String.init)?.lowercased()
        return language == "gherkin"
    }

    private mutating func handleCheckBlock(_ block: MarkdownNode) {
        guard var context = checkCriterion else {
            // Checks of a general scenario live inside the scenario.
            if let scenario {
                parseChecks(block, owner: .scenario(scenario.id))
            } else {
                parser.diagnostics.report(.checkOutsideCriterion, at: parser.span(of: block))
            }
            return
        }
        if !context.recorded {
            checkHeadings.append((context.id, context.span))
            context.recorded = true
            checkCriterion = context
        }
        parseChecks(block, owner: .criterion(context.id))
    }

    /// A heading that names a criterion ID makes the checks below it that criterion's; any
    /// other heading ends the previous criterion's checks.
    private mutating func updateCheckCriterion(_ heading: MarkdownNode) {
        checkCriterion = nil
        let words = heading.plainText.split(whereSeparator: {
            $0.isWhitespace || $0 == ":" || $0 == "," || $0 == "(" || $0 == ")"
        })
        guard let word = words.first(where: { $0.contains("-AC") }) else { return }
        // The ID where the heading's line writes it; the heading where it cannot be found.
        let headingSpan = parser.span(of: heading)
        let line = Array(parser.source.line(headingSpan.start.line).utf8)
        let wordSpan =
            PageParser.offset(of: Array(word.utf8), in: line, from: max(headingSpan.start.column - 1, 0)).map {
                SourceSpan(
                    at: parser.source.location(line: headingSpan.start.line, column: $0 + 1), length: word.utf8.count)
            } ?? headingSpan
        guard let id = CriterionID(String(word)) else {
            parser.diagnostics.report(.malformedCriterionID(String(word)), at: wordSpan)
            return
        }
        guard id.spec == specID || !SpecID.isValid(specID) else {
            parser.diagnostics.report(.foreignCriterionID(id.description, spec: specID), at: wordSpan)
            return
        }
        checkCriterion = (id, wordSpan, false)
    }

    private mutating func addProse(_ block: MarkdownNode) {
        let prose = parser.prose(of: block)
        if scenario == nil, let criterion = checkCriterion?.id {
            criterionNotes[criterion, default: []].append(prose)
        } else if scenario != nil {
            scenario?.summary.append(prose)
        } else if section != nil {
            section?.introduction.append(prose)
        } else {
            introduction.append(prose)
        }
    }

    func metadata(_ block: MarkdownNode) -> MetadataComment? {
        guard block.kind == .htmlBlock else { return nil }
        return MetadataComment(html: block.literal ?? "")
    }
}
