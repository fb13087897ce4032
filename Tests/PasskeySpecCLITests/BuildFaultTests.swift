import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// `build` when things go wrong around it: signals, a second build, the output removed, a
/// full disk, a file size limit, a read-only folder. Each runs the built binary, compares
/// every file of the output before and after, and looks for temporary folders left behind.
/// The runs of a test share a cache, as a user's runs do: an incremental build reads the
/// manifest the build before it left there.
@Suite struct BuildFaultTests {
    let work: TemporaryFolder
    /// The output's parent: after any build it must hold the output and nothing else.
    let out: URL
    let site: URL
    /// The environment whose cache the test's runs share.
    let shared: TestEnvironment

    init() async throws {
        work = try TemporaryFolder()
        out = work.url.appendingPathComponent("out")
        site = out.appendingPathComponent("site")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        shared = try await offThePool { try TestEnvironment(forBinary: true) }
    }

    /// What every run of the test is given: the shared cache.
    var cache: [String: String] { ["PASSKEY_SPEC_CACHE": shared.cache.path] }

    var large: LargeContent {
        get async throws { try await LargeContent.shared.value }
    }

    /// `passkey-spec build CONTENT --out SITE` with the shared cache, waited for.
    func runBuild(_ content: URL) async throws -> RunResult {
        try await BinaryRunner.run(["build", content.path, "--out", site.path], environment: cache)
    }

    /// `passkey-spec build CONTENT --out SITE` with the shared cache, started; `act` is done as
    /// soon as `out` has an entry named `prefix`… that holds something. The entry's name.
    func startBuild(
        _ content: URL, whenEntry prefix: String, then act: @escaping @Sendable (RunningBuild, String) throws -> Void
    ) async throws -> (build: RunningBuild, entry: String?) {
        try await RunningBuild.start(
            ["build", content.path, "--out", site.path], outputIn: work.url, environment: cache, whenEntry: prefix,
            appearsIn: out, then: act)
    }

    /// The output holds a copy of the reference build; returns its files.
    func copyReference() async throws -> [String: Data] {
        try FileManager.default.copyItem(at: await large.reference, to: site)
        return try files(under: site)
    }

    /// A copy of the large content this test may edit.
    func editableContent() async throws -> URL {
        let content = work.url.appendingPathComponent("content")
        try FileManager.default.copyItem(at: await large.content, to: content)
        return content
    }

    /// A new section of one page: every page's navigation changes, so an incremental build
    /// writes every page again.
    func addSection(to content: URL) throws {
        let extra = content.appendingPathComponent("extra")
        try FileManager.default.createDirectory(at: extra, withIntermediateDirectories: true)
        try Data("# Extra\n<!-- page: extra -->\n\nA new section.\n".utf8).write(
            to: extra.appendingPathComponent("extra.md"))
    }

    @Test(arguments: [(SIGINT, "SIGINT"), (SIGTERM, "SIGTERM")])
    func aSignalDuringAFullBuildLeavesThePreviousSiteAndNoTemporaryFolder(signal: Int32, name: String) async throws {
        let before = try await copyReference()
        let (build, entry) = try await startBuild(large.content, whenEntry: ".site.building-") { build, _ in
            kill(build.process.processIdentifier, signal)
        }
        let staging = try #require(entry, "\(build.stderr)")
        #expect(staging == ".site.building-\(build.process.processIdentifier)")
        #expect(await build.wait(seconds: 60))
        #expect(build.process.terminationReason == .uncaughtSignal, "it ends by the signal: \(build.stderr)")
        #expect(build.process.terminationStatus == signal)
        #expect(
            build.stderr
                == "passkey-spec: error: the build was stopped by \(name); '\(site.path)' holds the last build that finished, whole, and nothing temporary is left [build-stopped]\n"
        )
        #expect(Faults.entries(of: out) == ["site"], "no temporary folder is left")
        #expect(try files(under: site) == before, "the previous site is byte for byte as it was")
    }

    @Test func aSignalDuringAnIncrementalBuildLeavesThePreviousSite() async throws {
        let content = try await editableContent()
        let first = try await runBuild(content)
        #expect(first.status == 0, "\(first.stderr)")
        let before = try files(under: site)
        try addSection(to: content)
        let (build, entry) = try await startBuild(content, whenEntry: ".site.updating-") { build, _ in
            kill(build.process.processIdentifier, SIGINT)
        }
        try #require(entry != nil, "\(build.stderr)")
        #expect(await build.wait(seconds: 60))
        #expect(build.process.terminationReason == .uncaughtSignal)
        #expect(build.process.terminationStatus == SIGINT)
        #expect(build.stderr.hasSuffix(" [build-stopped]\n"), "\(build.stderr)")
        #expect(Faults.entries(of: out) == ["site"])
        #expect(try files(under: site) == before)
    }

    /// SIGKILL cannot be caught: the temporary folder stays until the next build into the
    /// same folder, which removes it.
    @Test func aBuildKilledOutrightIsCleanedUpByTheNext() async throws {
        _ = try await copyReference()
        let (build, entry) = try await startBuild(large.content, whenEntry: ".site.building-") { build, _ in
            kill(build.process.processIdentifier, SIGKILL)
        }
        let staging = try #require(entry, "\(build.stderr)")
        #expect(await build.wait(seconds: 60))
        #expect(Faults.entries(of: out) == [staging, "site"])
        let next = try await runBuild(large.content)
        #expect(next.status == 0, "\(next.stderr)")
        #expect(Faults.entries(of: out) == ["site"])
        #expect(try files(under: site) == (await large.referenceFiles))
    }

    @Test func twoBuildsIntoOneFolderAtOnceRunOneAfterTheOther() async throws {
        _ = try await copyReference()
        let content = try await large.content
        let command = ["build", content.path, "--out", site.path]
        let builds = try await RunningBuild.start([command, command], outputIn: work.url, environment: cache)
        for build in builds {
            #expect(await build.wait())
            #expect(build.process.terminationStatus == 0, "\(build.stderr)")
        }
        let waited = builds.filter {
            $0.stdout.hasPrefix("build: waiting for another build beside '\(site.path)' to finish\n")
        }
        try #require(waited.count == 1, "one build waits: \(builds.map(\.stdout))")
        // The second found the first's output whole and had nothing left to write.
        #expect(waited[0].stdout.contains("build: 0 pages and 0 other files written"), "\(waited[0].stdout)")
        #expect(Faults.entries(of: out) == ["site"])
        #expect(try files(under: site) == (await large.referenceFiles), "the output is one build's, whole")
    }

    @Test func theOutputRemovedDuringAFullBuildIsReplacedByTheWholeNewBuild() async throws {
        _ = try await copyReference()
        let site = self.site
        let (build, entry) = try await startBuild(large.content, whenEntry: ".site.building-") { _, _ in
            try FileManager.default.removeItem(at: site)
        }
        try #require(entry != nil, "\(build.stderr)")
        #expect(await build.wait())
        #expect(build.process.terminationReason == .exit)
        #expect(build.process.terminationStatus == 0, "\(build.stderr)")
        #expect(Faults.entries(of: out) == ["site"])
        #expect(try files(under: site) == (await large.referenceFiles))
    }

    @Test func theOutputRemovedDuringAnIncrementalBuildIsNotWrittenHalf() async throws {
        let content = try await editableContent()
        #expect(try await runBuild(content).status == 0)
        try addSection(to: content)
        let site = self.site
        let (build, entry) = try await startBuild(content, whenEntry: ".site.updating-") { _, _ in
            try FileManager.default.removeItem(at: site)
        }
        try #require(entry != nil, "\(build.stderr)")
        #expect(await build.wait())
        #expect(build.process.terminationReason == .exit)
        #expect(build.process.terminationStatus == 1)
        #expect(
            build.stderr
                == "passkey-spec: error: '\(site.path)' was removed or replaced while the build ran, so nothing was written into it; build again [output-removed]\n"
        )
        #expect(Faults.entries(of: out).isEmpty, "no half site where the old one was, and no temporary folder")
    }

    /// A disk that fills up during the build: a small tmpfs in a mount namespace of the test's
    /// own. Where the test may not mount one, the build runs under a file size limit instead
    /// (see `aWriteOverTheFileSizeLimitLeavesThePreviousSite`).
    @Test(.enabled("needs CAP_SYS_ADMIN to mount a tmpfs in a mount namespace") { await Faults.canMount() })
    func aFullDiskLeavesThePreviousSite() async throws {
        let previous = try await large.reference
        // Room for the previous build and a fifth of another.
        let used = try files(under: previous).values.reduce(0) { $0 + ($1.count + 4095) / 4096 * 4 }
        let content = try await large.content
        let result = try await Faults.inMountNamespace(
            """
            set -e
            mount -t tmpfs -o size=\(used + used / 5 + 256)k tmpfs "$OUT"
            cp -R "$REFERENCE" "$OUT/site"
            cp -R "$OUT/site" "$WORK/before"
            status=0
            "$PASSKEY_SPEC" build "$CONTENT" --out "$OUT/site" > "$WORK/stdout" 2> "$WORK/stderr" || status=$?
            echo $status > "$WORK/status"
            cp -R "$OUT/site" "$WORK/after"
            ls -A "$OUT" > "$WORK/entries"
            """,
            environment: [
                "OUT": out.path, "REFERENCE": previous.path, "WORK": work.url.path, "CONTENT": content.path,
            ])
        try #require(result.status == 0, "\(result.stderr)")
        let read = { (name: String) in
            (try? String(contentsOf: work.url.appendingPathComponent(name), encoding: .utf8)) ?? ""
        }
        #expect(read("status") == "1\n")
        let stderr = read("stderr")
        #expect(
            stderr.hasPrefix("passkey-spec: error: cannot write the site to '\(site.path)': \(site.path)/"), "\(stderr)"
        )
        #expect(
            stderr.hasSuffix(": No space left on device; '\(site.path)' is left as it was [site-not-written]\n"),
            "\(stderr)")
        #expect(read("entries") == "site\n", "no temporary folder is left")
        let before = try files(under: work.url.appendingPathComponent("before"))
        #expect(try files(under: work.url.appendingPathComponent("after")) == before)
        let reference = try await large.referenceFiles
        #expect(before == reference)
    }

    /// A write past the process's file size limit (`ulimit -f`, RLIMIT_FSIZE) fails with
    /// EFBIG, as a write to a full disk fails with ENOSPC: the tool ignores SIGXFSZ, reports
    /// the failure and keeps the previous site. Needs no privilege.
    @Test func aWriteOverTheFileSizeLimitLeavesThePreviousSite() async throws {
        let content = work.url.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        let spec = content.appendingPathComponent("spec.md")
        try FileManager.default.copyItem(at: BinaryRunner.fixtureSpec, to: spec)
        #expect(try await runBuild(content).status == 0)
        let before = try files(under: site)
        let text = try String(contentsOf: spec, encoding: .utf8)
        try Data(
            text.replacingOccurrences(
                of: "| Title             | Passkeys Unavailable |", with: "| Title             | No Passkeys Here |"
            ).utf8
        ).write(to: spec)
        // 128 blocks of 512 bytes: the spec's page is larger. Without a cache, the build is a
        // full one and writes that page.
        let variables = shared.variables.merging(["PASSKEY_SPEC_CACHE": "off"]) { $1 }
        let site = self.site
        let (reason, status, stderr) = try await offThePool {
            () throws -> (Process.TerminationReason, Int32, String) in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = [
                "-c", "ulimit -f 128 && exec \"$0\" \"$@\"", BinaryRunner.executable.path, "build", content.path,
                "--out", site.path,
            ]
            process.environment = variables
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationReason, process.terminationStatus, stderr)
        }
        #expect(reason == .exit, "not killed by SIGXFSZ")
        #expect(status == 1)
        #expect(stderr.hasPrefix("passkey-spec: error: cannot write the site to '\(site.path)': "), "\(stderr)")
        #expect(
            stderr.hasSuffix(": File too large; '\(site.path)' is left as it was [site-not-written]\n"), "\(stderr)")
        #expect(Faults.entries(of: out) == ["site"])
        #expect(try files(under: site) == before)
    }

    /// An output folder that cannot be written to. Permissions do not stop root, so as root
    /// the folder is made a read-only bind mount (in a mount namespace of the test's own);
    /// otherwise its mode is taken away.
    @Test(
        .enabled("as root, needs CAP_SYS_ADMIN for a read-only mount") {
            getuid() != 0 ? true : await Faults.canMount()
        })
    func aReadOnlyOutputFolderLeavesThePreviousSite() async throws {
        let content = work.url.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: BinaryRunner.fixtureSpec, to: content.appendingPathComponent("spec.md"))
        #expect(try await runBuild(content).status == 0)
        let before = try files(under: site)
        try Data("# Notes\n<!-- page: notes -->\n\nNew.\n".utf8).write(to: content.appendingPathComponent("notes.md"))
        let result: RunResult
        if getuid() == 0 {
            result = try await Faults.inMountNamespace(
                """
                mount --bind "$OUT" "$OUT" && mount -o remount,bind,ro "$OUT" && \
                exec "$PASSKEY_SPEC" build "$CONTENT" --out "$OUT/site"
                """, environment: ["OUT": out.path, "CONTENT": content.path].merging(cache) { $1 })
        } else {
            chmod(out.path, 0o555)
            defer { chmod(out.path, 0o755) }
            result = try await runBuild(content)
        }
        #expect(result.status == 1)
        let reason = getuid() == 0 ? "Read-only file system" : "Permission denied"
        #expect(
            result.stderr
                == "passkey-spec: error: cannot write the site to '\(site.path)': \(out.path): \(reason); '\(site.path)' is left as it was [site-not-written]\n"
        )
        #expect(Faults.entries(of: out) == ["site"])
        #expect(try files(under: site) == before)
    }
}
