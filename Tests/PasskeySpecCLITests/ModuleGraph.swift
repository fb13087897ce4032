import Foundation

/// The package's targets and what each depends on, as `swift package dump-package` reads the
/// manifest: the architecture tests check the package as it is built, not a copy of it.
struct ModuleGraph: Sendable {
    /// A target of the manifest.
    struct Target: Sendable, Equatable {
        /// `regular`, `executable`, `test`, `system`, `plugin`, …
        var kind: String
        /// The folder of its sources, when not the default `Sources/<name>` (`Tests/<name>` for tests).
        var path: String?
        /// The targets and products it names as dependencies.
        var dependencies: Set<String>
    }

    var targets: [String: Target]

    init(targets: [String: Target]) { self.targets = targets }

    /// A graph of targets of the default kind and path, from what each depends on.
    init(dependencies: [String: Set<String>]) {
        targets = dependencies.mapValues { Target(kind: "regular", dependencies: $0) }
    }

    /// Reads `swift package dump-package`'s JSON: `targets[]` with `name`, `type`, `path` and
    /// `dependencies[]`, each `{"byName": [name, condition]}`, `{"target": [name, condition]}`
    /// or `{"product": [name, package, …]}`.
    init(dumpPackage json: Data) throws {
        struct Manifest: Decodable {
            struct Target: Decodable {
                var name: String
                var type: String
                var path: String?
                var dependencies: [[String: [Name?]]]
            }
            var targets: [Target]
        }
        /// One element of a dependency's array: its name, or something else (a condition, an
        /// alias table), read as nil.
        struct Name: Decodable {
            var text: String?
            init(from decoder: any Decoder) throws { text = try? decoder.singleValueContainer().decode(String.self) }
        }
        let manifest = try JSONDecoder().decode(Manifest.self, from: json)
        targets = [:]
        for target in manifest.targets {
            let names = target.dependencies.flatMap { $0.values.compactMap { $0.first??.text } }
            targets[target.name] = Target(kind: target.type, path: target.path, dependencies: Set(names))
        }
    }

    /// The graph of the package at `root`. `swift` is the one on `PATH`, else the one beside
    /// the toolchain this process runs on. The scratch folder is a fresh one, so that the
    /// command waits for no lock that a build or test run holds on `.build`.
    static func dumped(packageRoot root: URL) throws -> ModuleGraph {
        guard let swift = swiftExecutable() else { throw Failure("no swift on PATH or beside the running toolchain") }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("dump-package-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let errors = scratch.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = swift
        process.arguments = ["package", "--scratch-path", scratch.appendingPathComponent("build").path, "dump-package"]
        process.currentDirectoryURL = root
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let json = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let message = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            throw Failure("swift package dump-package exited with \(process.terminationStatus): \(message)")
        }
        return try ModuleGraph(dumpPackage: json)
    }

    /// `swift` on `PATH`, else in the `usr/bin` of the toolchain whose
    /// `usr/lib/swift/linux/libswiftCore.so` this process has loaded.
    static func swiftExecutable() -> URL? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        var candidates = path.split(separator: ":").map {
            URL(fileURLWithPath: String($0)).appendingPathComponent("swift")
        }
        // Read to the end: a file of /proc gives its size as 0.
        let maps = String(
            decoding: (try? FileHandle(forReadingAtPath: "/proc/self/maps")?.readToEnd()) ?? Data(), as: UTF8.self)
        if let line = maps.split(separator: "\n").first(where: { $0.hasSuffix("/libswiftCore.so") }),
            let slash = line.firstIndex(of: "/")
        {
            let library = URL(fileURLWithPath: String(line[slash...]))
            let usr = library.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            candidates.append(usr.appendingPathComponent("bin/swift"))
        }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }

    /// The targets `module` depends on, directly or through others, each with the way to it
    /// that the graph reaches first (`module` first, the target last). A product or a target
    /// the graph does not hold ends a way.
    func reach(from module: String) -> [String: [String]] {
        var ways: [String: [String]] = [:]
        var queue = [[module]]
        while !queue.isEmpty {
            let way = queue.removeFirst()
            for next in (targets[way.last!]?.dependencies ?? []).sorted() where ways[next] == nil && next != module {
                ways[next] = way + [next]
                queue.append(way + [next])
            }
        }
        return ways
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
        init(_ description: String) { self.description = description }
    }
}

/// A rule of the layering that the manifest cannot state: a dependency that is allowed by
/// SwiftPM but not by the design.
struct LayeringRule: Sendable {
    enum Kind: Sendable {
        /// None of these, directly or through another module.
        case never(Set<String>)
        /// Directly only these (what they depend on is theirs to say).
        case directlyOnly(Set<String>)
        /// No target of the package at all.
        case nothingOfOurs
    }

    var module: String
    var kind: Kind
    /// Why, for the message of a failing test.
    var reason: String

    /// `module` depends on none of `forbidden`, directly or through another module.
    static func never(_ module: String, on forbidden: Set<String>, _ reason: String) -> LayeringRule {
        LayeringRule(module: module, kind: .never(forbidden), reason: reason)
    }

    /// `module` depends directly on none but `allowed`.
    static func only(_ module: String, directlyOn allowed: Set<String>, _ reason: String) -> LayeringRule {
        LayeringRule(module: module, kind: .directlyOnly(allowed), reason: reason)
    }

    /// `module` depends on no target of the package.
    static func nothingOfOurs(_ module: String, _ reason: String) -> LayeringRule {
        LayeringRule(module: module, kind: .nothingOfOurs, reason: reason)
    }

    /// Where `graph` breaks the rules, one line each, with the way to the dependency and the
    /// reason; a rule whose module (or forbidden module) the graph does not hold is reported
    /// too, so that a renamed module does not quietly end its rule.
    static func violations(of rules: [LayeringRule], in graph: ModuleGraph) -> [String] {
        var found: [String] = []
        for rule in rules {
            guard let target = graph.targets[rule.module] else {
                found.append("a layering rule names \(rule.module), which is not a target of the package")
                continue
            }
            let ways = graph.reach(from: rule.module)
            let broken: [[String]]
            switch rule.kind {
            case .never(let forbidden):
                for name in forbidden.sorted() where graph.targets[name] == nil {
                    found.append(
                        "a layering rule of \(rule.module) names \(name), which is not a target of the package")
                }
                broken = forbidden.sorted().compactMap { ways[$0] }
            case .directlyOnly(let allowed):
                broken = target.dependencies.subtracting(allowed).sorted().map { [rule.module, $0] }
            case .nothingOfOurs:
                broken = ways.keys.filter { graph.targets[$0] != nil }.sorted().compactMap { ways[$0] }
            }
            for way in broken {
                found.append("\(rule.module) depends on \(way.last!) (\(way.joined(separator: " → "))): \(rule.reason)")
            }
        }
        return found
    }
}
