import Foundation
import SpecModel
import Testing
import Utilities

/// `JSONOutput` writes the bytes Foundation's `JSONEncoder` writes with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` and a final newline.
@Suite struct JSONOutputTests {
    static func foundation<Value: Encodable>(_ value: Value) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value) + Data("\n".utf8)
    }

    struct Sample: Encodable {
        var list: [Int] = []
        var table: [String: Int] = [:]
        var whole = 2.0
        var fraction = 0.1
        var small = 1e-7
        var large = 1e20
        var negativeZero = -0.0
        var text = "q\"/\\\n\t\r\u{8}\u{C}\u{1}\u{1F}\u{7F}\u{2028}é😀 </script>"
        var missing: Int? = nil
        var nested: [[String: [String]]] = [["b": ["x"], "a": []], [:]]
        var flag = true
        var keys: [String: Int] = ["b": 1, "B": 2, "a10": 3, "a2": 4, "_x": 5, "-y": 6, "é": 7, "e": 8, ".k": 9]
    }

    struct Explicit: Encodable {
        var value: Int?
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(value, forKey: .value)
        }
        enum CodingKeys: String, CodingKey { case value }
    }

    @Test func theBytesAreFoundations() throws {
        #expect(try JSONOutput.encode(Sample()) == Self.foundation(Sample()))
        #expect(
            try JSONOutput.encode([Sample(), Sample(list: [1, 2], whole: 3)])
                == Self.foundation([Sample(), Sample(list: [1, 2], whole: 3)]))
        #expect(try JSONOutput.encode(Explicit(value: nil)) == Self.foundation(Explicit(value: nil)))
        #expect(try JSONOutput.encode([String]()) == Self.foundation([String]()))
        #expect(try JSONOutput.encode("plain") == Self.foundation("plain"))
        #expect(try JSONOutput.encode([Int.max, Int.min]) == Self.foundation([Int.max, Int.min]))
    }
}
