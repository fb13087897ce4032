import Testing

@testable import Mustache

/// Inputs the fuzz target `mustache` found (kept in `Fuzz/corpus/mustache`), with the
/// behaviour they must have.
@Suite struct MustacheFuzzRegressionTests {
    /// `Fuzz/corpus/mustache/timeout-self-partial-twice`: a partial that includes itself twice
    /// doubled the work at each of the 64 levels the depth limit allows, and never finished.
    @Test func aPartialIncludingItselfTwiceStopsWithAnError() throws {
        let source = "Begin.\n  {{!\n    SomethiI ({{{cannot}}}) {{>self}}oing on her{{>self}}e..seen!"
        let template = try Template(source, name: "fuzz")
        let partials = ["self": source, "{}": ""]
        #expect {
            try template.render(.string("{}.\n  }}\nEnd.\n")) { partials[$0] }
        } throws: { error in
            guard let error = error as? MustacheError else { return false }
            return error.file == "self" && error.line == 1 && error.column == 1
                && error.message.hasPrefix("rendering stopped after \(Renderer.maximumSteps) steps")
        }
    }

    /// Sections over lists multiply their work without any partial; the output limit stops them.
    @Test func outputBeyondTheLimitStopsWithAnError() throws {
        let template = try Template("{{#rows}}{{#rows}}{{cell}}{{/rows}}{{/rows}}", name: "table")
        let cell = String(repeating: "x", count: 64 * 1024)
        let rows = MustacheValue.array(Array(repeating: .number(1), count: 17))
        #expect {
            try template.render(.object(["rows": rows, "cell": .string(cell)]))
        } throws: { error in
            guard let error = error as? MustacheError else { return false }
            return error.file == "table"
                && error.message.hasPrefix("rendering stopped after \(Renderer.maximumOutputBytes) bytes")
        }
    }
}
