/// The tool's name and version, declared once: `--version`, the site's footer and the tool
/// entries of the exports (SARIF, JUnit) all read it from here.
public enum ToolVersion {
    /// The command's name.
    public static let name = "passkey-spec"
    /// The released version, `MAJOR.MINOR.PATCH`.
    public static let current = "0.1.0"
}
