import Foundation

/// Work started on another core, run by whichever thread comes to it first: a core of the
/// shared pool, or the thread that waits for it. No thread ever waits for work that no thread
/// has begun.
///
/// Waiting with a `DispatchGroup` for work queued on the shared pool can starve: when every
/// thread of the pool is itself waiting (on one core there is one), the queued work runs only
/// once the pool adds a thread, about a second later. Here the waiter runs the work instead.
public final class SideWork: @unchecked Sendable {
    private let condition = NSCondition()
    private var work: (@Sendable () -> Void)?
    private var done = false

    /// Starts `work` on the shared pool, or on `queue`.
    public init(on queue: DispatchQueue = .global(), _ work: @escaping @Sendable () -> Void) {
        self.work = work
        queue.async { self.runUnlessBegun() }
    }

    /// Returns once the work has run: it runs here if no other thread has begun it.
    public func wait() {
        if runUnlessBegun() { return }
        condition.lock()
        while !done { condition.wait() }
        condition.unlock()
    }

    /// Runs the work if no thread has begun it; whether this call ran it.
    @discardableResult
    private func runUnlessBegun() -> Bool {
        condition.lock()
        var claimed = work
        work = nil
        condition.unlock()
        guard claimed != nil else { return false }
        claimed?()
        // Let go of the work before saying it is done: a waiter may hold it in
        // `withoutActuallyEscaping`, which checks that no one else does once it returns.
        claimed = nil
        condition.lock()
        done = true
        condition.broadcast()
        condition.unlock()
        return true
    }
}
