// Fuzz target: a whole content page, bytes to model, as `lint` reads a file (size, NUL and
// UTF-8 checks, then cmark-gfm and the page parser), and the model encoded as `export` does.
import Foundation
import SpecModel
import SpecParser

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPage(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let loader = ContentLoader()
    let file = ContentFile(path: "content/fuzz.md", relativePath: "fuzz.md")
    let loaded = loader.parse(bytes, as: file)
    let result = loader.assemble([loaded])
    // Every diagnostic names a real place in the file.
    for diagnostic in result.diagnostics {
        precondition(diagnostic.location.line >= 1 && diagnostic.location.column >= 1, "\(diagnostic)")
    }
    _ = try? result.content.encodedJSON()
    return 0
}
