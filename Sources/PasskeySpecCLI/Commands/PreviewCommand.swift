import Dispatch
import FlowDiagram
import Foundation
import Glibc
import PreviewServer
import SiteBuilder
import SpecDiff
import SpecModel
import SpecParser
import SpecRunner

/// `passkey-spec preview [PATHS...] [--port N] [--host H] [--templates DIR]`: the site in memory,
/// served on loopback, rebuilt and reloaded on every change.
enum PreviewCommand {
    struct Arguments: CommandArguments {
        var paths = ["content"]
        /// Nil: the default port, or the next free one after it.
        var port: UInt16?
        var host = IPv4Address.loopback
        var templates = "templates"
        var strict = false

        static let declaration = ArgumentDeclaration<Self>(
            .paths(\.paths),
            .option(
                \.port, "--port", value: "N",
                help:
                    "The port, which must be free; 0 takes any free one. Without it, \(defaultPort), or the next free one of the \(portAttempts - 1) after it."
            ),
            .option(\.host, "--host", value: "H", help: "The IPv4 address to listen on; 'localhost' is loopback."),
            .option(\.templates, "--templates", value: "DIR", help: "The templates."),
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
            Builds the site as 'build' does (lint, check, render), but in memory: nothing is
            written to 'site/'. It is served at http://127.0.0.1:8000/ (or, when that port is
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
        let address = arguments.host.address
        let paths = arguments.paths
        for path in paths where !FileManager.default.fileExists(atPath: path) {
            throw UsageError(.pathNotFound(path), argument: path)
        }
        let templatesPath = arguments.templates
        // Listening comes first: a port that cannot be used is reported before any work.
        guard let server = listen(on: address, port: arguments.port, console: console) else { return .failure }
        // The exploration is the same for any content: explore once, not on every change.
        // Explorations come from the disk cache when it has them, and are kept in memory.
        let toolCache = ToolCache(environment: console.environment)
        let cache = toolCache?.explorations
        let flows = FlowRegistry(
            arguments.flows.flows.map { flow in (cache.map { flow.exploring(from: $0) } ?? flow).exploringOnce() })
        // The Changes page compares with the content's last commit, read once.
        let drawing = PreviewDrawing(
            diagrams: ToolCache.diagramDrawer(toolCache),
            earlier: DiffCommand.quietVersion(
                of: paths[0], at: "HEAD", flows: flows, environment: console.environment))

        let stopping = stopOnSignals(server, console: console)
        server.start()
        console.out("preview: serving http://\(address):\(server.port)/ (Ctrl-C to stop)\n")

        var watcher = FileWatcher(roots: paths + [templatesPath])
        rebuild(
            paths, flows: flows, templates: templatesPath, drawing: drawing, strict: arguments.strict, server,
            console)
        // Runs until a signal ends the process; the signal sources live as long as the loop.
        return withExtendedLifetime(stopping) { () -> ExitStatus in
            while true {
                // Returns once the editor has finished writing.
                guard watcher.waitForChange(timeout: nil) else { continue }
                rebuild(
                    paths, flows: flows, templates: templatesPath, drawing: drawing, strict: arguments.strict,
                    server, console)
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

    private static func rebuild(
        _ paths: [String], flows: FlowRegistry, templates: String, drawing: PreviewDrawing, strict: Bool,
        _ server: PreviewServer,
        _ console: Console
    ) {
        server.buildStarted()
        let started = Date()
        let (build, diagnostics) = self.build(
            paths, flows: flows, templates: templates, drawing: drawing, strict: strict)
        console.print(diagnostics)
        let number = server.publish(build)
        let seconds = String(format: "%.1f", Date().timeIntervalSince(started))
        let errors = diagnostics.filter { $0.severity == .error }.count
        if build.ok {
            console.out("preview: build \(number) ok in \(seconds) s\n")
        } else if build.files == nil {
            console.out(
                "preview: build \(number) has \(count(errors, "error")); the pages show the last build that rendered\n")
        } else {
            console.out("preview: build \(number) rendered with \(count(errors, "error")) in \(seconds) s\n")
        }
    }

    /// Lint, check and render, as 'build' does, into memory. Files are nil when nothing rendered.
    static func build(
        _ paths: [String], flows: FlowRegistry, templates: String, drawing: PreviewDrawing = PreviewDrawing(),
        strict: Bool
    ) -> (
        PreviewBuild, [Diagnostic]
    ) {
        func failed(_ diagnostics: [Diagnostic]) -> (PreviewBuild, [Diagnostic]) {
            (PreviewBuild(files: nil, ok: false, diagnostics: diagnostics.map(previewDiagnostic)), diagnostics)
        }
        let loaded: ContentLoader.Result
        do {
            loaded = try lintContent(paths, flows: flows, strict: strict)
        } catch let error as UsageError {
            return failed([Diagnostic(error.message, at: SourceLocation(file: paths[0], line: 1, column: 1))])
        } catch {
            let location = SourceLocation(file: paths[0], line: 1, column: 1)
            return failed([Diagnostic(.unexpectedFailure("\(error)"), at: location)])
        }
        if loaded.hasErrors { return failed(loaded.diagnostics) }
        let report = CheckRunner(flows: flows).run(loaded.content)
        let diagnostics = (loaded.diagnostics + report.diagnostics).sortedByLocation()
        let templatesURL = URL(fileURLWithPath: templates)
        do {
            let files = try SiteBuilder(templates: templatesURL).render(
                content: loaded.content, report: report,
                changes: drawing.earlier.map {
                    SpecChanges.compare(
                        $0.version, Version(content: loaded.content, report: report), baseline: $0.baseline)
                } ?? .noEarlier, diagrams: drawing.diagrams)
            let ok = report.passed && !diagnostics.contains { $0.severity == .error }
            return (PreviewBuild(files: files, ok: ok, diagnostics: diagnostics.map(previewDiagnostic)), diagnostics)
        } catch let failure as SiteBuilder.TemplateFailure {
            let location = SourceLocation(
                file: templatesURL.appendingPathComponent(failure.file).relativePath, line: failure.line,
                column: failure.column)
            return failed(diagnostics + [Diagnostic(.templateError(failure.message), at: location)])
        } catch {
            let location = SourceLocation(file: templates, line: 1, column: 1)
            return failed(diagnostics + [Diagnostic(.unexpectedFailure("\(error)"), at: location)])
        }
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

/// What every rebuild of the preview draws with: the diagram drawer, and the content at its
/// last commit for the Changes page (nil outside a repository).
struct PreviewDrawing {
    var diagrams = DiagramDrawer()
    var earlier: (version: Version, baseline: Baseline)?
}
