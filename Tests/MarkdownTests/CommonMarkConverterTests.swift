import CommonMark
import Foundation
import Testing

import Markdown

@Suite struct CommonMarkConverterTests {
    @Test func tablesComeWithHeaderRowsAndCellPositions() {
        let document = CommonMarkConverter.parse("| a | b |\n| --- | --- |\n| c | d |\n")
        let table = document.children[0]
        #expect(table.kind == .table)
        #expect(table.children.map(\.kind) == [.tableRow(isHeader: true), .tableRow(isHeader: false)])
        let cell = table.children[1].children[1]
        #expect(cell.plainText.trimmingCharacters(in: .whitespacesAndNewlines) == "d")
        #expect(cell.children[0].position?.startLine == 3)
        #expect(cell.children[0].position?.startColumn == 7)
    }

    @Test func fencedCodeKeepsInfoAndFence() {
        let block = CommonMarkConverter.parse("~~~~gherkin extra\nScenario: x\n~~~~\n").children[0]
        #expect(block.kind == .codeBlock)
        #expect(block.info == "gherkin extra")
        #expect(block.fence == MarkdownNode.Fence(character: "~", length: 4))
        #expect(block.literal == "Scenario: x\n")
    }

    @Test func deepNestingDoesNotExhaustTheStack() {
        let deep = String(repeating: ">", count: 50_000) + " text\n"
        let document = CommonMarkConverter.parse(deep)
        var depth = 0
        var node = document
        while let child = node.children.first {
            depth += 1
            node = child
        }
        #expect(depth <= CommonMarkConverter.maximumDepth)
        #expect(depth > 10)
    }

    @Test func htmlRendererDropsRawHTMLAndUnsafeLinks() {
        let html = CommonMarkHTML.render("<script>alert(1)</script>\n\n[x](javascript:alert(1)) *ok*\n")
        #expect(!html.contains("<script>"))
        #expect(!html.contains("javascript:"))
        #expect(html.contains("<em>ok</em>"))
    }

    @Test func emptyInputGivesAnEmptyDocument() {
        #expect(CommonMarkConverter.parse("").children.isEmpty)
    }
}
