import Testing

@testable import Mustache

@Suite struct TemplateErrorTests {
    func error(_ source: String) -> MustacheError? {
        do {
            _ = try Template(source, name: "page.mustache")
            return nil
        } catch {
            return error
        }
    }

    @Test func anUnclosedTagPointsAtItsOpening() {
        let failure = error("line one\n  {{name\n")
        #expect(
            failure == MustacheError(message: "unclosed tag; expected '}}'", file: "page.mustache", line: 2, column: 3))
    }

    @Test func aMismatchedCloseNamesBothTags() {
        let failure = error("{{#a}}\n{{#b}}{{/a}}")
        #expect(failure?.message == "'{{/a}}' closes 'b' opened at line 2")
        #expect(failure?.line == 2)
        #expect(failure?.column == 7)
    }

    @Test func aSectionNeverClosedAndACloseWithoutOpen() {
        #expect(error("{{#a}}x")?.message == "'a' is never closed")
        #expect(error("x{{/a}}")?.message == "'{{/a}}' closes nothing")
    }

    @Test func emptyTagsAndBadDelimiters() {
        #expect(error("{{ }}")?.message == "empty tag")
        #expect(error("{{=<%=}}")?.message == "a delimiter tag looks like '{{=<% %>=}}'")
    }

    @Test func errorsInPartialsCarryThePartialsName() throws {
        let template = try Template("{{>card}}", name: "page")
        #expect(throws: MustacheError(message: "'x' is never closed", file: "card", line: 1, column: 1)) {
            try template.render([:]) { _ in "{{#x}}" }
        }
    }

    @Test func escapesEveryHTMLSpecialCharacter() throws {
        let output = try Template("{{v}}|{{{v}}}|{{&v}}").render(["v": "<a href=\"x\" title='y'>&</a>"])
        #expect(
            output
                == "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;|<a href=\"x\" title='y'>&</a>|<a href=\"x\" title='y'>&</a>"
        )
    }

    @Test func recursivePartialsStopInsteadOfHanging() throws {
        let output = try Template("{{>self}}").render([:]) { _ in "x{{>self}}" }
        #expect(output == String(repeating: "x", count: Renderer.maximumDepth))
    }
}

/// A site renders its layout and partials for every page: they are parsed once and reused.
@Suite struct PartialCacheTests {
    @Test func partialsAreParsedOnceAndRenderTheSame() throws {
        let sources = ["layout": "<main>{{$body}}none{{/body}}</main>", "item": "<li>{{.}}</li>"]
        let page = try Template("{{<layout}}{{$body}}{{#items}}{{>item}}{{/items}}{{/body}}{{/layout}}")
        let cache = PartialCache()
        var asked = 0
        let partials: (String) -> String? = { name in
            asked += 1
            return sources[name]
        }
        for items in [["a", "<b>"], ["c"]] {
            let data = MustacheValue.object(["items": .array(items.map { .string($0) })])
            let shared = try page.render(data, partials: partials, cache: cache)
            #expect(shared == (try page.render(data) { sources[$0] }))
        }
        #expect(asked == 2, "each partial's source is read and parsed once for both renders")
        #expect(cache.templates.count == 2)
    }
}
