import Foundation
import Utilities

/// A fresh temporary folder for one test, removed when the test lets go of it.
public final class TemporaryFolder: Sendable {
    public let url: URL

    public init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("passkey-spec-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes bytes to `name` (creating folders) and returns the file's path. The file is
    /// opened close-on-exec, as the tool opens its files: `Data.write` leaves it open in a
    /// process another test starts meanwhile, whose exit then reports a write to a watcher
    /// long after the test wrote it.
    @discardableResult
    public func write(_ name: String, bytes: [UInt8]) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileBytes.write(bytes, to: file.path)
        return file.path
    }

    /// Writes UTF-8 text to `name` and returns the file's path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String { try write(name, bytes: Array(text.utf8)) }
}
