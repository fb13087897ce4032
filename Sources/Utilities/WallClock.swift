import Glibc

/// The time of day as file systems stamp files with it: nanoseconds since the epoch. Injected
/// where a file's stamp is compared with now (whether the stamp can be trusted yet), so that a
/// test moves time on instead of waiting for it.
public protocol WallClock: Sendable {
    /// Now, in nanoseconds since the epoch.
    func now() -> Int64
}

/// The system's real-time clock, which file modification times follow.
public struct SystemClock: WallClock {
    public init() {}

    public func now() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec)
    }
}

/// A clock that stands still until it is moved: for tests.
public final class ManualWallClock: WallClock, @unchecked Sendable {
    private let lock = Locked<Int64>(0)

    /// A clock at `start` nanoseconds since the epoch.
    public init(at start: Int64) {
        lock.withLock { $0 = start }
    }

    public func now() -> Int64 { lock.withLock { $0 } }

    /// Moves the clock on by `nanoseconds`.
    public func advance(by nanoseconds: Int64) {
        lock.withLock { $0 += nanoseconds }
    }

    /// Sets the clock to `time`.
    public func set(_ time: Int64) {
        lock.withLock { $0 = time }
    }
}
