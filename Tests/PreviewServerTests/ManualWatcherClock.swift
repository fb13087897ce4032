import Foundation
import Glibc
import Testing

@testable import PreviewServer

/// A `WatcherClock` whose time moves only when a test moves it, as The Composable
/// Architecture's test clock does: a test shows that a wait ends at its timeout, or a change
/// once settled, by moving the clock there, with no real time to wait and no race with it.
///
/// The watcher waits on it on the test's thread; another thread moves it with
/// `advance(by:)`, which first waits until the watcher is idle: waiting on the clock, with
/// nothing to read, for a time that has not come. By then the watcher has read every event
/// the test's changes made and fixed the deadline that the test moves past. What is real
/// still happens in real time: the kernel wakes a waiting watcher when there is something to
/// read.
///
/// A wait, or a wait for the watcher to be idle, ends after `patience` real seconds however
/// the clock stands, so that a watcher that misses an event fails its test instead of
/// hanging it.
final class ManualWatcherClock: WatcherClock, @unchecked Sendable {
    /// What the watcher waits for, in one call of `wait`.
    struct Wait: Equatable, Sendable {
        var descriptor: Int32?
        var deadline: Double?
    }

    /// Real seconds; never reached when the watcher works.
    static let patience = 10.0

    /// Guards the time and the wait in progress, and tells when the wait changes.
    private let condition = NSCondition()
    private var time = 0.0
    /// The wait in progress.
    private var current: Wait?
    private var count = 0
    /// A pipe that `advance` writes to, to wake a wait blocked in `poll`.
    private let wakeUp: (read: Int32, write: Int32)

    init() {
        var ends: [Int32] = [-1, -1]
        precondition(pipe(&ends) == 0, "cannot make a pipe")
        for end in ends { _ = fcntl(end, F_SETFL, O_NONBLOCK) }
        wakeUp = (ends[0], ends[1])
    }

    deinit {
        close(wakeUp.read)
        close(wakeUp.write)
    }

    /// How many waits the watcher has made on the clock.
    var waits: Int { condition.withLock { count } }

    func now() -> Double { condition.withLock { time } }

    func wait(for descriptor: Int32?, until deadline: Double?) -> WatcherWake {
        condition.withLock {
            count += 1
            current = Wait(descriptor: descriptor, deadline: deadline)
            condition.broadcast()
        }
        defer {
            condition.withLock {
                current = nil
                condition.broadcast()
            }
        }
        let giveUp = Date(timeIntervalSinceNow: Self.patience)
        while true {
            if let deadline, deadline <= now() { return .deadline }
            if let descriptor, Self.readable(descriptor) { return .readable }
            let left = giveUp.timeIntervalSinceNow
            guard left > 0 else {
                Issue.record("the watcher waited \(Self.patience) s for a clock that did not move")
                return .deadline
            }
            var entries = [pollfd(fd: wakeUp.read, events: Int16(POLLIN), revents: 0)]
            if let descriptor { entries.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)) }
            _ = poll(&entries, nfds_t(entries.count), Int32((left * 1000).rounded(.up)))
            var bytes = [UInt8](repeating: 0, count: 64)
            while read(wakeUp.read, &bytes, bytes.count) > 0 {}
        }
    }

    /// Blocks until the watcher is idle; what it waits for then, or nil when it is not idle
    /// within `patience`.
    @discardableResult
    func idle() -> Wait? { condition.withLock { idleWithLock() } }

    /// Once the watcher is idle, moves the time on by `seconds` and wakes it. Returns what the
    /// watcher waited for when the time moved, or nil when it was not idle within `patience`
    /// (the time moves all the same).
    @discardableResult
    func advance(by seconds: Double) -> Wait? {
        let woken = condition.withLock {
            let woken = idleWithLock()
            time += seconds
            return woken
        }
        var byte: UInt8 = 1
        _ = write(wakeUp.write, &byte, 1)
        return woken
    }

    /// `idle()`, with `condition` locked. The watcher changes its wait only with the lock
    /// held and reads its descriptor only between waits, so what is found here holds until
    /// the lock is let go.
    private func idleWithLock() -> Wait? {
        let giveUp = Date(timeIntervalSinceNow: Self.patience)
        while true {
            if let wait = current, wait.deadline.map({ $0 > time }) ?? true,
                !(wait.descriptor.map(Self.readable) ?? false)
            {
                return wait
            }
            // The watcher is between waits, or about to wake: the wait changes soon.
            guard condition.wait(until: giveUp) else { return nil }
        }
    }

    /// Whether `descriptor` has something to read now.
    private static func readable(_ descriptor: Int32) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) > 0
    }
}

/// Runs `body` on a thread of its own, beside the test; `join()` waits for its value.
final class Meanwhile<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var value: Value?

    init(_ body: @escaping @Sendable () -> Value) {
        Thread.detachNewThread {
            self.value = body()
            self.done.signal()
        }
    }

    func join() -> Value {
        done.wait()
        return value!
    }
}
