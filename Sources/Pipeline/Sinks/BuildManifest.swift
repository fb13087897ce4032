import Foundation
import SpecModel
import Utilities

/// What a build of the site into one folder was made from and what it wrote, so the next
/// build into the same folder reads, checks and renders only what changed.
///
/// It is kept in the tool's cache, not in the site: it holds file stamps (inodes and times),
/// which differ from machine to machine, while the site must be the same bytes wherever it
/// is built. A line-based text form, because the next build reads it before anything else
/// and must do so in well under a millisecond per thousand pages.
public struct BuildManifest: Equatable, Sendable {
    /// A source file as last built.
    public struct Source: Equatable, Sendable {
        public enum Kind: String, Sendable {
            /// A spec page: checked, and part of every generated page and export.
            case spec
            /// The home page (`<!-- page: home -->`): its prose is on the home page.
            case home
            /// Any other page: prose on its own page.
            case page
        }

        public var path: String
        public var relativePath: String
        public var stamp: FileStamp
        /// A hash of the file's bytes.
        public var hash: String
        public var kind: Kind
        public var id: String
        public var title: String
        /// Where the page's title is: its location in the model.
        public var line: Int
        public var column: Int
        /// The file's own diagnostics (warnings: a build with errors keeps no manifest), as JSON.
        public var diagnostics: String
        /// The anchors a link to the page may name, and the links it holds (as JSON), for the
        /// link check of a build that does not read the page again.
        public var links: String

        public init(
            path: String, relativePath: String, stamp: FileStamp, hash: String, kind: Kind, id: String, title: String,
            line: Int, column: Int, diagnostics: String, links: String = "{}"
        ) {
            self.path = path
            self.relativePath = relativePath
            self.stamp = stamp
            self.hash = hash
            self.kind = kind
            self.id = id
            self.title = title
            self.line = line
            self.column = column
            self.diagnostics = diagnostics
            self.links = links
        }
    }

    /// A file of the site as written, with the key of what it was made from.
    public struct Output: Equatable, Sendable {
        public var path: String
        public var stamp: FileStamp
        public var key: String

        public init(path: String, stamp: FileStamp, key: String) {
            self.path = path
            self.stamp = stamp
            self.key = key
        }
    }

    /// A hash of everything every file depends on: the tool, its options, the content roots
    /// and the templates. Another value means nothing of the previous build can be kept.
    public var buildKey: String
    /// The key of the files made from every spec and the navigation.
    public var sharedKey: String
    public var passed: Bool
    public var sources: [Source]
    public var outputs: [Output]
    /// What the build printed: the content's and the run's diagnostics, as JSON lines.
    public var diagnostics: [String]
    /// The folder the build went to, absolute; empty for a build into memory. The cache's
    /// trimming drops the manifests of folders that no longer hold a build.
    public var folder = ""
    /// When the build began listing the content, in nanoseconds since 1970. A file whose
    /// modification time is not well before it may have changed again within the same tick
    /// of the file system's clock, with the same size: its stamp is not trusted.
    public var listedAt: Int64 = 0

    public init(
        buildKey: String, sharedKey: String, passed: Bool, sources: [Source], outputs: [Output], diagnostics: [String]
    ) {
        self.buildKey = buildKey
        self.sharedKey = sharedKey
        self.passed = passed
        self.sources = sources
        self.outputs = outputs
        self.diagnostics = diagnostics
    }

    static let header = "passkey-spec build manifest 3"

    /// The text form: a header, then one tab-separated line per fact.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The text form's bytes, appended field by field (no intermediate strings per line).
    public var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128 * (sources.count + outputs.count) + 256)
        // A line's fields, tab-separated; `continuing` goes on with the line before.
        func line(_ fields: String..., continuing: Bool = false) {
            for (index, field) in fields.enumerated() {
                if index > 0 || continuing { bytes.append(0x09) }
                Self.appendEscaped(field, to: &bytes)
            }
            bytes.append(0x0A)
        }
        // A stamp as the next field, in place of the line end just written.
        func replaceLineEnd(with stamp: FileStamp) {
            bytes[bytes.count - 1] = 0x09
            stamp.appendDescription(to: &bytes)
        }
        line(Self.header)
        if !folder.isEmpty { line("folder", folder) }
        line("listed", String(listedAt))
        line("build", buildKey)
        line("shared", sharedKey)
        line("passed", passed ? "1" : "0")
        for source in sources {
            line("source", source.path, source.relativePath)
            replaceLineEnd(with: source.stamp)
            line(
                source.hash, source.kind.rawValue, source.id, source.title, String(source.line), String(source.column),
                source.diagnostics, source.links, continuing: true)
        }
        for output in outputs {
            line("output", output.path)
            replaceLineEnd(with: output.stamp)
            line(output.key, continuing: true)
        }
        for diagnostic in diagnostics { line("diagnostic", diagnostic) }
        // The last line: a file cut off before it is not read.
        line("end")
        return bytes
    }

    /// Reads the text form; nil for anything else (another version, a cut-off file).
    public init?(text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// Reads the text form from its bytes, splitting on bytes rather than characters: the
    /// next build reads a line per source and per output file before it does anything else.
    public init?(bytes: [UInt8]) {
        var buildKey: String?
        var folder = ""
        var listedAt: Int64 = 0
        var sharedKey: String?
        var passed: Bool?
        var sources: [Source] = []
        var outputs: [Output] = []
        var diagnostics: [String] = []
        var sawHeader = false
        var sawEnd = false
        let valid: Bool = bytes.withUnsafeBufferPointer { buffer in
            var start = 0
            // Each field of the line as a range of bytes: only the text fields become strings.
            var fields: [Range<Int>] = []
            func text(_ index: Int) -> String { Self.unescape(UnsafeBufferPointer(rebasing: buffer[fields[index]])) }
            func bytes(_ index: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: buffer[fields[index]])
            }
            func number(_ index: Int) -> Int? { Int(String(decoding: bytes(index), as: UTF8.self)) }
            while start < buffer.count {
                var end = start
                while end < buffer.count, buffer[end] != 0x0A { end += 1 }
                defer { start = end + 1 }
                guard end > start else { continue }
                fields.removeAll(keepingCapacity: true)
                var fieldStart = start
                for position in start...end where position == end || buffer[position] == 0x09 {
                    fields.append(fieldStart..<position)
                    fieldStart = position + 1
                }
                let kind = text(0)
                if !sawHeader {
                    guard fields.count == 1, kind == Self.header else { return false }
                    sawHeader = true
                    continue
                }
                guard !sawEnd else { return false }
                switch (kind, fields.count) {
                case ("folder", 2): folder = text(1)
                case ("listed", 2): listedAt = Int64(text(1)) ?? 0
                case ("build", 2): buildKey = text(1)
                case ("shared", 2): sharedKey = text(1)
                case ("passed", 2): passed = text(1) == "1"
                case ("source", 12):
                    guard let stamp = FileStamp(bytes: bytes(3)), let kind = Source.Kind(rawValue: text(5)),
                        let line = number(8), let column = number(9)
                    else { return false }
                    sources.append(
                        Source(
                            path: text(1), relativePath: text(2), stamp: stamp, hash: text(4), kind: kind, id: text(6),
                            title: text(7), line: line, column: column, diagnostics: text(10), links: text(11)))
                case ("output", 4):
                    guard let stamp = FileStamp(bytes: bytes(2)) else { return false }
                    outputs.append(Output(path: text(1), stamp: stamp, key: text(3)))
                case ("diagnostic", 2): diagnostics.append(text(1))
                case ("end", 1): sawEnd = true
                default: return false
                }
            }
            return sawEnd
        }
        guard valid, let buildKey, let sharedKey, let passed else { return nil }
        self.init(
            buildKey: buildKey, sharedKey: sharedKey, passed: passed, sources: sources, outputs: outputs,
            diagnostics: diagnostics)
        self.folder = folder
        self.listedAt = listedAt
    }

    /// Appends a field with `\`, tab and line ends written as `\\`, `\t`, `\n` and `\r`, so
    /// any field fits on its line.
    static func appendEscaped(_ field: String, to bytes: inout [UInt8]) {
        var field = field
        let plain = field.withUTF8 { buffer in
            guard !buffer.contains(where: { $0 == 0x5C || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
                return false
            }
            bytes.append(contentsOf: buffer)
            return true
        }
        guard !plain else { return }
        for byte in field.utf8 {
            switch byte {
            case 0x5C: bytes.append(contentsOf: [0x5C, 0x5C])
            case 0x09: bytes.append(contentsOf: [0x5C, UInt8(ascii: "t")])
            case 0x0A: bytes.append(contentsOf: [0x5C, UInt8(ascii: "n")])
            case 0x0D: bytes.append(contentsOf: [0x5C, UInt8(ascii: "r")])
            default: bytes.append(byte)
            }
        }
    }

    static func unescape(_ field: UnsafeBufferPointer<UInt8>) -> String {
        guard field.contains(0x5C) else { return String(decoding: field, as: UTF8.self) }
        var result: [UInt8] = []
        var escaped = false
        for byte in field {
            if escaped {
                switch byte {
                case UInt8(ascii: "t"): result.append(0x09)
                case UInt8(ascii: "n"): result.append(0x0A)
                case UInt8(ascii: "r"): result.append(0x0D)
                default: result.append(byte)
                }
                escaped = false
            } else if byte == 0x5C {
                escaped = true
            } else {
                result.append(byte)
            }
        }
        return String(decoding: result, as: UTF8.self)
    }

    // MARK: - Where it is kept

    /// The cache's folder of manifests.
    static let folder = "builds"

    /// The manifest's file for builds into `output`, under the cache folder.
    public static func file(for output: URL, in cache: URL) -> URL {
        let absolute = output.standardizedFileURL.path
        return cache.appendingPathComponent(folder).appendingPathComponent("\(FNV1a.hex(of: absolute)).manifest")
    }

    /// Whether the folder the manifest at `path` was written for still holds a build; a
    /// manifest that cannot be read or names no folder does not count. Reads only the head.
    static func outputStillBuilt(manifest path: String) -> Bool {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var head = [UInt8](repeating: 0, count: 4096)
        let count = read(descriptor, &head, head.count)
        guard count > 0 else { return false }
        let lines = head[..<count].split(separator: 0x0A).prefix(2)
        guard lines.count == 2, String(decoding: lines.first!, as: UTF8.self) == header else { return false }
        let fields = lines.last!.split(separator: 0x09, maxSplits: 1)
        guard fields.count == 2, String(decoding: fields[0], as: UTF8.self) == "folder" else { return false }
        let folder = [UInt8](fields[1]).withUnsafeBufferPointer { unescape($0) }
        return SiteWriter.isPreviousBuild(URL(fileURLWithPath: folder))
    }

    /// The manifest kept for builds into `output`, or nil when there is none or it is unreadable.
    public static func load(for output: URL, in cache: URL) -> BuildManifest? {
        guard let bytes = try? FileBytes.read(file(for: output, in: cache).path) else { return nil }
        return BuildManifest(bytes: bytes)
    }

    /// Keeps the manifest for builds into `output`; a manifest that cannot be written only
    /// makes the next build a full one.
    public func save(for output: URL, in cache: URL) {
        var manifest = self
        manifest.folder = output.standardizedFileURL.path
        FileBytes.keep(manifest.bytes, at: Self.file(for: output, in: cache).path)
    }

    /// Forgets the manifest for builds into `output`, before the output changes: a build
    /// cut off halfway leaves no manifest, and the next build is a full one.
    public static func forget(for output: URL, in cache: URL) {
        unlink(file(for: output, in: cache).path)
    }
}
