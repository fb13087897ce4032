import Foundation
import ReportModel
import SpecDiff
import SpecModel
import SpecRunner
import Utilities

/// What the Changes page shows: the content and its run compared with the earlier version at
/// the Changes baseline (`ChangesBaseline`). Comparisons are kept in the tool's cache by the
/// earlier version and the run they compare, so that building the same content again reads
/// one small file instead of the earlier version.
struct ChangesStage {
    /// The kind of the cache's entries that hold comparisons.
    static let kind = CacheKind("changes", version: 1, limit: 64, fileExtension: ".json")

    let configuration: PipelineConfiguration
    let flows: FlowRegistry
    let roots: [String]

    /// The comparison of `current` with the content at `resolution`; a reason in place of
    /// one when there is nothing to compare with.
    func changes(of current: Version, since resolution: ChangesBaseline.Resolution) -> SpecChanges {
        guard case .revision(let name, let commit) = resolution else {
            if case .unavailable(let why) = resolution { return .unavailable(why.reason) }
            return .unavailable("there is nothing to compare with")
        }
        let baseline = Baseline(kind: .revision, name: name, commit: commit)
        let earlier = EarlierVersion(configuration: configuration, flows: flows)
        let store = configuration.cache?.store
        let key = commit.flatMap { earlier.key(roots: roots, commit: $0) }.map {
            [$0, name, current.report.fingerprint ?? ""]
        }
        if let store, let key, let bytes = store.bytes(Self.kind, key: key),
            let answer = try? SpecChanges.decodeJSON(Data(bytes))
        {
            return answer
        }
        // An answer is a function of the commit, the tool and the run it compares: kept, so
        // that building the same content again reads it instead of the earlier version.
        func kept(_ changes: SpecChanges) -> SpecChanges {
            if let store, let key, let data = try? changes.encodedJSON() {
                store.keep([UInt8](data), Self.kind, key: key)
            }
            return changes
        }
        let version: Version
        do throws(EarlierVersion.Failure) {
            version = try earlier.load(roots: roots, at: commit, name: name)
        } catch {
            switch error {
            case .git(.notARepository): return .unavailable("the content is not in a git repository")
            case .git(.unknownRevision): return .unavailable("git does not know revision \(name)")
            case .git(.git(let detail)): return .unavailable("git could not read revision \(name) (\(detail))")
            case .contentHasErrors(let errors):
                // Kept too: each build would otherwise read and lint the earlier version again
                // to learn that it has errors.
                return kept(
                    .unavailable(
                        "the content at revision \(name) has \(errors.count == 1 ? "an error" : "\(errors.count) errors"); 'passkey-spec diff' lists them"
                    ))
            }
        }
        return kept(SpecChanges.compare(version, current, baseline: baseline))
    }
}
