import Foundation

/// Lets a process that is told to stop (SIGINT, SIGTERM) remove what its builds staged, but
/// never while a build is being put in place. Staged writes pass through the gate side by
/// side and a commit passes alone; `close` waits for the ones under way, refuses every later
/// one, and runs the clean-up each writer registered. The output then holds one whole build:
/// the previous one, or the new one if its commit had begun.
public final class WriteGate: @unchecked Sendable {
    /// The gate every `SiteWriter` of this process goes through.
    public static let shared = WriteGate()

    /// Thrown by a write or commit after the gate closed.
    public struct Closed: Error, CustomStringConvertible {
        public var description: String { "the build was stopped" }
    }

    private let condition = NSCondition()
    private var writes = 0
    private var committing = false
    private var closing = false
    private var cleanups: [Int: @Sendable () -> Void] = [:]
    private var nextToken = 0

    init() {}

    /// Runs `body` beside other writes; not during a commit, nor once the gate is closing.
    func write<T>(_ body: () throws -> T) throws -> T {
        condition.lock()
        while committing && !closing { condition.wait() }
        guard !closing else {
            condition.unlock()
            throw Closed()
        }
        writes += 1
        condition.unlock()
        defer {
            condition.lock()
            writes -= 1
            // Only a commit or `close` waits for writes, and only for none at all.
            if writes == 0 { condition.broadcast() }
            condition.unlock()
        }
        return try body()
    }

    /// Runs `body` alone: no write runs meanwhile, and `close` waits for it to end.
    func alone<T>(_ body: () throws -> T) throws -> T {
        condition.lock()
        while (committing || writes > 0) && !closing { condition.wait() }
        guard !closing else {
            condition.unlock()
            throw Closed()
        }
        committing = true
        condition.unlock()
        defer {
            condition.lock()
            committing = false
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }

    /// Keeps `cleanup` to run if the gate closes; returns the token that forgets it.
    func register(_ cleanup: @escaping @Sendable () -> Void) -> Int {
        condition.lock()
        defer { condition.unlock() }
        nextToken += 1
        cleanups[nextToken] = cleanup
        return nextToken
    }

    func unregister(_ token: Int) {
        condition.lock()
        cleanups[token] = nil
        condition.unlock()
    }

    /// Waits for the writes and the commit under way to end, refuses every later one, and
    /// runs each registered clean-up. Called once the process is to stop.
    public func close() {
        condition.lock()
        closing = true
        while writes > 0 || committing { condition.wait() }
        let pending = cleanups.sorted { $0.key < $1.key }.map(\.value)
        cleanups = [:]
        condition.unlock()
        for cleanup in pending { cleanup() }
    }
}
