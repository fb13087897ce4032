import Foundation
import LanguageServerProtocol
import Pipeline

/// Runs a `LanguageServer` over a byte stream: a thread reads and frames the client's
/// messages (and notes cancellations as they arrive), and this one handles them in order,
/// letting the server check with the engine when the client pauses.
public enum LanguageServerLoop {
    /// How long the client must have sent nothing, counted from its last message's arrival,
    /// before the engine checks the latest text: short enough that the engine's verdict
    /// follows an edit within 0.2 s. A shorter pause costs little, as the check runs off the
    /// message thread and is given up when the text changes again.
    public static let pause: TimeInterval = 0.1

    /// Serves until the client sends `exit` or closes the stream; the exit status.
    public static func run(
        input: FileHandle, output: FileHandle,
        flows: @escaping @Sendable () -> FlowRegistry = { FlowCatalogue.registered }
    ) -> Int32 {
        let inbox = Inbox()
        let reader = Thread {
            var framing = MessageFraming()
            while true {
                let bytes = input.availableData
                if bytes.isEmpty {
                    inbox.close()
                    return
                }
                framing.receive(bytes)
                while let frame = framing.next() { inbox.put(frame) }
            }
        }
        reader.stackSize = 1 << 20
        reader.start()
        let server = LanguageServer(flows: flows, isCancelled: inbox.isCancelled) { body in
            output.write(MessageFraming.frame(body))
        }
        return serve(server, from: inbox)
    }

    /// Hands `inbox`'s messages to `server` until the client exits or closes the stream.
    static func serve(_ server: LanguageServer, from inbox: Inbox) -> Int32 {
        while true {
            switch inbox.take(quietFor: pause) {
            case .frame(.body(let body)): server.handle(body)
            case .frame(.malformedHeader(let reason)): server.reject(reason)
            case .frame(.tooLarge(let size)): server.reject(tooLarge: size)
            case .quiet: server.idle()
            case .closed:
                server.waitForWork()
                return server.exitStatus ?? 1
            }
            if let status = server.exitStatus {
                server.waitForWork()
                return status
            }
        }
    }
}

/// The clock the inbox measures the client's pause with: the system's own, or one a test moves.
protocol InboxClock: Sendable {
    /// Now, in seconds, on a clock that only goes forward.
    func now() -> TimeInterval
    /// Waits on `condition`, which the caller holds, until it is signalled or `deadline` comes.
    func wait(_ condition: NSCondition, until deadline: TimeInterval)
}

/// The system's uptime.
struct SystemInboxClock: InboxClock {
    func now() -> TimeInterval { ProcessInfo.processInfo.systemUptime }

    func wait(_ condition: NSCondition, until deadline: TimeInterval) {
        guard deadline.isFinite else { return condition.wait() }
        _ = condition.wait(until: Date(timeIntervalSinceNow: max(deadline - now(), 0)))
    }
}

/// A clock that moves only when a test moves it; a wait ends when it reaches the deadline.
final class ManualInboxClock: InboxClock, @unchecked Sendable {
    private let lock = NSCondition()
    private var time: TimeInterval = 0
    private var waiting: [ObjectIdentifier: NSCondition] = [:]
    /// How many waits have begun: a test waits for one to begin before it moves the clock.
    private var waits = 0

    func now() -> TimeInterval { lock.withLock { time } }

    func wait(_ condition: NSCondition, until deadline: TimeInterval) {
        let due = lock.withLock {
            waiting[ObjectIdentifier(condition)] = condition
            waits += 1
            lock.broadcast()
            return time >= deadline
        }
        // Woken by a message or by the clock moving on; the caller looks at the time again.
        if !due { condition.wait() }
    }

    /// How many waits have begun so far.
    var waitsBegun: Int { lock.withLock { waits } }

    /// Blocks until `count` waits have begun in all (a guard of 10 s of real time stops a
    /// broken test); the number begun.
    @discardableResult
    func untilWaits(_ count: Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        let limit = Date(timeIntervalSinceNow: 10)
        while waits < count, lock.wait(until: limit) {}
        return waits
    }

    /// Moves the clock on by `seconds` and wakes whoever waits on it.
    func advance(by seconds: TimeInterval) {
        let conditions = lock.withLock {
            time += seconds
            return Array(waiting.values)
        }
        for condition in conditions {
            condition.lock()
            condition.broadcast()
            condition.unlock()
        }
    }
}

/// The messages read and not yet handled, and the requests the client cancelled meanwhile.
final class Inbox: @unchecked Sendable {
    enum Next {
        case frame(MessageFraming.Frame)
        /// Nothing arrived for the pause since the last message: said once per message.
        case quiet
        /// The client closed the stream and every message is handled.
        case closed
    }

    private let clock: any InboxClock
    private let condition = NSCondition()
    private var frames: [MessageFraming.Frame] = []
    private var cancelled: Set<RequestID> = []
    private var isClosed = false
    /// When the last message arrived, and whether `quiet` is still to be said for it.
    private var lastArrival: TimeInterval = 0
    private var quietOwed = false

    init(clock: any InboxClock = SystemInboxClock()) {
        self.clock = clock
    }

    func put(_ frame: MessageFraming.Frame) {
        // A cancellation is noted at once, so a request still waiting here is answered as
        // cancelled instead of being worked on, and one being worked on stops.
        if case .body(let body) = frame, MessageHeader.read(body)?.method == CancelRequestNotification.method {
            if let id = try? IncomingParams<CancelRequestNotification>.read(body).id {
                condition.lock()
                cancelled.insert(id)
                condition.unlock()
            }
            return
        }
        condition.lock()
        frames.append(frame)
        lastArrival = clock.now()
        quietOwed = true
        condition.signal()
        condition.unlock()
    }

    func close() {
        condition.lock()
        isClosed = true
        condition.signal()
        condition.unlock()
    }

    /// The next message; else `quiet` once `pause` has passed since the last one arrived
    /// (however long handling it took); else waits for one. `closed` once the client closed
    /// the stream and every message is taken.
    func take(quietFor pause: TimeInterval) -> Next {
        condition.lock()
        defer { condition.unlock() }
        while frames.isEmpty, !isClosed {
            // Without a quiet owed, only a message or the close ends the wait.
            let deadline = quietOwed ? lastArrival + pause : .infinity
            if clock.now() >= deadline {
                quietOwed = false
                return .quiet
            }
            clock.wait(condition, until: deadline)
        }
        if !frames.isEmpty { return .frame(frames.removeFirst()) }
        return .closed
    }

    /// Whether the client cancelled request `id`.
    func isCancelled(_ id: RequestID) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled.contains(id)
    }
}
