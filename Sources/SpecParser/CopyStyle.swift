import SpecModel

/// The copy style rules of each platform's guidelines, as warnings.
public enum CopyStyle {
    public static func findings(in specs: [Spec]) -> [Diagnostic] { [] }
}
