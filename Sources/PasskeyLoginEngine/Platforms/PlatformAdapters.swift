import SpecModel

/// The platforms the engine can run on, each through its adapter. A platform without an
/// adapter here can be named by a spec but not checked.
public enum PlatformAdapters {
    /// One adapter per platform, in the order of `Platform.known`.
    public static let all: [any PlatformAdapter] = [IOSAdapter(), AndroidAdapter(), WebAdapter()]

    /// The adapter of a platform, nil when the engine does not model it.
    public static func adapter(for platform: Platform) -> (any PlatformAdapter)? {
        all.first { $0.platform == platform }
    }
}
