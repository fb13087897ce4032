import Foundation
import Pipeline
import TestSupport

/// The package's root folder: the real content, templates and committed site.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// A pipeline for one test: the content under `directory` (default: the package root), the
/// test's own cache folder inside `folder`, and git run with a HOME of the test's own.
func pipeline(
    _ folder: TemporaryFolder, in directory: URL = packageRoot, roots: [String] = [], strict: Bool = false,
    templates: String? = nil, changesSince: String? = nil, cache: Bool = true
) -> Pipeline {
    Pipeline(
        PipelineConfiguration(
            workingDirectory: directory, roots: roots, strict: strict, templates: templates,
            cache: cache
                ? ToolCache(folder: folder.url.appendingPathComponent("cache"), toolFingerprint: "tests") : nil,
            changesSince: changesSince, environment: testEnvironment(folder)))
}

/// The process's environment with HOME in the test's folder and git's configuration its own.
func testEnvironment(_ folder: TemporaryFolder) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = folder.url.appendingPathComponent("home").path
    environment["XDG_CONFIG_HOME"] = folder.url.appendingPathComponent("home/.config").path
    environment["GIT_CONFIG_NOSYSTEM"] = "1"
    environment["GIT_AUTHOR_NAME"] = "Writer"
    environment["GIT_AUTHOR_EMAIL"] = "writer@example.com"
    environment["GIT_COMMITTER_NAME"] = "Writer"
    environment["GIT_COMMITTER_EMAIL"] = "writer@example.com"
    return environment
}

/// Every file under `folder`, by path relative to it.
func files(under folder: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    while let relative = enumerator?.nextObject() as? String {
        var isDirectory: ObjCBool = false
        let url = folder.appendingPathComponent(relative)
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
            result[relative] = try Data(contentsOf: url)
        }
    }
    return result
}

/// Copies the package's `content/` into `folder` (outside any git repository) and returns
/// the copy's path relative to the folder.
@discardableResult
func copyContent(into folder: TemporaryFolder, as name: String = "content") throws -> String {
    try FileManager.default.copyItem(
        at: packageRoot.appendingPathComponent("content"), to: folder.url.appendingPathComponent(name))
    return name
}

/// A git repository in a test's folder, with a HOME of its own.
struct Repository {
    let folder: TemporaryFolder
    var root: URL { folder.url.appendingPathComponent("repository") }

    init(_ folder: TemporaryFolder) throws {
        self.folder = folder
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try git("init", "-q", "-b", "main")
    }

    /// Runs git in the repository; its standard output, trimmed.
    @discardableResult
    func git(_ arguments: String...) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", root.path] + arguments
        process.environment = testEnvironment(folder)
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw GitFailed(arguments: arguments, status: process.terminationStatus)
        }
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct GitFailed: Error {
        var arguments: [String]
        var status: Int32
    }

    /// Writes `text` to `path` in the repository.
    func write(_ path: String, _ text: String) throws {
        let file = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    /// Commits everything with `message`; the new commit's hash.
    @discardableResult
    func commit(_ message: String) throws -> String {
        try git("add", "-A")
        try git("commit", "-q", "-m", message)
        return try git("rev-parse", "HEAD")
    }
}
