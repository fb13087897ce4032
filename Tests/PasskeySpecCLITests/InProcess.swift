import Foundation
import Pipeline
import SpecModel
import SpecRunner
import Utilities

@testable import PasskeySpecCLI

/// What a command run in this process printed, and how it ended.
struct InProcessRun {
    var status: PasskeySpecCLI.ExitStatus
    var stdout: String
    var stderr: String
}

/// Runs the tool in this process, as `main` does, with a console that keeps what it prints:
/// for the command line's behaviour; `BinaryRunner` is for the process contract.
enum InProcess {
    /// The project's own content, by absolute path, so that no test depends on the folder
    /// the tests run in.
    static let content = BinaryRunner.packageRoot.appendingPathComponent("content").path

    /// Runs `arguments` in `directory` (default: the package root), with a HOME and a cache of
    /// the run's own and `environment` added, as `BinaryRunner.run` does for the binary.
    static func run(
        _ arguments: [String], in directory: URL = BinaryRunner.packageRoot, environment: [String: String] = [:],
        flows: FlowRegistry = FlowCatalogue.registered
    ) -> InProcessRun {
        let own = try? TestEnvironment(forBinary: false)
        let captured = CapturedConsole(
            environment: (own?.variables ?? [:]).merging(environment) { $1 }, workingDirectory: directory)
        let status = CommandLineTool.run(arguments, console: captured.console, flows: flows)
        withExtendedLifetime(own) {}
        return InProcessRun(status: status, stdout: captured.stdout, stderr: captured.stderr)
    }
}

/// A console whose output and errors are kept, not written.
final class CapturedConsole: Sendable {
    private let out = Locked("")
    private let err = Locked("")
    let environment: [String: String]
    let workingDirectory: URL

    init(environment: [String: String] = [:], workingDirectory: URL = BinaryRunner.packageRoot) {
        self.environment = environment
        self.workingDirectory = workingDirectory
    }

    var console: Console {
        Console(
            out: { [out] text in out.withLock { $0 += text } }, err: { [err] text in err.withLock { $0 += text } },
            environment: environment, errorIsTerminal: false, workingDirectory: workingDirectory)
    }

    var stdout: String { out.withLock { $0 } }
    var stderr: String { err.withLock { $0 } }
}

/// A JSON document's value, for comparing with what a text form says.
func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
}
