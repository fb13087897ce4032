import Foundation

// Beyond the written checks: every sequence of inputs the reference engine takes up to a
// depth, under each configuration and world of its explorer, replayed on a new app and
// compared with what the engine shows after it. `passkey-spec lockstep` writes the sequences
// (they depend on the engine alone), one JSON value per line; the format is in
// docs/conformance-kits.md of passkey-spec, and the Kotlin and TypeScript kits read the same.

/// Replays a lockstep exploration against an app, and reports the first sequence, and so a
/// shortest, after which the app shows something other than the reference engine.
public struct Lockstep {
    /// The only version of the format this kit reads.
    public static let supportedFormat = 1

    private let source: FileHandle

    /// Reads the exploration `passkey-spec lockstep --out FILE` wrote.
    public init(contentsOf file: URL) throws {
        source = try FileHandle(forReadingFrom: file)
    }

    /// Reads the exploration from an open stream, such as the standard output of
    /// `passkey-spec lockstep`.
    public init(reading source: FileHandle) {
        self.source = source
    }

    /// The shortest sequence after which the app shows something other than the engine.
    public struct Divergence: Error, CustomStringConvertible, Sendable {
        /// The configuration and the world, in words.
        public var run: String
        public var inputs: [String]
        public var differences: [String]

        public var description: String {
            (["the app differs from the reference engine (\(run)) after:"]
                + inputs.enumerated().map { "  \($0.offset + 1). \($0.element)" }
                + differences.map { "  " + $0 }).joined(separator: "\n")
        }
    }

    /// What a run replayed, and the first divergence found, if any.
    public struct Report: Sendable {
        /// Configuration-and-world runs replayed; the others need what the app does not declare.
        public var runs = 0
        public var runsSkipped = 0
        /// Sequences replayed, each on a new app.
        public var sequences = 0
        /// Inputs given, over all sequences.
        public var inputs = 0
        public var divergence: Divergence?
    }

    /// A stream that is not a whole lockstep exploration this kit reads.
    public struct StreamError: Error, CustomStringConvertible, Sendable {
        /// The line, from 1.
        public var line: Int
        public var reason: String

        public var description: String { "lockstep exploration, line \(line): \(reason)" }
    }

    /// Replays every sequence of the runs the app's capabilities admit, in order, until one
    /// differs. Throws `StreamError` for a stream cut short or of another format.
    public func run<Harness: LoginHarness>(
        _ harness: Harness.Type, isolation: isolated (any Actor)? = #isolation
    ) async throws -> Report {
        var reader = LineReader(source)
        var report = Report()
        var inputs: [KitScript.Input] = []
        var observations: [KitScript.Observation] = []
        // Each run, nil where the app does not take it; each sequence's run, parent and input.
        var runs: [Run?] = []
        var sequences: [(run: Int32, parent: Int32, input: Int32)] = []
        var started = false
        let decoder = JSONDecoder()
        func decode<Value: Decodable>(_ type: Value.Type, _ line: Data, at number: Int) throws -> Value {
            do {
                return try decoder.decode(type, from: line)
            } catch {
                throw StreamError(line: number, reason: "not a line of the lockstep format (\(error))")
            }
        }
        while let (number, line) = reader.next() {
            if line.first == UInt8(ascii: "[") {
                guard started, let sequence = Self.sequence(line), sequence.run < runs.count,
                    sequence.parent <= sequences.count, sequence.input < inputs.count,
                    sequence.expect < observations.count
                else {
                    throw StreamError(line: number, reason: "a sequence that names what the stream has not defined")
                }
                sequences.append((Int32(sequence.run), Int32(sequence.parent), Int32(sequence.input)))
                guard let run = runs[sequence.run] else { continue }
                var path: [KitScript.Input] = []
                var node = sequences.count
                while node > 0 {
                    path.append(inputs[Int(sequences[node - 1].input)])
                    node = Int(sequences[node - 1].parent)
                }
                path.reverse()
                report.sequences += 1
                report.inputs += path.count
                if let differences = await Self.replay(
                    path, expecting: observations[sequence.expect], in: run, harness: harness)
                {
                    report.divergence = Divergence(
                        run: run.description, inputs: path.map(\.description), differences: differences)
                    return report
                }
                continue
            }
            let entry = try decode(Entry.self, line, at: number)
            if let header = entry.lockstep {
                guard header.format == Self.supportedFormat else {
                    throw StreamError(
                        line: number,
                        reason:
                            "format \(header.format); this kit reads format \(Self.supportedFormat): export the kit again"
                    )
                }
                guard header.platform == "ios" else {
                    throw StreamError(
                        line: number,
                        reason:
                            "an exploration of \(header.platform); the Swift kit replays iOS's: write it with --platform ios"
                    )
                }
                started = true
            } else if !started {
                throw StreamError(line: number, reason: "it does not start with the lockstep header")
            } else if let input = entry.input {
                inputs.append(input)
            } else if let observation = entry.expect {
                observations.append(observation)
            } else if let run = entry.run {
                let taken = Harness.capabilities.reasonToSkip(run.requirements) == nil
                runs.append(taken ? run : nil)
                if taken { report.runs += 1 } else { report.runsSkipped += 1 }
            } else if entry.end != nil {
                return report
            }
        }
        throw StreamError(
            line: reader.lines + 1, reason: "it ends before its last line: the exploration was cut short")
    }

    /// Replays `inputs` on a new app, on the caller's actor, as a check is replayed; the
    /// differences from `expected` after the last one, or the problem of the input the app
    /// could not take.
    private static func replay<Harness: LoginHarness>(
        _ inputs: [KitScript.Input], expecting expected: KitScript.Observation, in run: Run, harness: Harness.Type,
        isolation: isolated (any Actor)? = #isolation
    ) async -> [String]? {
        let environment = KitEnvironment(configuration: run.configuration, world: run.world)
        return await KitEnvironment.$current.withValue(
            environment,
            operation: {
                var app: Harness?
                for input in inputs {
                    let problems = await Conformance.take(input, to: &app, in: environment, isolation: isolation)
                    if !problems.isEmpty { return problems.map { "after '\(input)': \($0)" } }
                }
                let differences = Conformance.compare(expected, Conformance.observe(app), environment: environment)
                return differences.isEmpty ? nil : differences
            }, isolation: isolation)
    }

    /// `[run,parent,input,expect]`, read without a JSON decoder: nearly every line is one.
    private static func sequence(_ line: Data) -> (run: Int, parent: Int, input: Int, expect: Int)? {
        var numbers: [Int] = []
        var value = 0
        var digits = 0
        for byte in line.dropFirst() {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            case UInt8(ascii: ","), UInt8(ascii: "]"):
                guard digits > 0 else { return nil }
                numbers.append(value)
                (value, digits) = (0, 0)
            default: return nil
            }
        }
        return numbers.count == 4 ? (numbers[0], numbers[1], numbers[2], numbers[3]) : nil
    }

    private struct Header: Decodable {
        var format: Int
        var platform: String
        var depth: Int
    }

    private struct Run: Decodable {
        var configuration: Configuration
        var world: World
        var description: String

        /// What the app must support to take the run: its configuration, and the route of its
        /// account's status.
        var requirements: KitScript.Requirements {
            KitScript.Requirements(
                entry: [configuration.entry], automaticStart: [configuration.automaticStart],
                enumerationPolicy: [configuration.enumerationPolicy], fallback: [configuration.fallback],
                accountRoutes: world.account.flatMap { status in
                    configuration.accountRoutes[status].map { [status: $0] }
                } ?? [:])
        }
    }

    private struct End: Decodable {
        var runs: Int
        var sequences: Int
        var states: Int
    }

    /// A line other than a sequence: one key says what it is.
    private struct Entry: Decodable {
        var lockstep: Header?
        var input: KitScript.Input?
        var expect: KitScript.Observation?
        var run: Run?
        var end: End?
    }
}

/// Lines of a stream, read in large pieces.
private struct LineReader {
    let source: FileHandle
    var buffer = Data()
    var start = 0
    var finished = false
    /// Lines read so far.
    private(set) var lines = 0

    init(_ source: FileHandle) {
        self.source = source
    }

    mutating func next() -> (number: Int, line: Data)? {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[start..<newline]
                start = newline + 1
                lines += 1
                return (lines, Data(line))
            }
            guard !finished else { return nil }
            let piece = source.readData(ofLength: 1 << 20)
            buffer = Data(buffer[start...]) + piece
            start = buffer.startIndex
            if piece.isEmpty { finished = true }
        }
    }
}
