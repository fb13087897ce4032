import Foundation

// A lockstep exploration as data a conformance kit replays against an app: every sequence of
// inputs up to a depth that the reference engine takes, breadth first, under each
// configuration and world of its explorer, with what the app must show after the last input.
// Which sequences there are and what follows each depend on the engine alone, never on the
// app, so `passkey-spec lockstep` writes them once and every kit, whatever its language,
// replays the same lines. One JSON value per line:
//
//     {"lockstep":{"format":1,"spec":…,"platform":"ios","depth":8}}   first, once
//     {"input":{…}}        defines the next input number (0, 1, …), before its first use
//     {"expect":{…}}       defines the next observation number, before its first use
//     {"run":{…}}          a configuration and a world: each of its sequences is replayed on
//                          a new app. Runs are numbered from 0 and all come before the
//                          first sequence.
//     [run,parent,input,expect]  a sequence of run `run`: the sequence `parent` (0: none)
//                          then input `input`; the app must show observation `expect` after
//                          it. Sequences are numbered from 1, in order.
//     {"end":{…}}          last, once: what was written, so that a kit tells a cut file
//
// A sequence whose engine state was reached before in its run is still written (the app may
// not be there) but never extended, so each is a parent only when its state is new. The
// sequences come breadth first over all runs, every one-input sequence before any of two,
// so the first one an app fails is a shortest of the whole exploration.

/// The first line of a lockstep exploration: what it explores.
public struct KitLockstepHeader: Codable, Sendable, Equatable {
    /// The format's version; a kit refuses a stream of another.
    public static let format = 1

    public var format: Int
    /// The spec whose copy the observations show, as its script names it.
    public var spec: KitSpec
    /// `ios`, `android` or `web`: whose native results end the prompts.
    public var platform: String
    /// How many inputs the longest sequence has.
    public var depth: Int

    public init(spec: KitSpec, platform: String, depth: Int) {
        self.format = Self.format
        self.spec = spec
        self.platform = platform
        self.depth = depth
    }
}

/// A configuration and a world: each of its sequences is replayed on a new app made with the
/// configuration, against fakes that play the world.
public struct KitLockstepRun: Codable, Sendable, Equatable {
    public var configuration: KitConfiguration
    public var world: KitWorld
    /// Both in words, for a report.
    public var description: String

    public init(configuration: KitConfiguration, world: KitWorld, description: String) {
        self.configuration = configuration
        self.world = world
        self.description = description
    }
}

/// The last line: how much was written, so that a kit that reads fewer knows the stream was
/// cut short.
public struct KitLockstepEnd: Codable, Sendable, Equatable {
    public var runs: Int
    /// Sequences over all runs.
    public var sequences: Int
    /// Distinct engine states reached, summed over runs.
    public var states: Int

    public init(runs: Int, sequences: Int, states: Int) {
        self.runs = runs
        self.sequences = sequences
        self.states = states
    }
}

/// One line of a lockstep exploration.
public enum KitLockstepLine: Sendable, Equatable {
    case header(KitLockstepHeader)
    case input(KitInput)
    case expect(KitObservation)
    case run(KitLockstepRun)
    /// In run number `run`, the sequence `parent` (0: the empty one) followed by input number
    /// `input`, after which the app shows observation number `expect`.
    case sequence(run: Int, parent: Int, input: Int, expect: Int)
    case end(KitLockstepEnd)

    /// The line as written, without its newline: sorted keys, so the same exploration is
    /// the same bytes.
    public func encoded() throws -> String {
        func object<Value: Encodable>(_ key: String, _ value: Value) throws -> String {
            "{\"\(key)\":" + String(decoding: try Self.encoder.encode(value), as: UTF8.self) + "}"
        }
        switch self {
        case .header(let header): return try object("lockstep", header)
        case .input(let input): return try object("input", input)
        case .expect(let observation): return try object("expect", observation)
        case .run(let run): return try object("run", run)
        case .sequence(let run, let parent, let input, let expect): return "[\(run),\(parent),\(input),\(expect)]"
        case .end(let end): return try object("end", end)
        }
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()
}

/// How far a lockstep exploration goes.
public struct KitLockstepOptions: Sendable, Equatable {
    /// How many inputs the longest sequence has; nil: as many as the longest check of the
    /// platform's script gives.
    public var depth: Int?
    /// Whether worlds where a lookup or request-options fault meets a verification that does
    /// not conclude or a challenge that expires are explored too. The app meets each trouble
    /// at its own step, and the worlds with one alone reach every such step; crossing them
    /// more than doubles the sequences and adds no step the app takes.
    public var crossedFaults: Bool

    public init(depth: Int? = nil, crossedFaults: Bool = false) {
        self.depth = depth
        self.crossedFaults = crossedFaults
    }
}
