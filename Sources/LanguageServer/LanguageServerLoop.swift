import Foundation
import Pipeline

/// Runs a `LanguageServer` over a byte stream: a thread reads and frames the client's
/// messages (and notes cancellations as they arrive), and this one handles them in order,
/// letting the server check with the engine when the client pauses.
public enum LanguageServerLoop {
    /// How long the client must pause before the engine checks the latest text.
    public static let pause: TimeInterval = 0.3

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
            switch inbox.take(waiting: pause) {
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
        /// Nothing arrived for the time waited.
        case quiet
        /// The client closed the stream and every message is handled.
        case closed
    }

    private let condition = NSCondition()
    private var frames: [MessageFraming.Frame] = []
    private var cancelled: Set<String> = []
    private var isClosed = false

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
        condition.signal()
        condition.unlock()
    }

    func close() {
        condition.lock()
        isClosed = true
        condition.signal()
        condition.unlock()
    }

    func take(waiting seconds: TimeInterval) -> Next {
        condition.lock()
        defer { condition.unlock() }
        let deadline = Date(timeIntervalSinceNow: seconds)
        while frames.isEmpty, !isClosed {
            if !condition.wait(until: deadline) { return frames.isEmpty ? .quiet : .frame(frames.removeFirst()) }
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
