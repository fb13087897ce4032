import ReportModel
import SpecModel
import Utilities

/// A step failure: what the step expected and what the engine showed.
public struct StepFailure: Error, Sendable {
    public var expected: String
    public var observed: String

    public init(expected: String, observed: String) {
        self.expected = expected
        self.observed = observed
    }
}

extension StepPattern {
    /// The raw parameter values when `text` has the pattern's shape, else nil. Values are not
    /// checked against their type here, so a misspelt value is reported as such, not as an
    /// undefined step.
    func match(_ text: String) -> [String]? {
        CompiledPatterns([self]).matches(text).first?.values
    }
}

/// Step patterns split once into their pieces, compared byte by byte: binding runs for every
/// step of every check against every pattern, so it must not re-split or index `String`s.
/// The pieces of every pattern are plain values in two flat arrays: a piece holding an array
/// of its own cost a retain and a release at every comparison, which was most of the time
/// binding took.
struct CompiledPatterns: Sendable {
    private enum Piece: Sendable {
        /// Bytes of `literals`.
        case literal(Range<Int>)
        case number
        case quoted
    }

    private var pieces: [Piece] = []
    private var literals: [UInt8] = []
    /// Each pattern's pieces, as a range of `pieces`.
    private var patterns: [Range<Int>] = []

    init(_ patterns: [StepPattern]) {
        for pattern in patterns {
            let first = pieces.count
            for piece in pattern.pieces {
                switch piece {
                case .literal(let text):
                    let start = literals.count
                    literals.append(contentsOf: text.utf8)
                    pieces.append(.literal(start..<literals.count))
                case .parameter(let type):
                    pieces.append(type.isNumber ? .number : .quoted)
                }
            }
            self.patterns.append(first..<pieces.count)
        }
    }

    /// Every pattern that `text` has the shape of, in the patterns' order, with the raw
    /// parameter values.
    func matches(_ text: String) -> [(index: Int, values: [String])] {
        var text = text
        return text.withUTF8 { bytes in
            pieces.withUnsafeBufferPointer { pieces in
                literals.withUnsafeBufferPointer { literals in
                    var found: [(index: Int, values: [String])] = []
                    for (index, range) in patterns.enumerated() {
                        if let values = Self.match(
                            bytes, pieces: UnsafeBufferPointer(rebasing: pieces[range]), literals: literals)
                        {
                            found.append((index, values))
                        }
                    }
                    return found
                }
            }
        }
    }

    private static func match(
        _ bytes: UnsafeBufferPointer<UInt8>, pieces: UnsafeBufferPointer<Piece>, literals: UnsafeBufferPointer<UInt8>
    ) -> [String]? {
        var values: [String] = []
        var position = 0
        let quote = UInt8(ascii: "\""), zero = UInt8(ascii: "0"), nine = UInt8(ascii: "9")
        for piece in pieces {
            switch piece {
            case .literal(let range):
                guard bytes.count - position >= range.count else { return nil }
                for offset in 0..<range.count where bytes[position + offset] != literals[range.lowerBound + offset] {
                    return nil
                }
                position += range.count
            case .number:
                let start = position
                while position < bytes.count, (zero...nine).contains(bytes[position]) { position += 1 }
                guard position > start else { return nil }
                values.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self))
            case .quoted:
                guard position < bytes.count, bytes[position] == quote else { return nil }
                guard let close = bytes[(position + 1)...].firstIndex(of: quote) else { return nil }
                values.append(
                    String(decoding: UnsafeBufferPointer(rebasing: bytes[(position + 1)..<close]), as: UTF8.self))
                position = close + 1
            }
        }
        return position == bytes.count ? values : nil
    }
}

/// A step definition of a flow: its pattern, its parameters and what it does to the flow's
/// `Context` with their values.
public struct StepDefinition<Context>: Sendable {
    public var pattern: String
    public var summary: String
    public var kind: StepKind
    /// What an outcome step's words assert, by the names a conformance kit gives what it
    /// observes (`screen`, `notice`, `lookups`, …): a kit compares the rest too, and says it is
    /// not in the step's words.
    public var observes: [String] = []
    /// The parameters in the pattern's order, each with the type its value is read into.
    let parameters: [ErasedStepParameter]
    let run: @Sendable (inout Context, StepArguments) throws -> Void

    private init(
        _ pattern: String, _ summary: String, kind: StepKind, parameters: [ErasedStepParameter],
        run: @escaping @Sendable (inout Context, StepArguments) throws -> Void
    ) {
        self.pattern = pattern
        self.summary = summary
        self.kind = kind
        self.parameters = parameters
        self.run = run
        let named = StepPattern(pattern, summary: summary, kind: kind, types: parameters.map(\.type)).parameters
        precondition(
            named.map(\.name) == parameters.map(\.type.name),
            "step pattern '\(pattern)' names its parameters otherwise than its definition gives them")
    }

    /// A step without parameters.
    public init(
        _ pattern: String, _ summary: String, kind: StepKind = .outcome,
        run: @escaping @Sendable (inout Context) throws -> Void
    ) {
        self.init(pattern, summary, kind: kind, parameters: []) { context, _ in try run(&context) }
    }

    /// A step with one parameter, e.g. `the account is {status}`.
    public init<A>(
        _ pattern: String, _ summary: String, _ a: StepParameter<A>, kind: StepKind = .outcome,
        run: @escaping @Sendable (inout Context, A) throws -> Void
    ) {
        self.init(pattern, summary, kind: kind, parameters: [a.erased]) { context, arguments in
            try run(&context, arguments.value(0))
        }
    }

    /// A step with two parameters, e.g. `the {dependency} lookup fails once with {fault}`.
    public init<A, B>(
        _ pattern: String, _ summary: String, _ a: StepParameter<A>, _ b: StepParameter<B>,
        kind: StepKind = .outcome, run: @escaping @Sendable (inout Context, A, B) throws -> Void
    ) {
        self.init(pattern, summary, kind: kind, parameters: [a.erased, b.erased]) { context, arguments in
            try run(&context, arguments.value(0), arguments.value(1))
        }
    }

    /// The same definition as another kind of step.
    public func kind(_ kind: StepKind) -> StepDefinition {
        var copy = self
        copy.kind = kind
        return copy
    }

    /// The same definition, asserting `fields` of what a kit observes.
    public func observing(_ fields: [String]) -> StepDefinition {
        var copy = self
        copy.observes = fields
        return copy
    }

    /// The pattern as the report, the site and `steps` show it.
    var stepPattern: StepPattern {
        StepPattern(pattern, summary: summary, kind: kind, types: parameters.map(\.type))
    }
}

/// A step bound to its definition, with its parameter values checked.
public struct BoundStep: Sendable {
    public var step: Step
    public var pattern: StepPattern
    /// The definition's position in its flow.
    public var index: Int
    /// The values as written.
    public var values: [String]
    /// The values read into their parameters' types.
    public var arguments: StepArguments
}

/// The result of binding a step: its definition, or the diagnostic saying why there is none.
public enum StepBinding: Sendable {
    case bound(BoundStep)
    case unbound(Diagnostic)
}

/// A flow's step patterns, as Cucumber and Gauge keep them: every step of every check must
/// match exactly one.
public struct StepRegistry: Sendable {
    public let patterns: [StepPattern]
    /// Each pattern's parameters, which read its values.
    private let parameters: [[ErasedStepParameter]]
    private let compiled: CompiledPatterns
    /// Each pattern's display form with quoted values masked, as suggestions compare them.
    private let maskedDisplays: [String]
    /// How much of an undefined step a suggestion compares: the longest masked display, plus
    /// room for a few extra words.
    private let comparedLength: Int

    /// The registry of a flow's step definitions.
    public init<Context>(definitions: [StepDefinition<Context>]) {
        patterns = definitions.map(\.stepPattern)
        parameters = definitions.map(\.parameters)
        compiled = CompiledPatterns(patterns)
        maskedDisplays = patterns.map { Self.maskQuotes($0.display) }
        comparedLength = (maskedDisplays.map(\.count).max() ?? 0) + 32
    }

    /// Binds a step, or reports why it cannot be bound: undefined (with the closest known
    /// step), ambiguous, or a parameter value of the wrong kind.
    public func bind(_ step: Step) -> StepBinding {
        let matches = compiled.matches(step.text).map {
            (index: $0.index, pattern: patterns[$0.index], values: $0.values)
        }
        guard let (index, pattern, values) = matches.first else {
            let suggestion = closestPattern(to: step.text)?.display
            // The closest step, with the values the writer's step already has where it has as
            // many, replaces the step's words.
            let fix = suggestion.map { display -> FixIt in
                let replacement = Self.filling(display, withValuesOf: step.text)
                return .replace(step.textSpan, with: replacement)
            }
            return .unbound(
                Diagnostic(.undefinedStep(step.text, suggestion: suggestion), at: step.span).fixed(by: fix))
        }
        guard matches.count == 1 else {
            return .unbound(
                Diagnostic(.ambiguousStep(step.text, patterns: matches.map(\.1.display)), at: step.span))
        }
        var arguments: [any Sendable] = []
        for (parameter, value) in zip(parameters[index], values) {
            guard let argument = parameter.read(value) else {
                let type = parameter.type
                let span =
                    value.isEmpty ? step.span : type.isNumber ? step.span(ofBare: value) : step.span(ofQuoted: value)
                let meant = type.values.flatMap { closest(to: value, in: $0) }
                return .unbound(
                    Diagnostic(.invalidStepParameter(value, type: type, closest: meant), at: span)
                        .fixed(by: value.isEmpty || span == step.span ? nil : meant.map { .replace(span, with: $0) }))
            }
            arguments.append(argument)
        }
        return .bound(
            BoundStep(
                step: step, pattern: pattern, index: index, values: values,
                arguments: StepArguments(values: arguments)))
    }

    /// Binds every step of every check; returns the diagnostics of the ones that do not bind.
    public func diagnostics(for checks: [Check]) -> [Diagnostic] {
        checks.flatMap(\.steps).compactMap {
            if case .unbound(let diagnostic) = bind($0) { return diagnostic }
            return nil
        }
    }

    /// The pattern nearest the text, with quoted values masked: the one that shares the most
    /// of its words, then the one whose display form is nearest by edit distance (the first of
    /// equally near ones).
    ///
    /// Words come first because a step is read by its words: by edit distance alone, "the OS
    /// prompt times out" was nearer "the user signs out" (a short pattern with the same end)
    /// than any step about the OS prompt.
    ///
    /// Only the start of the text is compared, as long as the longest pattern plus a few words:
    /// the edit distance costs the product of both lengths for every pattern, so a step line a
    /// megabyte long took minutes, and what lies beyond that length only adds to every
    /// pattern's distance alike.
    func closestPattern(to text: String) -> StepPattern? {
        let masked = String(Self.maskQuotes(text).prefix(comparedLength))
        let words = Self.words(of: masked)
        let ranks = maskedDisplays.map { display in
            (shared: Self.sharedWords(words, Self.words(of: display)), distance: editDistance(masked, display))
        }
        return ranks.indices.min {
            (-ranks[$0].shared, ranks[$0].distance) < (-ranks[$1].shared, ranks[$1].distance)
        }.map { patterns[$0] }
    }

    /// The distinct words of a masked text, a masked value (`"…"`) among them.
    private static func words(of masked: String) -> Set<Substring> {
        Set(masked.split(separator: " "))
    }

    /// How many of `written` a pattern's `words` has: the same word, or one a single typo away
    /// (`cancel` for `cancels`) when both are long enough for a typo to be told from another
    /// word.
    private static func sharedWords(_ written: Set<Substring>, _ words: Set<Substring>) -> Int {
        written.filter { word in
            words.contains(word)
                || (word.count >= 4
                    && words.contains { $0.count >= 4 && editDistance(String(word), String($0)) == 1 })
        }.count
    }

    /// A step display such as `the user sees the "<scenario>" copy` with the values the
    /// writer's step already has, in order, where it has as many.
    static func filling(_ display: String, withValuesOf text: String) -> String {
        let written = text.split(separator: "\"", omittingEmptySubsequences: false).enumerated()
            .filter { $0.offset % 2 == 1 }.map(\.element)
        let pieces = display.split(separator: "\"", omittingEmptySubsequences: false)
        let slots = pieces.enumerated().filter { $0.offset % 2 == 1 }.count
        guard slots == written.count, slots > 0 else { return display }
        var values = written.makeIterator()
        return pieces.enumerated().map { $0.offset % 2 == 1 ? String(values.next()!) : String($0.element) }.joined(
            separator: "\"")
    }

    private static func maskQuotes(_ text: String) -> String {
        var result = ""
        var inQuotes = false
        for character in text {
            if character == "\"" {
                inQuotes.toggle()
                if inQuotes { result += "\"…\"" }
            } else if !inQuotes {
                result.append(character)
            }
        }
        return result.lowercased()
    }
}
