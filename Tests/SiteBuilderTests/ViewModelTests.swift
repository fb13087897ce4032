import Foundation
import Mustache
import Testing

@testable import SiteBuilder

private struct Inner: MustacheObject {
    let name: String
}

private struct Sample: MustacheObject {
    let title: String
    let count: Int
    let flag: Bool
    let tags: [String]
    let note: String?
    let inner: Inner
    let items: [Inner]
}

/// Renders `source` against `value`, with the site's partials.
private func render(_ source: String, _ value: some MustacheRepresentable) throws -> String {
    try Template(source).render(value.mustacheValue) { name in
        let url = packageRoot.appendingPathComponent("templates/partials/\(name).mustache")
        return try? String(contentsOf: url, encoding: .utf8)
    }
}

@Suite struct ViewModelTests {
    @Test func aStructBecomesAnObjectOfItsPropertyNames() {
        let sample = Sample(
            title: "T", count: 3, flag: true, tags: ["a", "b"], note: nil, inner: Inner(name: "n"),
            items: [Inner(name: "x")])
        #expect(
            sample.mustacheValue
                == .object([
                    "title": .string("T"), "count": .number(3), "flag": .bool(true),
                    "tags": .array([.string("a"), .string("b")]), "note": .null,
                    "inner": .object(["name": .string("n")]), "items": .array([.object(["name": .string("x")])]),
                ]))
    }

    @Test func plainValuesConvertToTheirMustacheCases() {
        #expect(MustacheEncoder.value(of: "x") == .string("x"))
        #expect(MustacheEncoder.value(of: false) == .bool(false))
        #expect(MustacheEncoder.value(of: 42) == .number(42))
        #expect(MustacheEncoder.value(of: [1, 2]) == .array([.number(1), .number(2)]))
        #expect(MustacheEncoder.value(of: [String]()) == .array([]))
        #expect(MustacheEncoder.value(of: String?.none) == .null)
        #expect(MustacheEncoder.value(of: String?.some("y")) == .string("y"))
        #expect(MustacheEncoder.value(of: [String?]([nil, "z"])) == .array([.null, .string("z")]))
    }

    @Test func emptyListsNilAndFalseAreFalsy() throws {
        let section =
            "{{#tags}}[{{.}}]{{/tags}}{{^tags}}no tags{{/tags}};"
            + "{{#note}}note {{note}}{{/note}}{{^note}}no note{{/note}};"
            + "{{#flag}}on{{/flag}}{{^flag}}off{{/flag}}; {{count}} {{inner.name}} {{#items}}<{{name}}>{{/items}}"
        let empty = Sample(title: "", count: 0, flag: false, tags: [], note: nil, inner: Inner(name: "i"), items: [])
        #expect(try render(section, empty) == "no tags;no note;off; 0 i ")
        let full = Sample(
            title: "", count: 1_234, flag: true, tags: ["a", "b"], note: "n", inner: Inner(name: "i"),
            items: [Inner(name: "x"), Inner(name: "y")])
        #expect(try render(section, full) == "[a][b];note n;on; 1234 i <x><y>")
    }

    @Test func aPageMergesTheLayoutWithItsContent() {
        let page = SitePage(
            layout: LayoutView(
                root: "../", title: "T", version: "1",
                nav: NavigationValue(
                    mustacheValue: MustacheEncoder.value(of: [
                        NavigationSection(
                            id: "nav-section-1", title: "Overview",
                            items: [NavigationItem(href: "index.html", label: "Home", current: true)])
                    ]))),
            content: ContentPage(body: "<p>b</p>"))
        #expect(
            page.mustacheValue
                == .object([
                    "root": .string("../"), "title": .string("T"), "version": .string("1"),
                    "nav": .array([
                        .object([
                            "id": .string("nav-section-1"), "title": .string("Overview"),
                            "items": .array([
                                .object([
                                    "href": .string("index.html"), "label": .string("Home"), "current": .bool(true),
                                ])
                            ]),
                        ])
                    ]),
                    "body": .string("<p>b</p>"),
                ]))
    }

    @Test func aCheckRendersThroughItsPartial() throws {
        let check = CheckView(
            id: "cancel", anchor: "check-cancel", name: "Cancel & retry", location: "native/a.md:12",
            platforms: [
                ViewModels.badge("iOS", passed: true),
                BadgeView(state: "skip", label: "Android", value: "undefined"),
            ],
            platformNames: ["iOS", "Android"], scenarios: [ScenarioLink(id: "s", href: "#scenario-s")],
            steps: [
                StepView(
                    keyword: "Then", text: "a session is created",
                    results: [
                        StepResultView(
                            status: "failed", statusLabel: "Failed", native: ["1001"], expected: "a session",
                            observed: "none"),
                        StepResultView(
                            status: "passed", statusLabel: "Passed", native: [], expected: nil, observed: ""),
                    ])
            ])
        let html = try render("{{>check}}", check)
        #expect(html.contains("<article class=\"check\" id=\"check-cancel\">"))
        #expect(html.contains("<h4>Cancel &amp; retry <span class=\"badge badge-pass\">"))
        #expect(html.contains("<span class=\"badge badge-skip\"><span class=\"badge-label\">Android</span>"))
        #expect(html.contains("· reaches <a href=\"#scenario-s\">s</a>"))
        #expect(html.contains("<th scope=\"col\">iOS</th><th scope=\"col\">Android</th>"))
        #expect(
            html.contains(
                "<td class=\"step-failed\"><span class=\"status\">Failed</span><ul class=\"native\"><li><code>1001</code></li></ul><p class=\"failure\">Expected a session; observed none.</p></td>"
            ))
        #expect(html.contains("<td class=\"step-passed\"><span class=\"status\">Passed</span></td>"))
    }

    @Test func anInvariantRendersThroughItsPartial() throws {
        let holding = InvariantView(
            id: "I1", statement: "s", transitionsChecked: "1,000", holds: true, violations: "0", counterexample: [])
        #expect(
            try render("{{>invariant}}", holding)
                == "<tr><th scope=\"row\"><code>I1</code></th><td>s</td><td class=\"number\">1,000</td><td><span class=\"ok\">Holds</span></td></tr>\n"
        )
        let broken = InvariantView(
            id: "I2", statement: "s", transitionsChecked: "3", holds: false, violations: "1",
            counterexample: ["a", "b"])
        #expect(
            try render("{{>invariant}}", broken).contains(
                "<span class=\"fail\">1 violations</span><ol class=\"trace\"><li>a</li><li>b</li></ol>"))
    }
}
