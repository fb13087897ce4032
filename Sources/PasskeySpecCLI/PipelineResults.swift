import Foundation
import Pipeline
import SpecModel

// How every command runs the pipeline and shows what it returned: the same configuration from
// the same console, the same printing of diagnostics and failures, the same exit status.

extension Console {
    /// The pipeline for content at `roots` (as the user named them), read from this console's
    /// folder, with the tool's cache and this console's environment.
    func pipeline(
        roots: [String], strict: Bool = false, templates: String? = nil, changesSince: String? = nil,
        flows: @escaping @Sendable () -> FlowRegistry
    ) -> Pipeline {
        Pipeline(
            PipelineConfiguration(
                workingDirectory: workingDirectory, roots: roots, strict: strict, templates: templates, flows: flows,
                cache: ToolCache(environment: environment), changesSince: changesSince, environment: environment))
    }

    /// Prints a result's diagnostics as a SARIF 2.1.0 log, as `lint` and `check` do with
    /// `--format sarif`.
    func showSarif(_ result: PipelineResult, of pipeline: Pipeline) throws {
        out(String(decoding: try pipeline.sarif(result, catalogue: MessageCatalogue.all), as: UTF8.self))
    }

    /// The pipeline of a command that reads no content, only the flows.
    func pipeline(flows: @escaping @Sendable () -> FlowRegistry) -> Pipeline {
        pipeline(roots: [], flows: flows)
    }

    /// Prints a result's diagnostics and what stopped it, the one way every command does. A
    /// usage failure (a path that does not exist) is thrown, so that the command line is shown
    /// with the argument marked; a signal stopping the process waits for it to end.
    func show(_ result: PipelineResult) throws {
        print(result.diagnostics)
        guard let failure = result.failure else { return }
        switch failure.kind {
        case .usage: throw UsageError(failure.message, argument: failure.argument)
        case .failed: printUsageError(failure.message)
        case .stopped: StopSignals.waitToBeStopped()
        }
    }

    /// Shows `result` and writes what it made, `data`, to `path`, or to standard output
    /// without one: what a command that writes one file (`export`, `l10n export`) ends with.
    /// Content with errors gives nothing to write: the file at `path`, if there is one, is
    /// left as it was (it may be the app's own), and the exit status says so.
    func emit(_ data: Data?, of result: PipelineResult, to path: String?, with pipeline: Pipeline) throws -> ExitStatus
    {
        try show(result)
        guard let data else { return result.failure == nil ? .failure : ExitStatus(result) }
        guard let path else {
            out(String(decoding: data, as: UTF8.self))
            return ExitStatus(result)
        }
        return write(data, to: path, with: pipeline) ? ExitStatus(result) : .failure
    }

    /// Writes `data` to `path` with the pipeline's one way of writing a file; false (with the
    /// failure printed) when it cannot.
    func write(_ data: Data, to path: String, with pipeline: Pipeline) -> Bool {
        guard let failure = pipeline.write(data, to: path) else { return true }
        printUsageError(failure.message)
        return false
    }
}

extension ExitStatus {
    /// 0 when everything passed, 2 when the command was called wrongly, else 1.
    init(_ result: PipelineResult) {
        if result.failure?.kind == .usage {
            self = .usage
        } else {
            self = result.passed ? .success : .failure
        }
    }
}
