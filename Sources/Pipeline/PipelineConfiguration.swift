import Foundation
import SpecModel
import SpecRunner

/// What one run of the pipeline reads and how: the content, the folder paths are relative
/// to, the templates, the flows, the cache and the Changes baseline. Every command builds one
/// from its arguments; tests build one with a folder of their own.
public struct PipelineConfiguration: Sendable {
    /// The folder relative paths are read from, as the invocation's working directory.
    public var workingDirectory: URL
    /// The spec pages: Markdown files or folders, as the user named them.
    public var roots: [String]
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
    /// The templates folder a build takes from the working directory when there is one.
    public static let defaultTemplatesFolder = "templates"

    public init(
        workingDirectory: URL, roots: [String] = [], strict: Bool = false, templates: String? = nil,
        flows: @escaping @Sendable () -> FlowRegistry = { FlowCatalogue.registered }, cache: ToolCache? = nil,
        changesSince: String? = nil, environment: [String: String] = [:]
    ) {
        // A folder's URL, so that relative paths resolve inside it rather than beside it.
        self.workingDirectory = URL(fileURLWithPath: workingDirectory.standardizedFileURL.path, isDirectory: true)
        self.roots = roots.isEmpty ? [Self.defaultRoot] : roots
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
}
