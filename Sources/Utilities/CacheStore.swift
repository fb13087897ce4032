import Foundation

/// One kind of entry of a `CacheStore`: the folder its entries are kept in, the version of
/// their format (part of every key, so an entry of another format is never read), how many
/// the store keeps, and whether an entry is made by this tool (keyed by the tool's own hash,
/// so that another build of the tool starts afresh).
public struct CacheKind: Sendable {
    /// The folder of its entries, under the cache's: `explorations`, `builds`.
    public let name: String
    /// The version of the entries' format.
    public let version: Int
    /// How many entries are kept, the most recently used.
    public let limit: Int
    /// The file name's extension, for entries that other programs open (`.md`, `.svg`).
    public let fileExtension: String
    /// Whether the tool's own hash is part of the key.
    public let keyedByTool: Bool
    /// Whether an entry is still of use, whatever its age: an entry that is not is trimmed
    /// first (a build's manifest for a folder that holds no build any more).
    public let isOfUse: (@Sendable (_ path: String) -> Bool)?

    public init(
        _ name: String, version: Int, limit: Int, fileExtension: String = "", keyedByTool: Bool = true,
        isOfUse: (@Sendable (String) -> Bool)? = nil
    ) {
        self.name = name
        self.version = version
        self.limit = limit
        self.fileExtension = fileExtension
        self.keyedByTool = keyedByTool
        self.isOfUse = isOfUse
    }
}

/// The tool's cache on the disk, the one store every kind of entry is kept in: each entry a
/// file `<folder>/<kind>/<key><extension>`, whose key is a hash of the kind, its version, the
/// tool's hash (for the kinds the tool makes) and the parts the caller keys it by. An entry is
/// written whole or not at all (beside its place, then renamed over it), touched when read so
/// that trimming keeps the most recently used, and a value the caller cannot decode is as good
/// as missing. Values are Codable (kept as JSON) or bytes, for entries that are files by
/// nature (a picture, a text an editor opens, a build's manifest read in a hurry).
public struct CacheStore: Sendable {
    public let folder: URL
    /// A hash of the tool: part of the key of every kind `keyedByTool`.
    public let toolFingerprint: String

    public init(folder: URL, toolFingerprint: String) {
        self.folder = folder
        self.toolFingerprint = toolFingerprint
    }

    /// The file of an entry of `kind` keyed by `key`; `label` (made of the key) follows the key's
    /// hash in the name, for an entry a person opens (`<hash>-undefined-step.md`).
    public func file(_ kind: CacheKind, key: [String], label: String? = nil) -> URL {
        var hasher = FNV1a()
        hasher.mix(kind.name)
        hasher.mix(String(kind.version))
        if kind.keyedByTool { hasher.mix(toolFingerprint) }
        for part in key { hasher.mix(part) }
        let name = hasher.hex + (label.map { "-" + $0 } ?? "") + kind.fileExtension
        return folder.appendingPathComponent(kind.name).appendingPathComponent(name)
    }

    // MARK: - Bytes

    /// The bytes of an entry, marked as used; nil when there is none.
    public func bytes(_ kind: CacheKind, key: [String], label: String? = nil) -> [UInt8]? {
        let path = file(kind, key: key, label: label).path
        guard let bytes = try? FileBytes.read(path) else { return nil }
        Self.touch(path)
        return bytes
    }

    /// Keeps an entry's bytes; its file, or nil when it could not be written (which only
    /// costs the time to make it again).
    @discardableResult
    public func keep(_ bytes: [UInt8], _ kind: CacheKind, key: [String], label: String? = nil) -> URL? {
        let file = file(kind, key: key, label: label)
        return FileBytes.keep(bytes, at: file.path) ? file : nil
    }

    /// Forgets an entry.
    public func forget(_ kind: CacheKind, key: [String]) {
        unlink(file(kind, key: key).path)
    }

    // MARK: - Codable values

    /// The value of an entry, marked as used; nil when there is none or it does not decode.
    public func value<Value: Decodable>(_ type: Value.Type, _ kind: CacheKind, key: [String]) -> Value? {
        guard let bytes = bytes(kind, key: key) else { return nil }
        return try? JSONDecoder().decode(type, from: Data(bytes))
    }

    /// Keeps a value as an entry.
    @discardableResult
    public func keepValue<Value: Encodable>(_ value: Value, _ kind: CacheKind, key: [String]) -> URL? {
        guard let data = try? JSONOutput.encode(value) else { return nil }
        return keep([UInt8](data), kind, key: key)
    }

    // MARK: - Bounds

    /// Keeps at most each kind's `limit` entries, the most recently used, after dropping the
    /// entries no longer of use. Cheap when nothing was added: a kind whose folder has not
    /// changed since the last trim is not listed again (an entry only goes over a limit by
    /// being added, which changes its folder), except a kind whose entries may stop being of
    /// use without a change to the cache.
    public func trim(_ kinds: [CacheKind]) {
        let stamp = folder.appendingPathComponent(".trimmed").path
        let lastTrim = Self.modified(stamp)
        // Stamped before the listing: what is added while this trim lists is seen by the next.
        let descriptor = open(stamp, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644)
        if descriptor >= 0 { close(descriptor) }
        Self.touch(stamp)
        for kind in kinds {
            let path = folder.appendingPathComponent(kind.name).path
            if kind.isOfUse == nil, let lastTrim, let changed = Self.modified(path), changed < lastTrim { continue }
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: path) else { continue }
            var entries: [(name: String, used: Int64)] = []
            for entry in names where !entry.hasPrefix(".") {
                guard let used = Self.modified(path + "/" + entry) else { continue }
                if let isOfUse = kind.isOfUse, !isOfUse(path + "/" + entry) {
                    unlink(path + "/" + entry)
                    continue
                }
                entries.append((entry, used))
            }
            guard entries.count > kind.limit else { continue }
            for entry in entries.sorted(by: { ($0.used, $0.name) > ($1.used, $1.name) }).dropFirst(kind.limit) {
                unlink(path + "/" + entry.name)
            }
        }
    }

    /// When a file or folder last changed, in nanoseconds; nil when it cannot be read.
    private static func modified(_ path: String) -> Int64? { FileStamp(path: path)?.modifiedNanoseconds }

    /// Marks an entry as used now, so that `trim` keeps it over older ones.
    static func touch(_ path: String) {
        utimensat(AT_FDCWD, path, nil, 0)
    }

    // MARK: - Files

    /// The kind of the hashes of large files (the tool's own executable) by their stamp.
    public static let fileHashes = CacheKind("executables", version: 1, limit: 8, keyedByTool: false)

    /// A hash of a file's bytes (FNV-1a, 64 bits, hex), read in chunks; nil when unreadable.
    public static func fingerprint(ofFile path: String) -> String? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        var hasher = FNV1a()
        while let chunk = try? handle.read(upToCount: 1 << 20), !chunk.isEmpty { hasher.mix(data: chunk) }
        return hasher.hex
    }

    /// `fingerprint(ofFile:)`, kept under the file's identity (device, inode, size and
    /// modification time), so that a large file that has not changed (the tool's own
    /// executable) is hashed once, not on every run. A file replaced or rewritten has another
    /// identity and is hashed again.
    public func fingerprint(ofFile path: String) -> String? {
        guard let stamp = FileStamp(path: path) else { return nil }
        // Labelled with the stamp, so that a person can tell which file an entry is of.
        let (key, label) = ([stamp.description], stamp.description)
        if let known = bytes(Self.fileHashes, key: key, label: label).map({ String(decoding: $0, as: UTF8.self) }),
            known.count == 16, known.allSatisfy(\.isHexDigit)
        {
            return known
        }
        guard let computed = Self.fingerprint(ofFile: path) else { return nil }
        keep(Array(computed.utf8), Self.fileHashes, key: key, label: label)
        return computed
    }
}
