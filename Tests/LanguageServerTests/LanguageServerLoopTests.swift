import Foundation
import Testing

@testable import LanguageServer

/// The loop's inbox: messages in the order they arrived, and one `quiet` per message once the
/// client has paused.
@Suite struct InboxTests {
    static func uptime() -> TimeInterval { ProcessInfo.processInfo.systemUptime }

    @Test func thePauseCountsFromTheMessagesArrivalNotFromWhenItWasHandled() {
        let inbox = Inbox()
        inbox.put(.body(Data("{}".utf8)))
        guard case .frame(.body(let body)) = inbox.take(quietFor: 0.6) else {
            Issue.record("the message was not taken first")
            return
        }
        #expect(body == Data("{}".utf8))
        // Handling the message took longer than the pause: the engine's turn is due at once,
        // where a pause counted from now would wait 0.6 s more.
        Thread.sleep(forTimeInterval: 1.0)
        let asked = Self.uptime()
        guard case .quiet = inbox.take(quietFor: 0.6) else {
            Issue.record("no quiet after the pause")
            return
        }
        #expect(Self.uptime() - asked < 0.6)
    }

    @Test func quietIsSaidOnceAfterEachMessage() {
        let inbox = Inbox()
        let start = Self.uptime()
        inbox.put(.body(Data("[]".utf8)))
        guard case .frame = inbox.take(quietFor: 0.1) else {
            Issue.record("no message")
            return
        }
        guard case .quiet = inbox.take(quietFor: 0.1) else {
            Issue.record("no quiet")
            return
        }
        #expect(Self.uptime() - start >= 0.1)
        // No message since: the next wait ends with the stream's close, not a second quiet.
        DispatchQueue.global().asyncAfter(deadline: .now() + 0.3) { inbox.close() }
        let waited = Self.uptime()
        guard case .closed = inbox.take(quietFor: 0.1) else {
            Issue.record("quiet said twice")
            return
        }
        #expect(Self.uptime() - waited >= 0.25)
    }

    @Test func aCancellationIsNotedAndNotQueued() {
        let inbox = Inbox()
        let cancel = JSONValue.object(["jsonrpc": "2.0", "method": "$/cancelRequest", "params": ["id": 7]])
        inbox.put(.body(cancel.data))
        #expect(inbox.isCancelled(.number(7)))
        #expect(!inbox.isCancelled(.number(7)))
        inbox.close()
        guard case .closed = inbox.take(quietFor: 0.1) else {
            Issue.record("the cancellation was queued")
            return
        }
    }
}
