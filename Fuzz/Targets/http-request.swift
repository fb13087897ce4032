// Fuzz target: the preview server's request parser on raw bytes, as they arrive from a
// connection (the whole input, and a prefix the server could have received first), and the
// request target resolved to a file of the site.
import PreviewServer

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRequest(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let outcome = RequestParser.parse(bytes)
    if case .request(let request) = outcome {
        if case .success(let path) = SitePath.resolve(request.target) {
            // Nothing outside the site: no absolute path, no parent segment.
            precondition(!path.hasPrefix("/") && !path.split(separator: "/").contains(".."), path)
        }
        // A head that arrives in two reads is read as it would be whole: the first read is
        // incomplete or already the same request.
        let cut = size > 0 ? Int(bytes[0]) * 31 % size : 0
        let early = RequestParser.parse(Array(bytes[..<cut]))
        precondition(early == .incomplete || early == outcome, "prefix of \(cut) bytes: \(early)")
    }
    _ = SitePath.resolve(String(decoding: bytes, as: UTF8.self))
    return 0
}
