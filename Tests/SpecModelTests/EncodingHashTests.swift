import SpecModel
import Testing
import Utilities

/// The model's fingerprint is a hash of its encoding, made without JSON.
@Suite struct EncodingHashTests {
    struct Inner: Encodable {
        var b: Int
        var c: Int?
    }

    struct Outer: Encodable {
        var a: Inner
        var c: Int?
        var items: [String]
    }

    @Test func theSameValueHashesTheSame() {
        let value = Outer(a: Inner(b: 1, c: nil), c: 2, items: ["x", "y"])
        #expect(EncodingHash.hex(of: value) == EncodingHash.hex(of: value))
        #expect(EncodingHash.hex(of: value).count == 16)
    }

    /// A key at another depth, a value moved between neighbours, another order of items or
    /// a nil in place of a value: each is another encoding, and another hash.
    @Test func differentEncodingsHashDifferently() {
        let values = [
            Outer(a: Inner(b: 1, c: nil), c: 2, items: ["x", "y"]),
            Outer(a: Inner(b: 1, c: 2), c: nil, items: ["x", "y"]),
            Outer(a: Inner(b: 1, c: nil), c: 2, items: ["y", "x"]),
            Outer(a: Inner(b: 1, c: nil), c: 2, items: ["xy"]),
            Outer(a: Inner(b: 1, c: nil), c: 2, items: ["x", "y", ""]),
            Outer(a: Inner(b: 12, c: nil), c: nil, items: ["x", "y"]),
            Outer(a: Inner(b: 1, c: 2), c: 2, items: ["x", "y"]),
        ]
        let hashes = values.map { EncodingHash.hex(of: $0) }
        #expect(Set(hashes).count == values.count, "\(hashes)")
    }
}
