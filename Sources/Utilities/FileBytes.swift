import Foundation

/// Reading and writing whole files with the system calls, without `Data`'s extra copies or
/// `fsync`: a build reads and writes a thousand small files, and the site is rewritten by
/// the next build anyway, so waiting for the disk buys nothing.
public enum FileBytes {
    /// A failed call, with the path and the system's reason.
    public struct Failure: Error, CustomStringConvertible {
        public var path: String
        public var reason: String

        public var description: String { "\(path): \(reason)" }

        init(_ path: String) {
            self.init(path, code: errno)
        }

        /// The system's error number, or 0 when the failure is not a system call's.
        public var code: Int32 = 0

        /// The failure of a call on `path` that set `errno` to `code`.
        public init(_ path: String, code: Int32) {
            self.path = path
            self.code = code
            reason = String(cString: strerror(code))
        }
    }

    /// The file's bytes.
    public static func read(_ path: String) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw Failure(path) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure(path) }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { buffer in
                Glibc.read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw Failure(path)
            }
            if count == 0 { break }
            filled += count
        }
        if filled < bytes.count { bytes.removeSubrange(filled...) }
        // What was written since `fstat`, if anything: read through a buffer on the stack, so
        // that the usual file, read whole above, costs one more call and no allocation.
        try withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 4096) { (chunk) throws(Failure) in
            while true {
                let count = Glibc.read(descriptor, chunk.baseAddress!, chunk.count)
                if count < 0 {
                    if errno == EINTR { continue }
                    throw Failure(path)
                }
                if count == 0 { return }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: chunk[0..<count]))
            }
        }
        return bytes
    }

    /// Writes `bytes` to `path`, creating or truncating it, and returns the written file's stamp.
    @discardableResult
    public static func write(_ bytes: some ContiguousBytes, to path: String) throws(Failure) -> FileStamp {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw Failure(path) }
        defer { close(descriptor) }
        let written = bytes.withUnsafeBytes { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += count
            }
            return true
        }
        guard written else { throw Failure(path) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw Failure(path) }
        return FileStamp(status)
    }

    /// Writes `bytes` to `path` whole or not at all, as a cache entry is kept: into a file
    /// beside it first, renamed over it, with the folder made if missing. A reader sees the
    /// old file or the new one, never half of one; an entry that cannot be kept is `false`.
    @discardableResult
    public static func keep(_ bytes: some ContiguousBytes, at path: String) -> Bool {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty {
            try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        }
        let temporary = "\(path).\(getpid()).tmp"
        guard (try? write(bytes, to: temporary)) != nil else {
            unlink(temporary)
            return false
        }
        guard rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }
}

/// What identifies a file's version without reading it: device, inode, size and modification
/// time. Any write or replacement changes it, so an unchanged stamp means unchanged bytes for
/// the purpose of a build (as `make` and every incremental build tool assume).
public struct FileStamp: Hashable, Sendable, Codable, CustomStringConvertible {
    public var device: UInt64
    public var inode: UInt64
    public var size: Int64
    public var seconds: Int64
    public var nanoseconds: Int64

    /// The modification time in nanoseconds since the epoch.
    public var modifiedNanoseconds: Int64 { seconds * 1_000_000_000 + nanoseconds }

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        size = Int64(status.st_size)
        seconds = Int64(status.st_mtim.tv_sec)
        nanoseconds = Int64(status.st_mtim.tv_nsec)
    }

    /// A stamp from its parts.
    public init(device: UInt64, inode: UInt64, size: Int64, seconds: Int64, nanoseconds: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.seconds = seconds
        self.nanoseconds = nanoseconds
    }

    /// The stamp of the file at `path` (following links), or nil when there is none.
    public init?(path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        self.init(status)
    }

    /// The stamp of the file `name` in the open folder `directory` (following links), or nil
    /// when there is none: a thousand files of one folder are looked up without resolving
    /// the folder's path each time.
    public init?(directory: Int32, name: String) {
        var status = stat()
        guard fstatat(directory, name, &status, 0) == 0 else { return nil }
        self.init(status)
    }

    /// `device-inode-size-seconds-nanoseconds`, in hex: the form a manifest keeps.
    public var description: String {
        var bytes: [UInt8] = []
        appendDescription(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `description`'s bytes, without making a string per number: a manifest holds
    /// two stamps per page.
    public func appendDescription(to bytes: inout [UInt8]) {
        let digits = Array("0123456789abcdef".utf8)
        let numbers = [
            device, inode, UInt64(bitPattern: size), UInt64(bitPattern: seconds), UInt64(bitPattern: nanoseconds),
        ]
        for (index, number) in numbers.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: "-")) }
            var shift = max(0, (64 - number.leadingZeroBitCount + 3) / 4 * 4 - 4)
            while true {
                bytes.append(digits[Int((number >> UInt64(shift)) & 0xf)])
                if shift == 0 { break }
                shift -= 4
            }
        }
    }

    /// Reads `description`'s form back.
    public init?(_ text: String) {
        var text = text
        guard let stamp = text.withUTF8({ FileStamp(bytes: $0) }) else { return nil }
        self = stamp
    }

    /// Reads `description`'s form back from its bytes.
    public init?(bytes text: UnsafeBufferPointer<UInt8>) {
        var parts: [UInt64] = []
        parts.reserveCapacity(5)
        var value: UInt64 = 0
        var digits = 0
        for byte in text {
            let digit: UInt64
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt64(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt64(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "-"):
                guard digits > 0 else { return nil }
                parts.append(value)
                (value, digits) = (0, 0)
                continue
            default: return nil
            }
            guard digits < 16 else { return nil }
            value = value << 4 | digit
            digits += 1
        }
        guard digits > 0 else { return nil }
        parts.append(value)
        guard parts.count == 5 else { return nil }
        device = parts[0]
        inode = parts[1]
        size = Int64(bitPattern: parts[2])
        seconds = Int64(bitPattern: parts[3])
        nanoseconds = Int64(bitPattern: parts[4])
    }
}
