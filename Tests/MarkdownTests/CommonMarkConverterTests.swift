import CommonMark
import Foundation
import Markdown
import Synchronization
import Testing

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

    @Test func listsKeepTheirTypeStartTightnessAndDelimiter() {
        let blocks = CommonMarkConverter.parse("- a\n- b\n\n3) c\n\n   d\n4) e\n\n1. f\n").children
        #expect(
            blocks.map(\.list) == [
                MarkdownNode.List(kind: .bullet, isTight: true),
                MarkdownNode.List(kind: .ordered, start: 3, isTight: false, delimiter: .parenthesis),
                MarkdownNode.List(kind: .ordered, start: 1, isTight: true, delimiter: .period),
            ])
        #expect(blocks[0].children.map(\.kind) == [.item, .item])
        #expect(blocks[0].children[0].list == nil)
    }

    @Test func linksAndImagesKeepDestinationAndTitle() {
        let paragraph = CommonMarkConverter.parse(
            "[a](notes.md#part \"The &amp; title\") ![b](i.png) [c](<x y>) www.example.com\n"
        ).children[0]
        let links = paragraph.children.filter { $0.kind == .link || $0.kind == .image }
        #expect(links.map(\.url) == ["notes.md#part", "i.png", "x y", "http://www.example.com"])
        #expect(links.map(\.title) == ["The & title", nil, nil, nil])
        #expect(links[0].position == MarkdownNode.Position(startLine: 1, startColumn: 1, endLine: 1, endColumn: 36))
    }

    @Test func tablesKeepTheirColumnAlignments() {
        let table = CommonMarkConverter.parse("| a | b | c | d |\n| --- | :-- | :-: | --: |\n").children[0]
        #expect(table.columnAlignments == [.none, .left, .center, .right])
        #expect(CommonMarkConverter.parse("text\n").children[0].columnAlignments.isEmpty)
    }

    @Test func taskItemsKnowWhetherTheyAreChecked() {
        let list = CommonMarkConverter.parse("- [ ] open\n- [x] done\n- plain\n- [y] not a task\n").children[0]
        #expect(list.children.map(\.task) == [.unchecked, .checked, nil, nil])
        #expect(list.children.map(\.kind) == [.item, .item, .item, .item])
        #expect(list.children[0].plainText == "open")
    }

    @Test func footnotesKeepLabelNumberAndReferences() {
        let document = CommonMarkConverter.parse("A[^b] B[^a] C[^B].\n\n[^a]: First.\n[^b]: Second.\n[^c]: Unused.\n")
        let references = document.children[0].children.map(\.kind).filter {
            if case .footnoteReference = $0 { true } else { false }
        }
        #expect(
            references == [
                .footnoteReference(label: "b", number: 1, referenceIndex: 1),
                .footnoteReference(label: "a", number: 2, referenceIndex: 1),
                .footnoteReference(label: "b", number: 1, referenceIndex: 2),
            ])
        // cmark-gfm moves definitions to the end in the order of first reference and drops unused ones.
        #expect(
            document.children.dropFirst().map(\.kind) == [
                .footnoteDefinition(label: "b", referenceCount: 2), .footnoteDefinition(label: "a", referenceCount: 1),
            ])
        #expect(document.children[1].plainText == "Second.")
        #expect(document.children[1].position?.startLine == 4)
    }

    @Test func leavesKeepTheirLiterals() {
        let document = CommonMarkConverter.parse(
            "## Title ~~old~~\n\n<!-- spec: page id=x -->\n\nUse `a ``b`` c` and <kbd>k</kbd>.\n")
        #expect(document.children.map(\.kind) == [.heading(level: 2), .htmlBlock, .paragraph])
        #expect(document.children[0].children.map(\.kind) == [.text, .strikethrough])
        #expect(document.children[1].literal == "<!-- spec: page id=x -->\n")
        let inlines = document.children[2].children
        #expect(inlines.filter { $0.kind == .code }.map(\.literal) == ["a ``b`` c"])
        #expect(inlines.filter { $0.kind == .htmlInline }.map(\.literal) == ["<kbd>", "</kbd>"])
    }

    @Test func columnsCountUTF8BytesOnLinesWithEmojiAndCJK() {
        let paragraph = CommonMarkConverter.parse("😀 日本 `code`\n").children[0]
        let code = paragraph.children.first { $0.kind == .code }
        // 4 bytes for the emoji, a space, 6 bytes for two CJK characters, a space and the
        // backtick: cmark-gfm places a code span at its content.
        #expect(code?.position == MarkdownNode.Position(startLine: 1, startColumn: 14, endLine: 1, endColumn: 17))
    }

    /// cmark-gfm's inline parser keeps the extensions' characters in a process-wide table that
    /// each parse sets and clears; parses on several threads must still all see `~~` and `|`.
    @Test func parsesOnManyThreadsAgree() {
        let markdown = "~~gone~~ and www.example.com\n\n| a |\n| - |\n| ~b~ |\n"
        let expected = CommonMarkConverter.parse(markdown)
        let mismatches = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<200 where CommonMarkConverter.parse(markdown) != expected {
                mismatches.withLock { $0 += 1 }
            }
        }
        #expect(mismatches.withLock { $0 } == 0)
        #expect(expected.children[0].children[0].kind == .strikethrough)
    }
    @Test func linksAndFencesKeepTheirURLsTitlesAndInfo() {
        let document = CommonMarkConverter.parse(
            "[a](https://example.com/x \"T\") ![i](p.png \"\") <https://auto.example>\n\n```swift linenums\nlet x = 1\n```\n"
        )
        let inlines = document.children[0].children
        #expect(inlines.filter { $0.kind == .link }.map(\.url) == ["https://example.com/x", "https://auto.example"])
        #expect(inlines.filter { $0.kind == .link }.map(\.title) == ["T", nil])
        // An empty title renders as none.
        #expect(inlines.first { $0.kind == .image }?.title == nil)
        #expect(document.children[1].info == "swift linenums")
        #expect(document.children[1].literal == "let x = 1\n")
    }

    @Test func aWalkVisitsEachNodeInDocumentOrderAndSkipsWhatItIsToldTo() {
        let document = CommonMarkConverter.parse("# A *b*\n\n> c `d`\n\n- e\n")
        var visited: [MarkdownNode.Kind] = []
        MarkdownNode.walk(document.children) { node in
            visited.append(node.kind)
            // Into everything but the block quote.
            return node.kind != .blockQuote
        }
        #expect(
            visited == [
                .heading(level: 1), .text, .emphasis, .text, .blockQuote, .list, .item, .paragraph, .text,
            ])
        #expect(document.descendants.count == 12)
        #expect(document.children[1].plainText == "c d")
    }
}
