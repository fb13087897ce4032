import Foundation
import SpecRunner

/// The tool's cache folder: `PASSKEY_SPEC_CACHE` names it (or `off`), else
/// `$XDG_CACHE_HOME/passkey-spec`, else `~/.cache/passkey-spec`. It keeps explorations
/// (a function of the engine, not of the content) and the manifests of incremental builds.
struct ToolCache {
    let folder: URL
    /// A hash of this executable: every entry is keyed by it, so a changed tool starts afresh.
    let toolFingerprint: String

    /// The cache, or nil when it is off, when no folder is known, or when the executable
    /// cannot be read to key the entries.
    init?(environment: [String: String]) {
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
        self.folder = folder
        toolFingerprint = fingerprint
    }

    var explorations: ExplorationCache {
        ExplorationCache(folder: folder.appendingPathComponent("explorations"), toolFingerprint: toolFingerprint)
    }
}

extension ExplorationCache {
    /// The cache `check`, `build` and `export` use (see `ToolCache`); nil explores every time.
    static func forTool(environment: [String: String]) -> ExplorationCache? {
        ToolCache(environment: environment)?.explorations
    }
}
