import Testing

@testable import SiteBuilder

@Suite struct StatusBadgeTests {
    @Test func hasRealTextAnAccessibleNameAndTheStateColour() {
        let passing = StatusBadge.svg(label: "N1.4-AC01", passed: true)
        #expect(passing.contains("role=\"img\" aria-label=\"N1.4-AC01: passing\""))
        #expect(passing.contains("<title>N1.4-AC01: passing</title>"))
        #expect(passing.contains("<text x=\"") && passing.contains(">passing</text>"))
        #expect(passing.contains("#1a7f37"))
        let failing = StatusBadge.svg(label: "<x>", passed: false)
        #expect(failing.contains("&lt;x&gt;") && failing.contains("#cf222e"))
        #expect(!failing.contains("href"), "no external references")
    }
}
