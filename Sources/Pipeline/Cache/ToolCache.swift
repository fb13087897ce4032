import Foundation
import SpecModel
import SpecRunner
import Utilities

/// The tool's cache folder: `PASSKEY_SPEC_CACHE` names it (or `off`), else
/// `$XDG_CACHE_HOME/passkey-spec`, else `~/.cache/passkey-spec`. It keeps what is a function
/// of the tool rather than of the content (explorations, diagram layouts and pictures, the
/// earlier versions the Changes page compares with) and the manifests of incremental builds.
///
/// It stays bounded: `trim()` keeps the newest entries of each kind up to a limit, and drops
/// the manifests of folders that no longer hold a build.
public struct ToolCache: Sendable {
    public let folder: URL
    /// A hash of this executable: every entry is keyed by it, so a changed tool starts afresh.
    public let toolFingerprint: String

    /// How many entries of each kind the cache keeps, newest first.
    static let limits: [(folder: String, count: Int)] = [
        (BuildManifest.folder, 32), ("explorations", 16), ("layouts", 256), ("diagrams", 256), ("executables", 8),
        (EarlierVersion.folder, 64), (explanationsFolder, 256), (kitsFolder, 8),
    ]

    /// Where the site's conformance kits are kept (see `ConformanceKits`).
    static let kitsFolder = "kits"

    /// Where `explanationFile(of:)` writes.
    static let explanationsFolder = "explanations"

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
        // The hash of the executable is remembered under the file's stamp, so the tool's
        // megabytes are read once per build of the tool, not once per run.
        let memo = folder.appendingPathComponent("executables")
        guard
            let fingerprint = ExplorationCache.fingerprint(ofFile: "/proc/self/exe", rememberedIn: memo)
                ?? CommandLine.arguments.first.flatMap({ ExplorationCache.fingerprint(ofFile: $0, rememberedIn: memo) })
        else { return nil }
        self.init(folder: folder, toolFingerprint: fingerprint)
    }

    /// A cache in `folder` whose entries are keyed by `toolFingerprint`.
    public init(folder: URL, toolFingerprint: String) {
        self.folder = folder
        self.toolFingerprint = toolFingerprint
    }

    /// Where explorations are kept.
    public var explorations: ExplorationCache {
        ExplorationCache(folder: folder.appendingPathComponent("explorations"), toolFingerprint: toolFingerprint)
    }

    /// A file holding the explanation of message `id` as built into this tool
    /// (`docs/diagnostics/ID.md`), for an editor to open from a diagnostic's link; nil when the
    /// ID has none or the file cannot be written. Written when missing or different.
    public func explanationFile(of id: MessageID) -> URL? {
        guard let markdown = MessageExplanation.markdown(of: id.rawValue) else { return nil }
        let file = folder.appendingPathComponent(Self.explanationsFolder).appendingPathComponent(id.rawValue + ".md")
        let bytes = Array(markdown.utf8)
        if (try? FileBytes.read(file.path)) == bytes {
            Self.touch(file.path)
            return file
        }
        return FileBytes.keep(bytes, at: file.path) ? file : nil
    }

    /// Keeps at most `limits` entries of each kind, the most recently used; a build manifest
    /// whose folder no longer holds a build goes first. Cheap when nothing was added: a kind
    /// whose folder has not changed since the last trim is not listed again (an entry only
    /// goes over a limit by being added, which changes its folder), except the manifests,
    /// whose output folders may have gone since.
    public func trim() {
        let stamp = folder.appendingPathComponent(".trimmed").path
        let lastTrim = Self.modified(stamp)
        // Stamped before the listing: what is added while this trim lists is seen by the next.
        let descriptor = open(stamp, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        if descriptor >= 0 { close(descriptor) }
        Self.touch(stamp)
        for (name, limit) in Self.limits {
            let path = folder.appendingPathComponent(name).path
            if name != BuildManifest.folder, let lastTrim, let changed = Self.modified(path), changed < lastTrim {
                continue
            }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            var entries: [(name: String, used: Int64)] = []
            for entry in names where !entry.hasPrefix(".") {
                guard let used = Self.modified(path + "/" + entry) else { continue }
                if name == BuildManifest.folder, !BuildManifest.outputStillBuilt(manifest: path + "/" + entry) {
                    unlink(path + "/" + entry)
                    continue
                }
                entries.append((entry, used))
            }
            guard entries.count > limit else { continue }
            for entry in entries.sorted(by: { ($0.used, $0.name) > ($1.used, $1.name) }).dropFirst(limit) {
                unlink(path + "/" + entry.name)
            }
        }
    }

    /// When a file or folder last changed, in nanoseconds; nil when it cannot be read.
    private static func modified(_ path: String) -> Int64? { FileStamp(path: path)?.modifiedNanoseconds }

    /// Marks an entry as used now, so that `trim` keeps it over older ones.
    static func touch(_ path: String) {
        utimensat(AT_FDCWD, path, nil, 0)
    }
}
