import Foundation
import Testing
import Utilities

/// `SideWork` runs once, on whichever thread comes to it first, and has let go of the work
/// when `wait` returns.
@Suite struct SideWorkTests {
    /// What the work saw: how often it ran, and whether on the thread that waited.
    final class Record: @unchecked Sendable {
        let lock = NSLock()
        var runs = 0
        var ranOnWaiter = false
    }

    final class Token: Sendable {}

    @Test func aWaiterRunsTheWorkItselfWhenNoThreadHasBegunIt() {
        // A queue that never starts anything until resumed: a pool whose every thread waits.
        let stalled = DispatchQueue(label: "stalled")
        stalled.suspend()
        let record = Record()
        let waiter = pthread_self()
        let work = SideWork(on: stalled) {
            record.lock.withLock {
                record.runs += 1
                record.ranOnWaiter = pthread_equal(pthread_self(), waiter) != 0
            }
        }
        work.wait()
        #expect(record.lock.withLock { (record.runs, record.ranOnWaiter) } == (1, true))
        stalled.resume()
        stalled.sync {}
        #expect(record.lock.withLock { record.runs } == 1, "the queue ran the work again")
    }

    @Test func workBegunElsewhereIsWaitedForAndLetGoBeforeTheWaitReturns() {
        let queue = DispatchQueue(label: "side")
        let started = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let record = Record()
        var token: Token? = Token()
        weak let held = token
        let work = SideWork(on: queue) { [token] in
            started.signal()
            proceed.wait()
            withExtendedLifetime(token) { record.lock.withLock { record.runs += 1 } }
        }
        token = nil
        started.wait()
        proceed.signal()
        work.wait()
        #expect(record.lock.withLock { record.runs } == 1)
        // `withoutActuallyEscaping` traps if anyone still holds a closure when it returns.
        #expect(held == nil, "the work is still held after the wait")
    }
}
