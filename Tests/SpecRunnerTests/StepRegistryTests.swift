import PasskeyLoginEngine
import ReportModel
import SpecModel
import Testing

@testable import PasskeyLoginFlow
@testable import SpecRunner

@Suite struct StepRegistryTests {
    let registry = PasskeyLoginFlow.flow.steps
    let here = SourceLocation(file: "spec.md", line: 7, column: 3)

    func step(_ text: String) -> Step { Step(keyword: .given, text: text, location: here) }

    @Test func bindsAPatternWithTypedParameters() throws {
        guard case .bound(let bound) = registry.bind(step("the \"credential-list\" lookup fails once with \"timeout\""))
        else {
            Issue.record("did not bind")
            return
        }
        #expect(bound.pattern.pattern == "the {dependency} lookup fails once with {fault}")
        #expect(bound.values == ["credential-list", "timeout"])
        // Read into the engine's own types when the step is bound, not when it runs.
        #expect(try bound.arguments.value(0) == LookupDependency.credentialList)
        #expect(try bound.arguments.value(1) == LookupFault.timeout)
        #expect(bound.pattern.display == "the \"<dependency>\" lookup fails once with \"<fault>\"")
    }

    @Test func numbersAreWrittenBare() throws {
        guard case .bound(let bound) = registry.bind(step("the cancellation count is 12")) else {
            Issue.record("did not bind")
            return
        }
        #expect(bound.values == ["12"])
        #expect(try bound.arguments.value(0) == 12)
        guard case .unbound = registry.bind(step("the cancellation count is \"1\"")) else {
            Issue.record("a quoted number should not bind")
            return
        }
    }

    @Test func anUndefinedStepSuggestsTheClosest() {
        guard case .unbound(let diagnostic) = registry.bind(step("the user cancel the OS prompt")) else {
            Issue.record("bound")
            return
        }
        #expect(diagnostic.id == "undefined-step")
        #expect(diagnostic.location == here)
        #expect(diagnostic.message.text.hasSuffix("the closest known step is 'the user cancels the OS prompt'"))
    }

    /// The suggestion is a step that shares the most words with the one written: by edit
    /// distance alone, "the OS prompt times out" got "the user signs out". One diagnostic, at
    /// the step, with the fix that writes the suggestion.
    @Test func anUndefinedStepSuggestsTheStepThatSharesItsWords() throws {
        let written = step("the OS prompt times out")
        guard case .unbound(let diagnostic) = registry.bind(written) else {
            Issue.record("bound")
            return
        }
        #expect(registry.diagnostics(for: [Check(id: "c", name: "c", steps: [written], location: here)]).count == 1)
        #expect(diagnostic.id == "undefined-step")
        #expect(diagnostic.location == here)
        let suggested = try #require(registry.closestPattern(to: written.text)?.display)
        #expect(suggested.hasPrefix("the OS prompt "), "\(suggested)")
        #expect(diagnostic.message.text.hasSuffix("the closest known step is '\(suggested)'"))
        #expect(diagnostic.fixIts.first?.edits.first?.replacement == suggested)
    }

    /// Suggestions the tests and the content's own mistakes rely on still hold.
    @Test(arguments: [
        ("the user cancel the OS prompt", "the user cancels the OS prompt"),
        ("the acount is \"locked\"", "the account is \"<status>\""),
        ("the user sign out", "the user signs out"),
        ("the OS prompt is interupted", "the OS prompt is interrupted"),
    ])
    func earlierSuggestionsStillHold(written: String, expected: String) {
        #expect(registry.closestPattern(to: written)?.display == expected)
    }

    @Test func suggestionsIgnoreTheQuotedValues() {
        guard case .unbound(let diagnostic) = registry.bind(step("the acount is \"locked\"")) else {
            Issue.record("bound")
            return
        }
        #expect(diagnostic.message.text.contains("'the account is \"<status>\"'"))
    }

    @Test func aWrongParameterValueNamesTheAllowedOnes() {
        guard case .unbound(let diagnostic) = registry.bind(step("the account is \"frozen\"")) else {
            Issue.record("bound")
            return
        }
        #expect(diagnostic.id == "invalid-step-parameter")
        #expect(diagnostic.message.text.hasPrefix("'frozen' is not a valid status; expected one of 'active', 'closed'"))
        #expect(!diagnostic.message.text.contains("did you mean"))
    }

    /// A misspelt value is located at the value's own column, with the value meant.
    @Test func aMisspeltParameterValueIsAtItsColumnWithTheValueMeant() throws {
        let misspelt = Step(
            keyword: .when, text: "the user chooses \"fallbak\"",
            location: SourceLocation(file: "spec.md", line: 9, column: 8))
        guard case .unbound(let diagnostic) = registry.bind(misspelt) else {
            Issue.record("bound")
            return
        }
        #expect(diagnostic.id == "invalid-step-parameter")
        #expect(diagnostic.location == misspelt.location(ofQuoted: "fallbak"))
        #expect(diagnostic.location.column > misspelt.location.column)
        #expect(diagnostic.message.text.hasSuffix("; did you mean 'fallback'?"))
    }

    /// A number too large for the flow's type is a wrong value, not a crash at run time.
    @Test func aNumberOutOfRangeIsAWrongValue() {
        guard case .unbound(let diagnostic) = registry.bind(step("the cancellation count is 99999999999999999999"))
        else {
            Issue.record("bound")
            return
        }
        #expect(diagnostic.id == "invalid-step-parameter")
        #expect(diagnostic.message.text.hasSuffix("expected a whole number"))
        #expect(diagnostic.location.column == here.column + "Given the cancellation count is ".utf8.count)
    }

    @Test func anAmbiguousStepIsAnError() {
        let overlapping = StepRegistry(definitions: [
            StepDefinition<Int>("the user taps {passkey}", "one", Parameter.passkey, kind: .action) { _, _ in },
            StepDefinition<Int>("the user taps {action}", "two", Parameter.action, kind: .action) { _, _ in },
        ])
        guard case .unbound(let diagnostic) = overlapping.bind(step("the user taps \"retry\"")) else {
            Issue.record("bound")
            return
        }
        #expect(diagnostic.id == "ambiguous-step")
        #expect(diagnostic.message.text.contains("'the user taps \"<passkey>\"', 'the user taps \"<action>\"'"))
    }

    @Test func theLibraryHasNoAmbiguousPatternsAndEveryParameterIsKnown() {
        for definition in registry.patterns {
            let example = definition.pieces.map { piece -> String in
                switch piece {
                case .literal(let text): text
                case .parameter(let type): type.isNumber ? "1" : "\"\(type.values?.first ?? "name")\""
                }
            }.joined()
            guard case .bound(let bound) = registry.bind(step(example)) else {
                Issue.record("'\(example)' does not bind to exactly one definition")
                continue
            }
            #expect(bound.pattern.pattern == definition.pattern)
        }
        #expect(Set(registry.patterns.map(\.pattern)).count == registry.patterns.count)
    }

    @Test func theLibraryCoversEveryKind() {
        let kinds = Set(registry.patterns.map(\.kind))
        #expect(kinds == [.setup, .action, .outcome])
    }
}
