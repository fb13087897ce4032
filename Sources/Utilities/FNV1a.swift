import Foundation

/// FNV-1a, 64 bits: a fast, stable hash for cache keys and fingerprints (not for security).
/// The same bytes give the same value on every machine and in every run.
public struct FNV1a: Sendable {
    private var hash: UInt64 = 0xcbf2_9ce4_8422_2325

    public init() {}

    public mutating func mix(bytes: some Sequence<UInt8>) {
        if let done = bytes.withContiguousStorageIfAvailable({ mix(buffer: UnsafeRawBufferPointer($0)) }) {
            return done
        }
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
    }

    /// Mixes a buffer in a tight loop: pages and executables are hashed on every build.
    public mutating func mix(buffer: UnsafeRawBufferPointer) {
        var hash = self.hash
        for byte in buffer {
            hash ^= UInt64(byte)
            hash &*= 0x0000_0100_0000_01b3
        }
        self.hash = hash
    }

    /// Mixes a buffer without going through `Data`'s byte-at-a-time iterator.
    public mutating func mix(data: Data) {
        data.withUnsafeBytes { mix(buffer: $0) }
    }

    /// Mixes a string and a separator, so that "ab" + "c" differs from "a" + "bc".
    public mutating func mix(_ text: String) {
        var text = text
        text.withUTF8 { mix(buffer: UnsafeRawBufferPointer($0)) }
        hash ^= 0xff
        hash &*= 0x0000_0100_0000_01b3
    }

    /// The hash as 16 hex digits.
    public var hex: String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The hash of one string, as `hex`.
    public static func hex(of text: String) -> String {
        var hasher = FNV1a()
        hasher.mix(text)
        return hasher.hex
    }

    /// The hash of some bytes, as `hex`.
    public static func hex(of bytes: some Sequence<UInt8>) -> String {
        var hasher = FNV1a()
        hasher.mix(bytes: bytes)
        return hasher.hex
    }
}
