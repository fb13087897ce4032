import Foundation
import SpecModel
import Utilities

/// What the Changes page (and `diff` without `--since`) compares the content with, derived
/// from git so that the site is a function of the repository, never of what an output folder
/// held before:
///
/// - while the content has uncommitted changes (edits, new or removed pages), the content at
///   `HEAD`: the page shows what the edits change;
/// - otherwise the content at the parent of the newest commit that changed it: the page shows
///   what the last change to the content changed, and a site built before that commit and one
///   built after it are the same bytes;
/// - `--changes-since REF` names the revision instead.
///
/// Outside a repository, or without git, there is nothing to compare with, and the page says why.
enum ChangesBaseline {
    /// What to compare with.
    enum Resolution: Sendable, Equatable {
        /// The content at `commit`, named `name` (the revision the user gave, or the commit's
        /// short hash); `commit` is nil before the first commit, where the content is empty.
        case revision(name: String, commit: String?)
        /// Nothing to compare with, for this reason.
        case unavailable(Unavailable)
    }

    /// Why there is nothing to compare with.
    enum Unavailable: Sendable, Equatable {
        case notARepository
        case gitNotRunnable(String)
        case gitFailed(String)
        case noCommit

        /// In words, as the Changes page says it after "There is nothing to compare with:".
        var reason: String {
            switch self {
            case .notARepository: "the content is not in a git repository"
            case .gitNotRunnable(let detail): "git cannot be run (\(detail))"
            case .gitFailed(let detail): "git could not read the content's history (\(detail))"
            case .noCommit: "no commit holds the content yet"
            }
        }
    }

    /// The baseline of `roots` (named from the project folder, where git runs) under
    /// `configuration`. A revision the
    /// user gave that git does not know is a failure; every other problem means there is
    /// nothing to compare with.
    static func resolve(
        roots: [String], configuration: PipelineConfiguration
    ) throws(PipelineFailure) -> Resolution {
        let git = Git(folder: configuration.projectFolder, environment: configuration.gitEnvironment)
        if let given = configuration.changesSince {
            guard !given.hasPrefix("-"),
                let commit = try? git.text(["rev-parse", "--verify", "--quiet", "\(given)^{commit}"]), !commit.isEmpty
            else {
                throw PipelineFailure(.failed, .unknownRevision(given, path: roots.joined(separator: " ")))
            }
            return .revision(name: given, commit: commit)
        }
        // Both questions at once: git takes a few milliseconds to start.
        let pathspecs = ["--"] + roots
        let answers = [
            ["status", "--porcelain=v2", "--branch", "-z", "--untracked-files=all"] + pathspecs,
            ["log", "-1", "--format=%H%x09%P"] + pathspecs,
        ].parallelMap { arguments in Result { () throws(Git.Failure) in try git.run(arguments) } }
        let status: [UInt8]
        let log: [UInt8]
        switch (answers[0], answers[1]) {
        case (.success(let first), .success(let second)): (status, log) = (first, second)
        case (.failure(let failure), _), (_, .failure(let failure)):
            if failure.notRunnable { return .unavailable(.gitNotRunnable(failure.description)) }
            if failure.description.contains("not a git repository") { return .unavailable(.notARepository) }
            return .unavailable(.gitFailed(failure.description))
        }
        var head: String?
        var uncommitted = false
        for record in status.split(separator: 0) {
            let line = String(decoding: record, as: UTF8.self)
            if line.hasPrefix("# branch.oid ") {
                let oid = String(line.dropFirst("# branch.oid ".count))
                head = oid == "(initial)" ? nil : oid
            } else if !line.hasPrefix("#"), !line.isEmpty, !line.hasPrefix("! ") {
                uncommitted = true
            }
        }
        // Named by the commit alone, so that a site built before a commit of the content and
        // one built after it say the same.
        if uncommitted { return derived(head) }
        let fields = String(decoding: log.prefix { $0 != 0x0A }, as: UTF8.self).split(separator: "\t")
        guard let changed = fields.first.map(String.init), !changed.isEmpty else {
            return .unavailable(.noCommit)
        }
        let parent = fields.count > 1 ? fields[1].split(separator: " ").first.map(String.init) : nil
        return derived(parent)
    }

    /// The baseline at `commit`, named by it; before the first commit when there is none.
    private static func derived(_ commit: String?) -> Resolution {
        .revision(name: commit.map { String($0.prefix(12)) } ?? "the first commit's parent", commit: commit)
    }
}

extension PipelineConfiguration {
    /// The environment git runs with: the configuration's, or the process's when it has none.
    var gitEnvironment: [String: String] {
        environment.isEmpty ? ProcessInfo.processInfo.environment : environment
    }
}
