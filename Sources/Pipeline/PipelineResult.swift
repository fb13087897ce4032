import Foundation
import ReportModel
import SpecModel

/// What one run of the pipeline found and made: every command is a view of it.
public struct PipelineResult: Sendable {
    /// The stages, in the order they run.
    public enum Stage: Int, Sendable, Comparable {
        /// Nothing ran: the configuration itself was wrong (a path that does not exist).
        case none
        /// The pages were read and parsed.
        case load
        /// Every rule that needs no run was checked.
        case lint
        /// The checks ran on every platform and the flows were explored.
        case check
        /// The site's files were rendered.
        case render
        /// The files went to their sink (a folder, memory or a file).
        case write

        public static func < (lhs: Stage, rhs: Stage) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Every finding about the input, located, in file, line and column order: the parser's,
    /// the lint's, the run's and the templates'.
    public var diagnostics: [Diagnostic] = []
    /// What stopped the pipeline other than findings in the content, if anything.
    public var failure: PipelineFailure?
    /// The model of the content; empty when nothing loaded.
    public var content = ContentSet()
    /// The verdict of every check, criterion and scenario; nil when the checks did not run.
    public var report: RunReport?
    /// What changed since the Changes baseline; nil when the site was not rendered.
    public var changes: SpecChanges?
    /// What the sink received; nil when nothing was written.
    public var output: OutputSummary?
    /// The last stage that ran to its end.
    public var stage: Stage = .none
    /// Whether every check, criterion and scenario passed, when known without `report`: a
    /// build that rendered only prose pages keeps the previous run's verdict.
    public var checksPassed: Bool?

    public init() {}

    /// Whether any diagnostic is an error or a failure stopped the pipeline.
    public var hasErrors: Bool {
        failure != nil || diagnostics.contains { $0.severity == .error }
    }

    /// Whether everything passed: no error, and a run whose every check, criterion and
    /// scenario passed (a result without a run passes when it has no error).
    public var passed: Bool {
        !hasErrors && (checksPassed ?? report?.passed ?? true)
    }

    /// The diagnostics that are errors.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
}

/// A problem that stops the pipeline and is not a finding in the content: a path that does
/// not exist, an output that cannot be written, a run report that cannot be read. Its message
/// is in the pipeline's catalogue; commands print it as it is.
public struct PipelineFailure: Error, Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The command was called wrongly (a path that does not exist): exit status 2.
        case usage
        /// The work could not be done: exit status 1.
        case failed
        /// A signal is stopping the process; `StopSignals` reports it.
        case stopped
    }

    public var kind: Kind
    public var message: Message
    /// What the user typed that is at fault (a path), so that the command line can be shown
    /// with it marked.
    public var argument: String?

    public init(_ kind: Kind, _ message: Message, argument: String? = nil) {
        self.kind = kind
        self.message = message
        self.argument = argument
    }
}

/// What a sink received from a build.
public struct OutputSummary: Sendable, Equatable {
    /// The output as the user named it (a folder, a file, or `memory`).
    public var name: String
    /// Every file written this time, by path relative to the output.
    public var written: [String]
    /// Files of the previous build kept as they were.
    public var kept: Int
    /// The pages (`.html`) rendered this time.
    public var renderedPages: [String]

    public init(name: String, written: [String], kept: Int, renderedPages: [String]) {
        self.name = name
        self.written = written
        self.kept = kept
        self.renderedPages = renderedPages
    }

    /// The pages among the files written.
    public var pagesWritten: Int { written.filter { $0.hasSuffix(".html") }.count }
    /// The other files written.
    public var otherFilesWritten: Int { written.count - pagesWritten }
}
