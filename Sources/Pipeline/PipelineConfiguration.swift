import Foundation
import SpecModel
import SpecRunner

/// What one run of the pipeline reads and how: the content, the folder paths are relative
/// to, the templates, the flows, the cache and the Changes baseline. Every command builds one
/// from its arguments; tests build one with a folder of their own.
public struct PipelineConfiguration: Sendable {
    /// The folder relative paths are read from, as the invocation's working directory.
    public var workingDirectory: URL { didSet { locateProject() } }
    /// The spec pages: Markdown files or folders, as the user named them.
    public var roots: [String] { didSet { locateProject() } }
    /// The folder the content's files are named from, in every output (diagnostics, the model,
    /// exports, kits, reports, SARIF's `%SRCROOT%`), and the folder git runs in: the root of
    /// the git repository that holds the first content root, so that a run from any folder
    /// says the same; the working directory when the content is in no repository.
    public private(set) var projectFolder: URL
    /// The roots as the content's files are named from `projectFolder`: a root inside the
    /// repository by its path from the repository's root, any other as the user named it.
    public private(set) var contentRoots: [String]
    /// Copy-style findings are errors, not warnings.
    public var strict: Bool
    /// A templates folder whose files replace the built-in ones of the same path; nil takes
    /// `templates/` in the working directory when there is one.
    public var templates: String?
    /// The flows the specs are checked against, made only when a stage needs them.
    public var makeFlows: @Sendable () -> FlowRegistry
    /// The tool's cache (explorations, diagrams, build manifests); nil keeps nothing.
    public var cache: ToolCache?
    /// The revision the Changes page compares with; nil derives it from git (see
    /// `ChangesBaseline`).
    public var changesSince: String?
    /// The environment git and the cache are run with.
    public var environment: [String: String]
    /// The text of files an editor holds and has not saved, by file-system path: every stage
    /// reads it instead of the disk (the language server's open documents).
    public var unsaved: [String: [UInt8]] = [:]

    /// The content folder the tool uses when no path is given.
    public static let defaultRoot = "content"
    /// The templates folder a build takes from the project folder when there is one.
    public static let defaultTemplatesFolder = "templates"

    public init(
        workingDirectory: URL, roots: [String] = [], strict: Bool = false, templates: String? = nil,
        flows: @escaping @Sendable () -> FlowRegistry = { FlowCatalogue.registered }, cache: ToolCache? = nil,
        changesSince: String? = nil, environment: [String: String] = [:]
    ) {
        // A folder's URL, so that relative paths resolve inside it rather than beside it.
        let folder = URL(fileURLWithPath: workingDirectory.standardizedFileURL.path, isDirectory: true)
        let roots = roots.isEmpty ? [Self.defaultRoot] : roots
        self.workingDirectory = folder
        self.roots = roots
        (projectFolder, contentRoots) = Self.project(of: roots, from: folder)
        self.strict = strict
        self.templates = templates
        self.makeFlows = flows
        self.cache = cache
        self.changesSince = changesSince
        self.environment = environment
    }

    /// A path as the user gave it, resolved against the working directory: `.path` is the
    /// file to read or write, `.relativePath` what messages name.
    public func url(_ path: String) -> URL {
        path.hasPrefix("/")
            ? URL(fileURLWithPath: path) : URL(fileURLWithPath: path, relativeTo: workingDirectory)
    }

    /// The path of a file to read or write for a path as the user gave it.
    public func fileSystemPath(_ path: String) -> String {
        url(path).path
    }

    /// The templates folder a build reads when it exists: the one the user named, else
    /// `templates/` in the project folder.
    public var templatesPath: String {
        templates.map(fileSystemPath) ?? projectFolder.appendingPathComponent(Self.defaultTemplatesFolder).path
    }

    /// The path of a content file to read for its name (a path from `projectFolder`).
    public func contentPath(_ name: String) -> String {
        name.hasPrefix("/") ? name : URL(fileURLWithPath: name, relativeTo: projectFolder).path
    }

    private mutating func locateProject() {
        (projectFolder, contentRoots) = Self.project(of: roots, from: workingDirectory)
    }

    /// The project folder and the roots named from it, for `roots` given in `folder`. A root
    /// that does not exist keeps the name the user gave, which the message about it shows;
    /// when the first does not, nothing is named otherwise, so that it is looked for where the
    /// user named it, not in the repository above.
    static func project(of roots: [String], from folder: URL) -> (folder: URL, roots: [String]) {
        let resolved = roots.map { URL(fileURLWithPath: $0, relativeTo: folder).standardizedFileURL.path }
        guard let first = resolved.first, FileManager.default.fileExists(atPath: first),
            let repository = repositoryRoot(holding: first)
        else {
            return (folder, roots)
        }
        let prefix = repository == "/" ? "/" : repository + "/"
        let named = zip(roots, resolved).map { given, path -> String in
            guard FileManager.default.fileExists(atPath: path) else { return given }
            if path == repository { return "." }
            return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
        }
        return (URL(fileURLWithPath: repository, isDirectory: true), named)
    }

    /// The nearest folder at or above `path` that holds `.git` (a folder, or the file of a
    /// worktree or submodule), as git finds the repository it runs in; nil when none does.
    static func repositoryRoot(holding path: String) -> String? {
        var folder = path
        while true {
            var status = stat()
            if lstat(folder + (folder == "/" ? ".git" : "/.git"), &status) == 0 { return folder }
            guard folder != "/", let slash = folder.lastIndex(of: "/") else { return nil }
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
        }
    }
}
