import Foundation
import Pipeline
import ReportModel
import SpecModel

/// `passkey-spec lockstep --platform PLATFORM [--spec ID] [--depth N] [--crossed-faults]
/// [--out FILE] [PATHS...]`: the reference engine's every input sequence up to a depth, with
/// what the app must show after each, for a conformance kit to replay against an app.
enum LockstepCommand {
    struct Arguments: CommandArguments {
        var platform: Platform?
        var spec: String?
        var depth: Int?
        var crossedFaults = false
        var out: String?
        var paths = ["content"]

        static let declaration = ArgumentDeclaration<Self>(
            .option(
                \.platform, "--platform", value: "PLATFORM",
                help: "The platform whose native results end the prompts, by its ID or name in any case."
            ).required(),
            .option(
                \.spec, "--spec", value: "ID",
                help: "The spec whose copy the app shows; without it, the only spec of PATHS on the platform."),
            .option(
                \.depth, "--depth", value: "N",
                help: "Inputs in the longest sequence; without it, as many as the spec's longest check gives.",
                range: 1...16),
            .flag(
                \.crossedFaults, "--crossed-faults",
                help:
                    "Also explore worlds where a server call fails and verification does not conclude or its challenge expires."
            ),
            .option(
                \.out, "--out", value: "FILE",
                help: "Write to FILE (replaced whole, once complete) instead of standard output."),
            .paths(\.paths))
    }

    static let command = Command(
        name: "lockstep", abstract: "Write every input sequence of the reference engine for a kit to replay",
        discussion: [
            """
            Lints the spec pages under PATHS as 'lint' does, then explores the reference engine
            breadth first under each configuration and world of its explorer, and writes every
            sequence of inputs up to the depth with what the app must show after its last
            input, one JSON value per line (docs/conformance-kits.md, "Lockstep"). The three
            kits' 'Lockstep' replays each sequence on a new app and reports the first, and so a
            shortest, after which the app shows something else: the mistakes no written check
            looks for. The sequences depend on the engine alone, so one file serves every app
            on the platform.
            """,
            """
            A reader may stop reading at any time. With '--out', FILE is written only when the
            exploration is complete, so a file there is never cut short.
            """,
            "Exit status: 0 written, 1 the content has errors, 2 usage error.",
        ],
        run: run)

    static func run(_ arguments: ParsedArguments<Arguments>, console: Console) throws -> ExitStatus {
        guard let platform = arguments.platform else {
            console.printUsageError(.optionRequired("--platform", value: "PLATFORM", command: "lockstep"))
            return .usage
        }
        let pipeline = console.pipeline(roots: arguments.paths, flows: arguments.makeFlows)
        let (result, source) = pipeline.lockstepSource(specID: arguments.spec, platform: platform)
        try console.show(result)
        let spec: Spec
        switch source {
        case .spec(let found): spec = found
        case .contentErrors: return result.failure == nil ? .failure : ExitStatus(result)
        case .noSuchSpec(let covering):
            let expected =
                covering.isEmpty
                ? "the ID of a spec with checks on \(platform.rawValue), and PATHS have none"
                : "one of " + covering.map { "'\($0)'" }.joined(separator: ", ")
            throw UsageError(
                .invalidOptionValue("--spec", value: arguments.spec ?? "", expected: expected),
                argument: arguments.spec ?? "")
        }
        let options = KitLockstepOptions(depth: arguments.depth, crossedFaults: arguments.crossedFaults)
        guard let path = arguments.out else {
            pipeline.lockstep(spec, on: platform, options: options, write: console.out)
            return .success
        }
        var whole = Data()
        pipeline.lockstep(spec, on: platform, options: options) { whole.append(contentsOf: $0.utf8) }
        return console.write(whole, to: path, with: pipeline) ? .success : .failure
    }
}
