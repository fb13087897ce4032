import Foundation
import SpecModel
import Testing
import Utilities

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

    /// A file rewritten with other bytes of the same size has another stamp when its time
    /// differs, however little; with the same size and time it has the same stamp, which is
    /// why a build does not trust the stamp of a file changed since its last listing began
    /// (see `IncrementalBuild`; `BuildTests.aSameSizeEditRightAfterABuildIsSeen`).
    @Test func aRewrittenFileHasAnotherStampWhenItsTimeDiffers() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("stamp-\(UUID().uuidString)").path
        defer { unlink(path) }
        func write(_ text: String, at nanoseconds: Int) throws -> FileStamp {
            _ = try FileBytes.write(Array(text.utf8), to: path)
            let time = timespec(tv_sec: 1_700_000_000, tv_nsec: nanoseconds)
            #expect(utimensat(AT_FDCWD, path, [time, time], 0) == 0)
            return try #require(FileStamp(path: path))
        }
        let first = try write("one", at: 100)
        let second = try write("two", at: 101)
        #expect(first.size == second.size)
        #expect(first != second)
        let third = try write("six", at: 101)
        #expect(third == second, "same file, size and time: the stamp cannot tell")
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
