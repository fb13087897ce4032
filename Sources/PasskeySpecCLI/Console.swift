import Foundation
import Glibc
import SpecModel

/// Where a command writes, and what it knows of its environment; tests pass their own.
public struct Console: Sendable {
    /// Writes text to standard output.
    public var out: @Sendable (String) -> Void
    /// Writes text to standard error.
    public var err: @Sendable (String) -> Void
    public var environment: [String: String]
    /// Whether standard error is a terminal (colour is used only there).
    public var errorIsTerminal: Bool
    /// The folder relative paths are read from: the process's own, or a test's.
    public var workingDirectory: URL
    /// Whether the command runs as the process itself (it may handle the process's signals),
    /// rather than inside another program such as a test.
    public var ownsProcess = false

    public init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
        environment: [String: String],
        errorIsTerminal: Bool,
        workingDirectory: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath, isDirectory: true)
    ) {
        self.out = out
        self.err = err
        self.environment = environment
        self.errorIsTerminal = errorIsTerminal
        self.workingDirectory = workingDirectory
    }

    /// The process's own streams and environment.
    public static var standard: Console {
        var console = Console(
            out: { write($0, to: STDOUT_FILENO) },
            err: { write($0, to: STDERR_FILENO) },
            environment: ProcessInfo.processInfo.environment,
            errorIsTerminal: isatty(STDERR_FILENO) == 1)
        console.ownsProcess = true
        return console
    }

    /// Writes all of `text` to the file descriptor. A reader that stopped reading (`lockstep
    /// | head`) ends the tool as it ends any Unix tool, by SIGPIPE, not as a crash.
    private static func write(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if written >= 0 {
                    offset += written
                } else if errno == EPIPE {
                    signal(SIGPIPE, SIG_DFL)
                    raise(SIGPIPE)
                    return
                } else if errno != EINTR {
                    return
                }
            }
        }
    }

    /// Colour follows the NO_COLOR convention (https://no-color.org): any non-empty value turns it off.
    var usesColor: Bool {
        errorIsTerminal && (environment["NO_COLOR"] ?? "").isEmpty && environment["TERM"] != "dumb"
    }

    /// Whether to add GitHub Actions workflow annotations.
    var annotatesForGitHub: Bool { environment["GITHUB_ACTIONS"] == "true" }

    // MARK: - Diagnostics

    /// Prints diagnostics in compiler form, plus a GitHub annotation for each when running
    /// in GitHub Actions.
    func print(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            err(format(diagnostic) + "\n")
            if annotatesForGitHub { err(annotation(diagnostic) + "\n") }
        }
    }

    /// Prints a problem with the command line itself (no file location).
    func printUsageError(_ message: Message) {
        err("passkey-spec: \(label(message.severity)) \(message.text) [\(message.id.rawValue)]\n")
    }

    /// Prints a usage error and, under it, the command line with the argument at fault
    /// marked, as a compiler marks a column. `arguments` is the whole command line after the
    /// program's name; the error's own location counts from `offset`.
    func printUsageError(_ error: UsageError, in arguments: [String], offset: Int) {
        printUsageError(error.message)
        guard let location = error.location(in: arguments, offset: offset), arguments.indices.contains(location.index)
        else { return }
        let marked = MarkedCommandLine(arguments, at: location)
        let marker = usesColor ? "\u{1B}[1;32m" + marked.marker + "\u{1B}[0m" : marked.marker
        err("  \(marked.line)\n  \(marker)\n")
    }

    func format(_ diagnostic: Diagnostic) -> String {
        "\(diagnostic.location): \(label(diagnostic.severity)) \(diagnostic.message.text) [\(diagnostic.id.rawValue)]"
    }

    private func label(_ severity: Severity) -> String {
        let text = "\(severity.rawValue):"
        guard usesColor else { return text }
        let colour = severity == .error ? "\u{1B}[1;31m" : "\u{1B}[1;33m"
        return colour + text + "\u{1B}[0m"
    }

    /// `::error file=…,line=…,col=…,title=…::message`, escaped as the workflow commands require.
    func annotation(_ diagnostic: Diagnostic) -> String {
        func escapeData(_ text: String) -> String {
            text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A")
        }
        func escapeProperty(_ text: String) -> String {
            escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        }
        let span = diagnostic.span
        var properties = ["file=\(escapeProperty(span.file))", "line=\(span.start.line)"]
        if span.endLine != span.start.line { properties.append("endLine=\(span.endLine)") }
        properties.append("col=\(span.start.column)")
        // GitHub takes the last column marked, on one line only.
        if span.endLine == span.start.line, span.endColumn > span.start.column {
            properties.append("endColumn=\(span.endColumn - 1)")
        }
        properties.append("title=\(escapeProperty("passkey-spec \(diagnostic.id.rawValue)"))")
        return
            "::\(diagnostic.severity.rawValue) \(properties.joined(separator: ","))::\(escapeData(diagnostic.message.text))"
    }
}
