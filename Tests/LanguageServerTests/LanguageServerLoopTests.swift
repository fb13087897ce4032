import Foundation
import Testing

@testable import LanguageServer

/// The loop's inbox: messages in the order they arrived, and one `quiet` per message once the
/// client has paused, measured on a clock the tests move: no test waits for time to pass.
@Suite struct InboxTests {
    /// `take` on another thread, and what it returned once it returns.
    final class Taker: @unchecked Sendable {
        private let done = DispatchSemaphore(value: 0)
        private var next: Inbox.Next?

        init(_ inbox: Inbox, pause: TimeInterval) {
            Thread {
                self.next = inbox.take(quietFor: pause)
                self.done.signal()
            }.start()
        }

        /// What `take` returned, once it did; nil when it has not within the guard of real time.
        func result() -> Inbox.Next? {
            done.wait(timeout: .now() + 10) == .success ? next : nil
        }

        /// Whether `take` has returned yet, without waiting.
        var hasReturned: Bool {
            guard done.wait(timeout: .now()) == .success else { return false }
            done.signal()
            return true
        }
    }

    @Test func thePauseCountsFromTheMessagesArrivalNotFromWhenItWasHandled() {
        let clock = ManualInboxClock()
        let inbox = Inbox(clock: clock)
        inbox.put(.body(Data("{}".utf8)))
        guard case .frame(.body(let body)) = inbox.take(quietFor: 0.6) else {
            Issue.record("the message was not taken first")
            return
        }
        #expect(body == Data("{}".utf8))
        // Handling the message took longer than the pause: the engine's turn is due at once,
        // where a pause counted from now would wait 0.6 more.
        clock.advance(by: 1.0)
        guard case .quiet = inbox.take(quietFor: 0.6) else {
            Issue.record("no quiet after the pause")
            return
        }
    }

    @Test func quietComesWhenThePauseHasPassedAndNotBefore() {
        let clock = ManualInboxClock()
        let inbox = Inbox(clock: clock)
        inbox.put(.body(Data("[]".utf8)))
        guard case .frame = inbox.take(quietFor: 0.2) else {
            Issue.record("no message")
            return
        }
        let taker = Taker(inbox, pause: 0.2)
        clock.untilWaits(1)
        clock.advance(by: 0.1)
        // The taker looked at the time and waits again: not quiet yet.
        #expect(clock.untilWaits(2) == 2)
        #expect(!taker.hasReturned, "quiet before the pause passed")
        clock.advance(by: 0.1)
        guard case .quiet = taker.result() else {
            Issue.record("no quiet once the pause passed")
            return
        }
    }

    @Test func quietIsSaidOnceAfterEachMessage() {
        let clock = ManualInboxClock()
        let inbox = Inbox(clock: clock)
        inbox.put(.body(Data("[]".utf8)))
        guard case .frame = inbox.take(quietFor: 0.1) else {
            Issue.record("no message")
            return
        }
        clock.advance(by: 0.1)
        guard case .quiet = inbox.take(quietFor: 0.1) else {
            Issue.record("no quiet")
            return
        }
        // No message since: however long it stays quiet, the next wait ends with the next
        // message or the stream's close, not a second quiet.
        let waited = clock.waitsBegun
        let taker = Taker(inbox, pause: 0.1)
        clock.untilWaits(waited + 1)
        clock.advance(by: 5)
        // The taker looked at the time and waits again, for a message or the close.
        #expect(clock.untilWaits(waited + 2) == waited + 2)
        #expect(!taker.hasReturned, "quiet said twice")
        inbox.close()
        guard case .closed = taker.result() else {
            Issue.record("no close")
            return
        }
    }

    @Test func aMessageThatArrivesDuringThePauseStartsItAgain() {
        let clock = ManualInboxClock()
        let inbox = Inbox(clock: clock)
        inbox.put(.body(Data("1".utf8)))
        _ = inbox.take(quietFor: 0.2)
        clock.advance(by: 0.15)
        inbox.put(.body(Data("2".utf8)))
        guard case .frame(.body(let second)) = inbox.take(quietFor: 0.2) else {
            Issue.record("the second message was not taken")
            return
        }
        #expect(second == Data("2".utf8))
        let taker = Taker(inbox, pause: 0.2)
        clock.untilWaits(1)
        clock.advance(by: 0.1)
        // 0.25 since the first message, 0.1 since the second: the taker waits again.
        #expect(clock.untilWaits(2) == 2)
        #expect(!taker.hasReturned)
        clock.advance(by: 0.1)
        guard case .quiet = taker.result() else {
            Issue.record("no quiet after the second message's pause")
            return
        }
    }

    @Test func aCancellationIsNotedAndNotQueued() {
        let inbox = Inbox(clock: ManualInboxClock())
        let cancel = JSONValue.object(["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": 7]])
        inbox.put(.body(cancel.data))
        #expect(inbox.isCancelled(.number(7)))
        #expect(!inbox.isCancelled(.number(8)))
        #expect(!inbox.isCancelled(.string("7")))
        inbox.close()
        guard case .closed = inbox.take(quietFor: 0.1) else {
            Issue.record("the cancellation was queued")
            return
        }
    }
}
