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
        #expect(bound.pattern.display == "the \"<dependency>\" lookup fails once with \"<fault>\"")
    }

    @Test func numbersAreWrittenBare() throws {
        guard case .bound(let bound) = registry.bind(step("the cancellation count is 12")) else {
            Issue.record("did not bind")
            return
        }
        #expect(bound.values == ["12"])
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
    }

    @Test func anAmbiguousStepIsAnError() {
        let types = PasskeyLoginFlow.parameterTypes
        let overlapping = StepRegistry(patterns: [
            StepPattern("the user taps {passkey}", summary: "one", kind: .action, types: types),
            StepPattern("the user taps {action}", summary: "two", kind: .action, types: types),
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
            #expect(definition.parameters.allSatisfy { PasskeyLoginFlow.parameterTypes.contains($0) })
        }
        #expect(Set(registry.patterns.map(\.pattern)).count == registry.patterns.count)
    }

    @Test func theLibraryCoversEveryKind() {
        let kinds = Set(registry.patterns.map(\.kind))
        #expect(kinds == [.setup, .action, .outcome])
    }
}
