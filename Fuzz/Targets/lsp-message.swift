// Fuzz target: the language server's input path on raw bytes as they arrive from the client.
// The bytes go to `MessageFraming` in reads of varying sizes (cut where the input's own bytes
// say); every frame goes to a `LanguageServer`, initialized first on a fixed workspace, the
// way `LanguageServerLoop` hands them over (bodies to `handle`, bad headers and oversized
// bodies to `reject`), and the loop's pause to `idle`. The same bytes are also read as one
// JSON body. Checked: nothing crashes; the framing never holds more than a header and a body
// (`pending`), and hands over no body larger than the limit; every message the server sends
// is a JSON object that reads back as itself.
//
// The server is built on a stub of the pipeline (Fuzz/Stubs/Pipeline): its lint reports
// findings at positions taken from the documents' text instead of parsing the content, so
// that an input takes microseconds. The real pipeline's parser has targets of its own.
import Foundation
import LanguageServer

/// A workspace with a small content folder, made once per process.
let workspace: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "lsp-fuzz-\(ProcessInfo.processInfo.processIdentifier)", isDirectory: true)
    let content = folder.appendingPathComponent("content", isDirectory: true)
    try? FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
    try? Data("# Sign-in\n\nPlain prose!\n".utf8).write(to: content.appendingPathComponent("index.md"))
    return folder
}()

/// Made anew for each input: data kept in a global is reported as a leak when the fuzzer exits.
func initialize() -> Data {
    JSONValue.object([
        "jsonrpc": "2.0", "id": 0, "method": "initialize",
        "params": [
            "rootUri": .string(workspace.absoluteString),
            "capabilities": ["general": ["positionEncodings": ["utf-16"]]],
        ],
    ]).data
}

/// Every message the server sends must be a JSON object that reads back as the same value.
func checkSent(_ body: Data) {
    guard let value = JSONValue.parse(body), case .object = value else {
        preconditionFailure("the server sent a body that is not a JSON object: \(String(decoding: body, as: UTF8.self))")
    }
    precondition(value.data == body, "a reply does not read back as itself")
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMessages(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(UnsafeBufferPointer(start: data, count: size))
    let server = LanguageServer(send: checkSent)
    server.handle(initialize())
    server.handle(Data(#"{"jsonrpc":"2.0","method":"initialized","params":{}}"#.utf8))

    // The framing, in reads whose sizes the input's bytes choose (1 to 256 bytes each).
    var framing = MessageFraming()
    let bound = MessageFraming.maximumHeaderSize + 4 + MessageFraming.maximumBodySize
    var offset = 0
    var read = 0
    while offset < bytes.count, server.exitStatus == nil {
        let length = min(Int(bytes[(offset * 7 + read) % bytes.count]) + 1, bytes.count - offset)
        framing.receive(bytes.subdata(in: offset..<(offset + length)))
        offset += length
        read += 1
        while let frame = framing.next() {
            switch frame {
            case .body(let body):
                precondition(body.count <= MessageFraming.maximumBodySize)
                server.handle(body)
            case .malformedHeader(let reason): server.reject(reason)
            case .tooLarge(let size):
                precondition(size > MessageFraming.maximumBodySize)
                server.reject("too large: \(size)")
            }
            if server.exitStatus != nil { break }
        }
        precondition(framing.pending <= bound, "the framing holds \(framing.pending) bytes")
        // The loop's pause, now and then.
        if read % 3 == 0 { server.idle() }
    }
    server.idle()

    // The same bytes as one message's body, and JSON's own round trip.
    let fresh = LanguageServer(send: checkSent)
    fresh.handle(initialize())
    fresh.handle(bytes)
    if let value = JSONValue.parse(bytes) {
        precondition(JSONValue.parse(value.data) == value, "JSON does not read back as itself")
    }
    return 0
}
