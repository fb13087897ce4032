import Foundation
import SpecRunner

extension ExplorationCache {
    /// A hash of this executable, computed once per process.
    private static let executableFingerprint: String? =
        fingerprint(ofFile: "/proc/self/exe") ?? CommandLine.arguments.first.flatMap { fingerprint(ofFile: $0) }

    /// The cache `check`, `build` and `export` use: `PASSKEY_SPEC_CACHE` names its folder (or
    /// `off`), else `$XDG_CACHE_HOME/passkey-spec`, else `~/.cache/passkey-spec`. Nil (explore
    /// every time) when it is off, when no folder is known, or when the executable cannot be
    /// read to key the entries.
    static func forTool(environment: [String: String]) -> ExplorationCache? {
        let setting = environment["PASSKEY_SPEC_CACHE"] ?? ""
        guard setting != "off", let fingerprint = executableFingerprint else { return nil }
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
        return ExplorationCache(folder: folder.appendingPathComponent("explorations"), toolFingerprint: fingerprint)
    }
}
