import Glibc

/// The time a `FileWatcher` waits by: its settle time, its longest settle, the polling
/// fallback's interval and the timeout of `waitForChange` all pass on it. It is injected, as
/// The Composable Architecture injects its clocks, so that a test moves the time by hand
/// instead of waiting for it: the watcher runs on `SystemWatcherClock` otherwise.
protocol WatcherClock {
    /// Seconds from a fixed start; never goes back.
    func now() -> Double

    /// Blocks until `deadline` (in `now()`'s seconds; nil: no end) has come or, sooner, until
    /// `descriptor` has something to read (nil: only the deadline ends the wait). A deadline
    /// that has come ends the wait even when the descriptor has something to read, so that a
    /// stream of events that do not count cannot hold back a timeout.
    func wait(for descriptor: Int32?, until deadline: Double?) -> WatcherWake
}

/// How a wait on a `WatcherClock` ended.
enum WatcherWake: Equatable {
    /// The descriptor has something to read.
    case readable
    /// The deadline came.
    case deadline
    /// The descriptor cannot be waited on: `poll` failed, and not because of a signal.
    case failed
}

/// The system's monotonic clock, which a change of the wall clock does not move. A wait is
/// `poll`, which sleeps in the kernel until the descriptor is readable or the time is up, so
/// that a watcher waiting for a change uses no CPU.
struct SystemWatcherClock: WatcherClock {
    func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    func wait(for descriptor: Int32?, until deadline: Double?) -> WatcherWake {
        // No descriptor: `poll` of none is a sleep that a signal can cut short.
        var entries = descriptor.map { [pollfd(fd: $0, events: Int16(POLLIN), revents: 0)] } ?? []
        while true {
            var milliseconds: Int32 = -1
            if let deadline {
                let left = deadline - now()
                guard left > 0 else { return .deadline }
                milliseconds = Int32(min((left * 1000).rounded(.up), Double(Int32.max)))
            }
            let result = poll(&entries, nfds_t(entries.count), milliseconds)
            if result > 0 { return .readable }
            // Interrupted by a signal, or the time is up: the next turn waits for what is left.
            if result < 0, errno != EINTR { return .failed }
        }
    }
}
