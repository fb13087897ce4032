// Fuzz target: the language server's input path on raw bytes as they arrive from the client:
// the message framing and the decoding of each body. The bytes go to `MessageFraming` in
// reads of varying sizes (cut where the input's own bytes say); every body is decoded as
// `JSONValue` and encoded back. The same bytes are also read as one JSON body. Checked:
// nothing crashes; the framing never holds more than a header and a body (`pending`), hands
// over no body larger than the limit, and reports every oversized one as such; a decoded
// value encodes to JSON that reads back as the same value.
//
// What the server does with a message runs on the pipeline, whose parser and engine have
// targets of their own; the in-process tests drive the server with malformed messages.
import Foundation
import LanguageServerProtocol

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessages(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))

    // The framing, in reads whose sizes the input's bytes choose (1 to 256 bytes each).
    var framing = MessageFraming()
    let bound = MessageFraming.maximumHeaderSize + 4 + MessageFraming.maximumBodySize
    var offset = 0
    var read = 0
    while offset < bytes.count {
        let length = min(Int(bytes[(offset * 7 + read) % bytes.count]) + 1, bytes.count - offset)
        framing.receive(bytes.subdata(in: offset..<(offset + length)))
        offset += length
        read += 1
        while let frame = framing.next() {
            switch frame {
            case .body(let body):
                precondition(body.count <= MessageFraming.maximumBodySize)
                roundTrip(body)
            case .malformedHeader: break
            case .tooLarge(let size): precondition(size > MessageFraming.maximumBodySize)
            }
        }
        precondition(framing.pending <= bound, "the framing holds \(framing.pending) bytes")
    }

    // The same bytes as one message's body.
    roundTrip(bytes)
    return 0
}

/// A body that decodes must encode to JSON that decodes to the same value, and read by key.
func roundTrip(_ body: Data) {
    guard let value = JSONValue.parse(body) else { return }
    let encoded = value.data
    precondition(JSONValue.parse(encoded) == value, "JSON does not read back as itself")
    _ = value["method"].string
    _ = value["params"]["textDocument"]["uri"].string
    _ = value["id"].int
}
