import Foundation
import Pipeline

/// Runs a `LanguageServer` over a byte stream: a thread reads and frames the client's
/// messages (and notes cancellations as they arrive), and this one handles them in order,
/// letting the server check with the engine when the client pauses.
public enum LanguageServerLoop {
    /// How long the client must have sent nothing, counted from its last message's arrival,
    /// before the engine checks the latest text: short enough that the engine's verdict
    /// follows an edit within 0.3 s. A check that starts between two keys of slow typing
    /// delays the next key's lint by the check's own time (about 40 ms on the content).
    public static let pause: TimeInterval = 0.2

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
        while true {
            switch inbox.take(quietFor: pause) {
            case .frame(.body(let body)): server.handle(body)
            case .frame(.malformedHeader(let reason)): server.reject(reason)
            case .frame(.tooLarge(let size)):
                server.reject(
                    "the message is \(size) bytes; the server reads at most \(MessageFraming.maximumBodySize)")
            case .quiet: server.idle()
            case .closed: return server.exitStatus ?? 1
            }
            if let status = server.exitStatus { return status }
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

    private let condition = NSCondition()
    private var frames: [MessageFraming.Frame] = []
    private var cancelled: Set<String> = []
    private var isClosed = false
    /// When the last message arrived (the system's uptime), and whether `quiet` is still to
    /// be said for it.
    private var lastArrival: TimeInterval = 0
    private var quietOwed = false

    func put(_ frame: MessageFraming.Frame) {
        // A cancellation is noted at once, so a request still waiting here is answered as
        // cancelled instead of being worked on.
        if case .body(let body) = frame, let message = JSONValue.parse(body),
            message["method"].string == "$/cancelRequest"
        {
            condition.lock()
            cancelled.insert(Self.key(message["params"]["id"]))
            condition.unlock()
            return
        }
        condition.lock()
        frames.append(frame)
        lastArrival = ProcessInfo.processInfo.systemUptime
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
            guard quietOwed else {
                condition.wait()
                continue
            }
            let left = lastArrival + pause - ProcessInfo.processInfo.systemUptime
            if left <= 0 {
                quietOwed = false
                return .quiet
            }
            _ = condition.wait(until: Date(timeIntervalSinceNow: left))
        }
        if !frames.isEmpty { return .frame(frames.removeFirst()) }
        return .closed
    }

    func isCancelled(_ id: JSONValue) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return cancelled.remove(Self.key(id)) != nil
    }

    private static func key(_ id: JSONValue) -> String {
        String(decoding: id.data, as: UTF8.self)
    }
}
