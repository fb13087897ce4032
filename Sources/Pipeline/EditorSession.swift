import Foundation
import SpecModel
import SpecParser
import SpecRunner
import Utilities

/// What `Pipeline`'s lint and check keep between runs for a client that runs them again and
/// again on content that changes a page at a time (the language server): the source store,
/// which reads and parses a page again only when its version changes, and the last lint. Pass
/// the same session to `Pipeline.lint(session:edited:)` and `Pipeline.check(session:)`; the
/// results are those of `lint()` and `check()` on the same configuration.
///
/// - An edit to files the content holds (`edited`) re-reads nothing else: the folders are
///   listed again by the next run without one.
/// - The lint of the same pages is not done twice: the check after a pause starts from the
///   lint of the last edit.
/// - The flows' explorations come from the configuration's cache, which keeps them in this
///   process's memory after the first: the check explores nothing after the first time.
public final class EditorSession: @unchecked Sendable {
    private let lock = NSLock()
    private var store: SourceStore?
    /// The last lint, and what it read.
    private var linted: (key: LintKey, result: PipelineResult)?
    private let clock: any WallClock

    /// A session whose store trusts a file's stamp by `clock`.
    public init(clock: any WallClock = SystemClock()) {
        self.clock = clock
    }

    /// The session's store, made for `flows` on first use.
    func store(for flows: @autoclosure () -> FlowRegistry) -> SourceStore {
        lock.withLock {
            if let store { return store }
            let made = SourceStore(flows: LazyFlows(flows()), clock: clock, trees: .kept)
            store = made
            return made
        }
    }

    /// How much reading and parsing the session's store has done.
    public var parses: Int { lock.withLock { store?.statistics.parses ?? 0 } }
    /// How often the session's store listed the folders.
    public var listings: Int { lock.withLock { store?.statistics.listings ?? 0 } }
    /// How often each lint rule ran, by rule name.
    public var ruleRuns: [String: Int] { lock.withLock { store?.statistics.ruleRuns ?? [:] } }

    /// The parse of an open document's text, shared with the lint of the same text.
    public func page(at path: String, text: [UInt8], relativePath: String, flows: FlowRegistry) -> LoadedFile {
        store(for: flows).page(at: path, text: text, relativePath: relativePath)
    }

    /// What a lint read and how: the same key, the same lint.
    struct LintKey: Equatable {
        var read: SourceStore.Snapshot.Key
        var strict: Bool
        var workingDirectory: URL
    }

    /// The lint remembered for what `key` read, if it is the last one.
    func lint(for key: LintKey) -> PipelineResult? {
        lock.withLock {
            guard let linted, linted.key == key else { return nil }
            return linted.result
        }
    }

    /// Remembers the lint of what `key` read.
    func remember(_ result: PipelineResult, for key: LintKey) {
        lock.withLock { linted = (key, result) }
    }

    /// Forgets the last lint (the folders could not be read).
    func forgetLint() {
        lock.withLock { linted = nil }
    }
}
