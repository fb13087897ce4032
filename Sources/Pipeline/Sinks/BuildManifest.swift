import Foundation
import SiteBuilder
import SpecModel
import Utilities

/// What a build of the site into one folder was made from and what it wrote, so the next
/// build into the same folder reads, checks and renders only what changed.
///
/// It is kept in the tool's cache, not in the site: it holds file stamps (inodes and times),
/// which differ from machine to machine, while the site must be the same bytes wherever it
/// is built. A line-based text form, because the next build reads it before anything else
/// and must do so in well under a millisecond per thousand pages.
struct BuildManifest: Equatable, Sendable {
    /// A file of the site as written, with the key of what it was made from.
    struct Output: Equatable, Sendable {
        var path: String
        var stamp: FileStamp
        var key: String
    }

    /// A hash of everything every file depends on: the tool, its options, the flows, the
    /// content roots and the templates. Another value means nothing of the previous build can
    /// be kept.
    var buildKey: String
    /// The key of the files made from every spec and the navigation.
    var sharedKey: String
    var passed: Bool
    /// What the source store knew of each page the build read (see `PageRecord`).
    var records: [PageRecord]
    var outputs: [Output]
    /// What the last run of the checks found, printed again by a build that does not run them.
    var runFindings: [Diagnostic]
    /// The folder the build went to, absolute; empty for a build into memory. The cache's
    /// trimming drops the manifests of folders that no longer hold a build.
    var folder = ""

    init(
        buildKey: String, sharedKey: String, passed: Bool, records: [PageRecord], outputs: [Output],
        runFindings: [Diagnostic]
    ) {
        self.buildKey = buildKey
        self.sharedKey = sharedKey
        self.passed = passed
        self.records = records
        self.outputs = outputs
        self.runFindings = runFindings
    }

    static let header = "passkey-spec build manifest 6"

    /// The text form: a header, then one tab-separated line per fact.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The text form's bytes, appended field by field (no intermediate strings per line).
    var bytes: [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(192 * (records.count + outputs.count) + 256)
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
        line("build", buildKey)
        line("shared", sharedKey)
        line("passed", passed ? "1" : "0")
        for record in records {
            guard case .disk(let stamp) = record.version else { continue }
            line(record.isTrusted ? "record" : "recent", record.path, record.relativePath)
            replaceLineEnd(with: stamp)
            bytes.append(0x09)
            for field in [record.hash, record.kind?.rawValue ?? "-", record.id, record.title] {
                Self.appendEscaped(field, to: &bytes)
                bytes.append(0x09)
            }
            Self.append(record.titleSpan, to: &bytes)
            bytes.append(0x09)
            if let idSpan = record.idSpan { Self.append(idSpan, to: &bytes) } else { bytes.append(UInt8(ascii: "-")) }
            bytes.append(0x09)
            if let links = record.links { Self.append(links, to: &bytes) } else { bytes.append(UInt8(ascii: "-")) }
            bytes.append(0x09)
            Self.appendEscaped(record.findings.isEmpty ? "[]" : Self.json(record.findings), to: &bytes)
            bytes.append(0x09)
            Self.appendEscaped(record.copy.map(Self.json) ?? "-", to: &bytes)
            bytes.append(0x0A)
        }
        for output in outputs {
            line("output", output.path)
            replaceLineEnd(with: output.stamp)
            line(output.key, continuing: true)
        }
        if !runFindings.isEmpty { line("run", Self.json(runFindings)) }
        // The last line: a file cut off before it is not read.
        line("end")
        return bytes
    }

    /// Reads the text form; nil for anything else (another version, a cut-off file).
    init?(text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// Reads the text form from its bytes, splitting on bytes rather than characters: the
    /// next build reads a line per page and per output file before it does anything else.
    init?(bytes: [UInt8]) {
        var buildKey: String?
        var folder = ""
        var sharedKey: String?
        var passed: Bool?
        var records: [PageRecord] = []
        var outputs: [Output] = []
        var runFindings: [Diagnostic] = []
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
                case ("build", 2): buildKey = text(1)
                case ("shared", 2): sharedKey = text(1)
                case ("passed", 2): passed = text(1) == "1"
                case ("record", 13), ("recent", 13):
                    let path = text(1)
                    let kindField = text(5)
                    let none = { (index: Int) in bytes(index).count == 1 && bytes(index)[0] == UInt8(ascii: "-") }
                    guard let stamp = FileStamp(bytes: bytes(3)), let titleSpan = Self.span(bytes(8), file: path),
                        kindField == "-" || PageRecord.Kind(rawValue: kindField) != nil,
                        let findings = Self.decode([Diagnostic].self, text(11))
                    else { return false }
                    let idSpan = none(9) ? nil : Self.span(bytes(9), file: path)
                    let links = none(10) ? nil : Self.links(bytes(10), file: path)
                    let copy = none(12) ? nil : Self.decode(CopyFacts.self, text(12))
                    guard none(9) || idSpan != nil, none(10) || links != nil, none(12) || copy != nil else {
                        return false
                    }
                    records.append(
                        PageRecord(
                            path: path, relativePath: text(2), version: .disk(stamp), isTrusted: kind == "record",
                            hash: text(4), kind: PageRecord.Kind(rawValue: kindField), id: text(6), title: text(7),
                            titleSpan: titleSpan, idSpan: idSpan, links: links, findings: findings, copy: copy))
                case ("output", 4):
                    guard let stamp = FileStamp(bytes: bytes(2)) else { return false }
                    outputs.append(Output(path: text(1), stamp: stamp, key: text(3)))
                case ("run", 2):
                    guard let found = Self.decode([Diagnostic].self, text(1)) else { return false }
                    runFindings = found
                case ("end", 1): sawEnd = true
                default: return false
                }
            }
            return sawEnd
        }
        guard valid, let buildKey, let sharedKey, let passed else { return nil }
        self.init(
            buildKey: buildKey, sharedKey: sharedKey, passed: passed, records: records, outputs: outputs,
            runFindings: runFindings)
        self.folder = folder
    }

    // Spans and link facts are written and read byte by byte: a build reads and writes one
    // record per page of the content.

    /// A span as `line column endLine endColumn` (its file is the record's).
    private static func append(_ span: SourceSpan, to bytes: inout [UInt8]) {
        append(span.start.line, to: &bytes)
        bytes.append(0x20)
        append(span.start.column, to: &bytes)
        bytes.append(0x20)
        append(span.endLine, to: &bytes)
        bytes.append(0x20)
        append(span.endColumn, to: &bytes)
    }

    private static func span(_ field: UnsafeBufferPointer<UInt8>, file: String) -> SourceSpan? {
        var numbers: [Int] = []
        numbers.reserveCapacity(4)
        var current = 0
        var digits = 0
        for byte in field {
            if byte == 0x20 {
                guard digits > 0 else { return nil }
                numbers.append(current)
                (current, digits) = (0, 0)
            } else if byte >= 0x30, byte <= 0x39 {
                current = current * 10 + Int(byte - 0x30)
                digits += 1
            } else {
                return nil
            }
        }
        guard digits > 0 else { return nil }
        numbers.append(current)
        guard numbers.count == 4 else { return nil }
        return SourceSpan(
            start: SourceLocation(file: file, line: numbers[0], column: numbers[1]), endLine: numbers[2],
            endColumn: numbers[3])
    }

    private static func append(_ number: Int, to bytes: inout [UInt8]) {
        guard number > 0 else {
            if number == 0 { bytes.append(0x30) } else { bytes.append(contentsOf: Array(String(number).utf8)) }
            return
        }
        var digits: [UInt8] = []
        var rest = number
        while rest > 0 {
            digits.append(UInt8(0x30 + rest % 10))
            rest /= 10
        }
        bytes.append(contentsOf: digits.reversed())
    }

    // A page's anchors and links: its kind (`s` or `p`) and path, the anchors, then the links
    // (destination, then its span, then where the destination is written when that is known),
    // with separators no anchor or destination holds (the record line escapes tabs and line
    // ends); JSON for one that holds them.
    private static let (group, item, field): (UInt8, UInt8, UInt8) = (0x1D, 0x1E, 0x1F)

    private static func append(_ page: SiteLinks.Page, to bytes: inout [UInt8]) {
        let separators: Set<UInt8> = [group, item, field]
        let clean = { (text: String) in !text.utf8.contains(where: separators.contains) }
        guard clean(page.path), page.anchors.allSatisfy(clean), page.links.allSatisfy({ clean($0.url) }) else {
            return appendEscaped(json(page), to: &bytes)
        }
        bytes.append(page.isSpec ? UInt8(ascii: "s") : UInt8(ascii: "p"))
        appendEscaped(page.path, to: &bytes)
        bytes.append(group)
        for (index, anchor) in page.anchors.sorted().enumerated() {
            if index > 0 { bytes.append(field) }
            appendEscaped(anchor, to: &bytes)
        }
        bytes.append(group)
        for (index, link) in page.links.enumerated() {
            if index > 0 { bytes.append(item) }
            appendEscaped(link.url, to: &bytes)
            var numbers = [link.span.start.line, link.span.start.column, link.span.endLine, link.span.endColumn]
            if let written = link.destination {
                numbers += [written.start.line, written.start.column, written.endLine, written.endColumn]
            }
            for number in numbers {
                bytes.append(field)
                append(number, to: &bytes)
            }
        }
    }

    private static func links(_ written: UnsafeBufferPointer<UInt8>, file: String) -> SiteLinks.Page? {
        guard let kind = written.first, kind == UInt8(ascii: "s") || kind == UInt8(ascii: "p") else {
            return decode(SiteLinks.Page.self, unescape(written))
        }
        let parts = written.dropFirst().split(separator: group, omittingEmptySubsequences: false)
        guard parts.count == 3 else { return nil }
        let text = { (slice: Slice<UnsafeBufferPointer<UInt8>>) in unescape(UnsafeBufferPointer(rebasing: slice)) }
        var links: [SiteLinks.Link] = []
        for link in parts[2].split(separator: item) {
            let fields = link.split(separator: field, omittingEmptySubsequences: false)
            guard fields.count == 5 || fields.count == 9 else { return nil }
            let numbers = fields[1...].compactMap { Int(String(decoding: $0, as: UTF8.self)) }
            guard numbers.count == fields.count - 1 else { return nil }
            func span(_ at: Int) -> SourceSpan {
                SourceSpan(
                    start: SourceLocation(file: file, line: numbers[at], column: numbers[at + 1]),
                    endLine: numbers[at + 2], endColumn: numbers[at + 3])
            }
            links.append(
                SiteLinks.Link(
                    url: text(fields[0]), span: span(0), destination: numbers.count == 8 ? span(4) : nil))
        }
        return SiteLinks.Page(
            path: text(parts[0]), isSpec: kind == UInt8(ascii: "s"),
            anchors: Set(parts[1].split(separator: field).map(text)), links: links)
    }

    private static func json(_ value: some Encodable) -> String {
        (try? JSONOutput.string(value)) ?? ""
    }

    private static func decode<Value: Decodable>(_ type: Value.Type, _ text: String) -> Value? {
        if text == "[]", let empty = [Diagnostic]() as? Value { return empty }
        return try? JSONDecoder().decode(type, from: Data(text.utf8))
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

    /// The kind of the cache's entries that hold manifests, keyed by the output folder; one
    /// whose folder no longer holds a build is of no use.
    static let kind = CacheKind(
        "builds", version: 5, limit: 32, fileExtension: ".manifest",
        isOfUse: { path in outputStillBuilt(manifest: path) })

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

    /// The key of the manifest of builds into `output`.
    private static func key(_ output: URL) -> [String] { [output.standardizedFileURL.path] }

    /// The manifest kept for builds into `output`, or nil when there is none or it is unreadable.
    static func load(for output: URL, in cache: CacheStore) -> BuildManifest? {
        cache.bytes(kind, key: key(output)).flatMap(BuildManifest.init(bytes:))
    }

    /// Keeps the manifest for builds into `output`; a manifest that cannot be written only
    /// makes the next build a full one.
    func save(for output: URL, in cache: CacheStore) {
        var manifest = self
        manifest.folder = output.standardizedFileURL.path
        cache.keep(manifest.bytes, Self.kind, key: Self.key(output))
    }

    /// Forgets the manifest for builds into `output`, before the output changes: a build
    /// cut off halfway leaves no manifest, and the next build is a full one.
    static func forget(for output: URL, in cache: CacheStore) {
        cache.forget(kind, key: key(output))
    }
}
