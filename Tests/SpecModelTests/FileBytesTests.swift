import Foundation
import SpecModel
import Testing

@Suite struct FileBytesTests {
    @Test func writesAndReadsBackTheSameBytes() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("bytes-\(UUID().uuidString)").path
        defer { unlink(path) }
        let bytes = (0..<70_000).map { UInt8($0 % 251) }
        let stamp = try FileBytes.write(bytes, to: path)
        #expect(try FileBytes.read(path) == bytes)
        #expect(stamp == FileStamp(path: path))
        #expect(stamp.size == 70_000)
    }

    @Test func aRewrittenFileHasAnotherStamp() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stamp-\(UUID().uuidString)").path
        defer { unlink(path) }
        let first = try FileBytes.write(Array("one".utf8), to: path)
        let second = try FileBytes.write(Array("three".utf8), to: path)
        #expect(first != second)
    }

    @Test func aMissingFileIsAFailureWithTheReason() {
        #expect(throws: FileBytes.Failure.self) { try FileBytes.read("/no/such/file") }
        #expect(FileStamp(path: "/no/such/file") == nil)
    }

    @Test func aStampReadsBackFromItsText() throws {
        let stamp = try #require(FileStamp(path: "/"))
        #expect(FileStamp(stamp.description) == stamp)
        #expect(FileStamp("1-2-3") == nil)
        #expect(FileStamp("1-2-3-4-x") == nil)
    }

    @Test func parallelMapKeepsTheOrder() {
        let numbers = Array(0..<1000)
        #expect(numbers.parallelMap { $0 * 2 } == numbers.map { $0 * 2 })
        #expect([Int]().parallelMap { $0 } == [])
    }

    @Test func theHashIsStableAndSeparatesParts() {
        #expect(FNV1a.hex(of: "") == "af64724c8602eb6e", "FNV-1a of the separator alone")
        var joined = FNV1a()
        joined.mix("ab")
        joined.mix("c")
        var split = FNV1a()
        split.mix("a")
        split.mix("bc")
        #expect(joined.hex != split.hex)
        #expect(FNV1a.hex(of: Array("page".utf8)) == FNV1a.hex(of: AnySequence(Array("page".utf8))))
    }
}
