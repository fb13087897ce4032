import Dispatch
import Foundation
import Glibc
import Pipeline
import PreviewServer
import SpecModel

/// `passkey-spec preview [PATHS...] [--port N] [--host H] [--templates DIR]`: the site in memory,
/// served on loopback, rebuilt and reloaded on every change.
enum PreviewCommand {
    struct Arguments: CommandArguments {
        var paths = ["content"]
        /// Nil: the default port, or the next free one after it.
        var port: UInt16?
        var host = IPv4Address.loopback
        var templates: String?
        var strict = false

        static let declaration = ArgumentDeclaration<Self>(
            .paths(\.paths),
            .option(
                \.port, "--port", value: "N",
                help:
                    "The port, which must be free; 0 takes any free one. Without it, \(defaultPort), or the next free one of the \(portAttempts - 1) after it."
            ),
            .option(\.host, "--host", value: "H", help: "The IPv4 address to listen on; 'localhost' is loopback."),
            .templates(\.templates),
            .strict(\.strict))
    }

    /// The port without `--port`.
    static let defaultPort: UInt16 = 8000
    /// How many ports are tried without `--port`, from the default on.
    static let portAttempts = 20

    static let command = Command(
        name: "preview", abstract: "Serve the site on loopback and rebuild it on every change",
        discussion: [
            """
            Builds the site as 'build' does (lint, check, render), but in memory and
            incrementally: nothing is written to 'site/', and after an edit only what it changes
            is rendered again. It is served at http://127.0.0.1:8000/ (or, when that port is
            taken, the next free one, saying so), for writers to read while they edit. PATHS and
            the templates folder are watched; every change rebuilds the site and reloads the open
            pages. A port given with '--port' must be free.
            """,
            """
            When a build has errors (a page that does not parse, a failing check, a broken
            template), the pages show an overlay listing each problem at its place
            ('path:line:column: message'), over the last build that rendered. Diagnostics go to
            standard error as well.
            """,
            """
            The server answers GET and HEAD only, serves nothing but the site's files, and
            listens on 127.0.0.1 unless '--host' names another address. Ctrl-C stops it.
            """,
        ],
        run: run)

    static func run(_ arguments: ParsedArguments<Arguments>, console: Console) throws -> ExitStatus {
        let pipeline = console.pipeline(
            roots: arguments.paths, strict: arguments.strict, templates: arguments.templates, flows: arguments.makeFlows
        )
        let configuration = pipeline.configuration
        for path in arguments.paths + (arguments.templates.map { [$0] } ?? [])
        where !FileManager.default.fileExists(atPath: configuration.fileSystemPath(path)) {
            throw UsageError(.pathNotFound(path), argument: path)
        }
        let address = arguments.host.address
        // Listening comes first: a port that cannot be used is reported before any work.
        guard let server = listen(on: address, port: arguments.port, console: console) else { return .failure }
        let session = PreviewSession(pipeline)
        let stopping = stopOnSignals(server, console: console)
        server.start()
        console.out("preview: serving http://\(address):\(server.port)/ (Ctrl-C to stop)\n")

        // The templates folder a build would read is watched too, even before it exists.
        var watcher = FileWatcher(
            roots: configuration.roots.map(configuration.fileSystemPath) + [configuration.templatesPath])
        rebuild(session, server, console)
        // Runs until a signal ends the process; the signal sources live as long as the loop.
        return withExtendedLifetime(stopping) { () -> ExitStatus in
            while true {
                // Returns once the editor has finished writing.
                guard watcher.waitForChange(timeout: nil) else { continue }
                rebuild(session, server, console)
            }
        }
    }

    /// A server listening on `address` at `port`, or, without a port, at `defaultPort` or the
    /// next free one of `portAttempts`, saying why it moved. Nil, with the problem printed, when
    /// the port asked for (or every one tried) cannot be used.
    static func listen(
        on address: String, port: UInt16?, defaultPort: UInt16 = defaultPort, console: Console
    ) -> PreviewServer? {
        if let port {
            do {
                return try PreviewServer(host: address, port: port, attempts: 1)
            } catch {
                console.printUsageError(
                    .portUnavailable(host: address, from: Int(port), to: Int(port), reason: error.reason))
                return nil
            }
        }
        let first: PreviewServer.BindFailure
        do {
            return try PreviewServer(host: address, port: defaultPort, attempts: 1)
        } catch {
            first = error
        }
        let last = min(Int(defaultPort) + portAttempts - 1, Int(UInt16.max))
        guard Int(defaultPort) < last else {
            console.printUsageError(
                .portUnavailable(host: address, from: Int(defaultPort), to: last, reason: first.reason))
            return nil
        }
        do {
            let server = try PreviewServer(host: address, port: defaultPort + 1, attempts: portAttempts - 1)
            console.out(
                "preview: port \(defaultPort) cannot be used (\(first.reason)), so the preview moved to port \(server.port)\n"
            )
            return server
        } catch {
            console.printUsageError(
                .portUnavailable(host: address, from: Int(defaultPort), to: last, reason: error.reason))
            return nil
        }
    }

    /// Ctrl-C and SIGTERM close the socket and exit with status 0.
    private static func stopOnSignals(_ server: PreviewServer, console: Console) -> [DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { number in
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                server.stop()
                console.out("preview: stopped\n")
                exit(0)
            }
            source.resume()
            return source
        }
    }

    /// Rebuilds what changed and publishes it: the pages reload, or show the problems over the
    /// last build that rendered.
    static func rebuild(_ session: PreviewSession, _ server: PreviewServer, _ console: Console) {
        server.buildStarted()
        let started = Date()
        let result = session.rebuild()
        let build = previewBuild(result, site: result.output == nil ? nil : session.site)
        console.print(result.diagnostics)
        if let failure = result.failure { console.printUsageError(failure.message) }
        let number = server.publish(build)
        let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
        let errors = build.diagnostics.filter { $0.severity == Severity.error.rawValue }.count
        if build.ok {
            let pages = result.output.map { " (\(count($0.renderedPages.count, "page")) rendered)" } ?? ""
            console.out("preview: build \(number) ok in \(seconds) s\(pages)\n")
        } else if build.files == nil {
            console.out(
                "preview: build \(number) has \(count(errors, "error")); the pages show the last build that rendered\n")
        } else {
            console.out("preview: build \(number) rendered with \(count(errors, "error")) in \(seconds) s\n")
        }
    }

    /// What the server shows of a result: the site when it rendered, and every problem, a
    /// failure of the pipeline located at the content.
    static func previewBuild(_ result: PipelineResult, site: [String: Data]?) -> PreviewBuild {
        var diagnostics = result.diagnostics
        if let failure = result.failure {
            diagnostics.append(
                Diagnostic(failure.message, at: SourceLocation(file: failure.argument ?? "content", line: 1, column: 1))
            )
        }
        return PreviewBuild(
            files: site, ok: site != nil && result.passed, diagnostics: diagnostics.map(previewDiagnostic))
    }

    static func previewDiagnostic(_ diagnostic: Diagnostic) -> PreviewDiagnostic {
        let location = diagnostic.location
        return PreviewDiagnostic(
            file: location.file, path: URL(fileURLWithPath: location.file).standardizedFileURL.path,
            line: location.line, column: location.column, severity: diagnostic.severity.rawValue,
            message: diagnostic.message.text, id: diagnostic.id.rawValue)
    }
}

/// An IPv4 address to listen on, as `--host` takes it: dotted decimal, or `localhost`.
struct IPv4Address: ArgumentValue, Equatable {
    /// As it was given.
    let argument: String
    /// In dotted decimal, as the server takes it.
    let address: String

    static let loopback = IPv4Address(given: "127.0.0.1", address: "127.0.0.1")
    static let expected = "an IPv4 address such as 127.0.0.1"

    private init(given: String, address: String) {
        argument = given
        self.address = address
    }

    init?(argument text: String) {
        let address = text == "localhost" ? Self.loopback.address : text
        var probe = in_addr()
        guard inet_pton(AF_INET, address, &probe) == 1 else { return nil }
        self.init(given: text, address: address)
    }
}
