import Foundation
import SpecModel
import SpecRunner
import Utilities

/// The tool's cache folder: `PASSKEY_SPEC_CACHE` names it (or `off`), else
/// `$XDG_CACHE_HOME/passkey-spec`, else `~/.cache/passkey-spec`. It keeps, in one store (see
/// `CacheStore`), what is a function of the tool rather than of the content (explorations,
/// diagram layouts and pictures, the earlier versions the Changes page compares with, the
/// site's kits, explanations for the editor) and the manifests of incremental builds.
///
/// It stays bounded: `trim()` keeps the most recently used entries of each kind up to its
/// limit, and drops the manifests of folders that no longer hold a build.
public struct ToolCache: Sendable {
    public let store: CacheStore

    /// The cache's folder.
    public var folder: URL { store.folder }
    /// A hash of this executable: the entries the tool makes are keyed by it, so a changed tool
    /// starts afresh.
    public var toolFingerprint: String { store.toolFingerprint }

    /// Every kind of entry the cache keeps, which `trim` bounds.
    static let kinds: [CacheKind] = [
        BuildManifest.kind, ExplorationCache.kind, DiagramLayoutCache.layouts, DiagramLayoutCache.pictures,
        CacheStore.fileHashes, EarlierVersion.kind, ChangesStage.kind, explanations, ConformanceKits.kind,
        IncrementalBuild.exportsKind,
    ]

    /// The explanations of messages an editor opens from a diagnostic's link.
    static let explanations = CacheKind("explanations", version: 1, limit: 256, fileExtension: ".md")

    /// The cache, or nil when it is off, when no folder is known, or when the executable
    /// cannot be read to key the entries.
    public init?(environment: [String: String]) {
        let setting = environment["PASSKEY_SPEC_CACHE"] ?? ""
        guard setting != "off" else { return nil }
        let folder: URL
        if !setting.isEmpty {
            folder = URL(fileURLWithPath: setting)
        } else if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty {
            folder = URL(fileURLWithPath: xdg).appendingPathComponent("passkey-spec")
        } else if let home = environment["HOME"], !home.isEmpty {
            folder = URL(fileURLWithPath: home).appendingPathComponent(".cache/passkey-spec")
        } else {
            return nil
        }
        // The hash of the executable is kept under the file's stamp, so the tool's megabytes
        // are read once per build of the tool, not once per run.
        let unkeyed = CacheStore(folder: folder, toolFingerprint: "")
        guard
            let fingerprint = unkeyed.fingerprint(ofFile: "/proc/self/exe")
                ?? CommandLine.arguments.first.flatMap({ unkeyed.fingerprint(ofFile: $0) })
        else { return nil }
        self.init(folder: folder, toolFingerprint: fingerprint)
    }

    /// A cache in `folder` whose entries are keyed by `toolFingerprint`.
    public init(folder: URL, toolFingerprint: String) {
        store = CacheStore(folder: folder, toolFingerprint: toolFingerprint)
    }

    /// Where explorations are kept.
    public var explorations: ExplorationCache { ExplorationCache(store: store) }

    /// A file holding the explanation of message `id` as built into this tool
    /// (`docs/diagnostics/ID.md`), for an editor to open from a diagnostic's link; nil when the
    /// ID has none or the file cannot be written. Written when missing or different.
    public func explanationFile(of id: MessageID) -> URL? {
        guard let markdown = MessageExplanation.markdown(of: id.rawValue) else { return nil }
        let bytes = Array(markdown.utf8)
        // Named after the message too: an editor shows the file's name on its tab.
        let (key, label) = ([id.rawValue], id.rawValue)
        if store.bytes(Self.explanations, key: key, label: label) == bytes {
            return store.file(Self.explanations, key: key, label: label)
        }
        return store.keep(bytes, Self.explanations, key: key, label: label)
    }

    /// Keeps at most each kind's limit of entries, the most recently used; a build manifest
    /// whose folder no longer holds a build goes first.
    public func trim() {
        store.trim(Self.kinds)
    }
}
