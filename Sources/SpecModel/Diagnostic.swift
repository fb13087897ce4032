/// How serious a diagnostic is. Only errors make a command fail.
public enum Severity: String, Codable, Sendable, Comparable {
    case warning
    case error

    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .warning && rhs == .error
    }
}

/// A finding about the user's input, as data: the stretch of text it is about, its message
/// (stable ID, severity, text), other places that explain it, and the edits that fix it,
/// computed where the finding is. Every consumer (the terminal, SARIF, JUnit, GitHub
/// annotations, the language server) renders these fields; none reads the message's text
/// for a place or a fix, so rewording a message changes nothing else.
public struct Diagnostic: Hashable, Sendable, CustomStringConvertible {
    /// What the finding marks: an underline in an editor, a region in SARIF.
    public var span: SourceSpan
    public var message: Message
    /// Other places the finding is about (the first use of an ID used twice).
    public var notes: [DiagnosticNote]
    /// The edits that would fix it, most likely first.
    public var fixIts: [FixIt]
    /// What the finding is about, named so that another finding can say it implies this one
    /// (see `Implication`): `platform android` for a column of a misspelt platform.
    public var subjects: [DiagnosticSubject]

    /// A finding that marks `span`.
    public init(
        _ message: Message, at span: SourceSpan, notes: [DiagnosticNote] = [], fixIts: [FixIt] = [],
        subjects: [DiagnosticSubject] = []
    ) {
        self.message = message
        self.span = span
        self.notes = notes
        self.fixIts = fixIts
        self.subjects = subjects
    }

    /// A finding about a point where nothing longer is written, or about a whole file or
    /// folder (at its start): an empty span there.
    public init(_ message: Message, at location: SourceLocation) {
        self.init(message, at: SourceSpan(at: location))
    }

    /// Where the finding starts: what the compiler form prints.
    public var location: SourceLocation {
        get { span.start }
        set { span = SourceSpan(start: newValue, endLine: newValue.line, endColumn: newValue.column) }
    }

    public var severity: Severity { message.severity }

    /// The same finding as an error (`--strict` makes style warnings fail).
    public func promotedToError() -> Diagnostic {
        var copy = self
        copy.message.severity = .error
        return copy
    }
    public var id: MessageID { message.id }

    /// The same finding with `fixIt` offered too.
    public func fixed(by fixIt: FixIt?) -> Diagnostic {
        guard let fixIt else { return self }
        var copy = self
        copy.fixIts.append(fixIt)
        return copy
    }

    /// The same finding, about `subject` too.
    public func about(_ subject: DiagnosticSubject) -> Diagnostic {
        var copy = self
        copy.subjects.append(subject)
        return copy
    }

    /// The compiler form: `path:line:column: error: text [id]`.
    public var description: String {
        "\(location): \(severity.rawValue): \(message.text) [\(message.id.rawValue)]"
    }
}

extension Diagnostic: Codable {
    private enum CodingKeys: String, CodingKey {
        case location, end, message, notes, fixIts, subjects
    }

    /// Decodes the start as `location` and, where given, the end, notes, fix-its and subjects;
    /// a diagnostic written before these existed reads as an empty span at its location.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let start = try container.decode(SourceLocation.self, forKey: .location)
        let end = try container.decodeIfPresent(SourceSpan.End.self, forKey: .end)
        span = SourceSpan(start: start, endLine: end?.line ?? start.line, endColumn: end?.column ?? start.column)
        message = try container.decode(Message.self, forKey: .message)
        notes = try container.decodeIfPresent([DiagnosticNote].self, forKey: .notes) ?? []
        fixIts = try container.decodeIfPresent([FixIt].self, forKey: .fixIts) ?? []
        subjects = try container.decodeIfPresent([DiagnosticSubject].self, forKey: .subjects) ?? []
    }

    /// Encodes the start as `location`, the end where the span has a length, and the notes,
    /// fix-its and subjects where there are any.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(span.start, forKey: .location)
        if !span.isEmpty { try container.encode(span.end, forKey: .end) }
        try container.encode(message, forKey: .message)
        if !notes.isEmpty { try container.encode(notes, forKey: .notes) }
        if !fixIts.isEmpty { try container.encode(fixIts, forKey: .fixIts) }
        if !subjects.isEmpty { try container.encode(subjects, forKey: .subjects) }
    }
}

/// A stretch of a source file: from `start` up to, not including, `endLine:endColumn`, in
/// 1-based lines and 1-based UTF-8 byte columns (as SARIF's regions and the language
/// protocol's ranges count an end). Empty when it ends where it starts.
public struct SourceSpan: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    /// Where it ends: the line, and the column just past its last byte.
    public struct End: Hashable, Codable, Sendable {
        public var line: Int
        public var column: Int

        public init(line: Int, column: Int) {
            self.line = line
            self.column = column
        }
    }

    public var start: SourceLocation
    public var endLine: Int
    /// The column just past the last byte.
    public var endColumn: Int

    public init(start: SourceLocation, endLine: Int, endColumn: Int) {
        self.start = start
        self.endLine = endLine
        self.endColumn = endColumn
    }

    /// The empty span at `location`.
    public init(at location: SourceLocation) {
        self.init(start: location, endLine: location.line, endColumn: location.column)
    }

    /// `length` bytes on one line from `location`.
    public init(at location: SourceLocation, length: Int) {
        self.init(start: location, endLine: location.line, endColumn: location.column + max(length, 0))
    }

    /// Bytes `columns` (1-based, end excluded) of `line` in `file`.
    public init(file: String, line: Int, columns: Range<Int>) {
        self.init(
            start: SourceLocation(file: file, line: line, column: columns.lowerBound), endLine: line,
            endColumn: columns.upperBound)
    }

    /// A whole file or folder: the empty span at its start (see `SourceLocation.whole`).
    public static func whole(_ path: String) -> SourceSpan { SourceSpan(at: .whole(path)) }

    public var file: String { start.file }
    public var end: End { End(line: endLine, column: endColumn) }
    public var isEmpty: Bool { endLine == start.line && endColumn == start.column }

    /// From the start of `self` to the end of `other` (in the same file).
    public func through(_ other: SourceSpan) -> SourceSpan {
        SourceSpan(start: start, endLine: other.endLine, endColumn: other.endColumn)
    }

    /// Whether `location` is inside it (its end included, so an empty span holds its point).
    public func contains(_ location: SourceLocation) -> Bool {
        guard location.file == start.file else { return false }
        let point = (location.line, location.column)
        return point >= (start.line, start.column) && point <= (endLine, endColumn)
    }

    /// `path:line:column-line:column`.
    public var description: String { "\(start)-\(endLine):\(endColumn)" }

    public static func < (lhs: SourceSpan, rhs: SourceSpan) -> Bool {
        (lhs.start, lhs.endLine, lhs.endColumn) < (rhs.start, rhs.endLine, rhs.endColumn)
    }
}

/// Another place a finding is about, with what it is there.
public struct DiagnosticNote: Hashable, Codable, Sendable {
    public var span: SourceSpan
    public var text: String

    public init(_ text: String, at span: SourceSpan) {
        self.text = text
        self.span = span
    }
}

/// A fix: what it does, in a few words an editor shows on its menu, and the edits it makes.
public struct FixIt: Hashable, Codable, Sendable {
    public var title: String
    public var edits: [SourceEdit]

    public init(_ title: String, edits: [SourceEdit]) {
        self.title = title
        self.edits = edits
    }

    /// Replaces `span` with `text`, titled "Change to 'text'".
    public static func replace(_ span: SourceSpan, with text: String, title: String? = nil) -> FixIt {
        FixIt(title ?? "Change to '\(text)'", edits: [SourceEdit(span, text)])
    }

    /// Inserts `text` at `location`.
    public static func insert(_ text: String, at location: SourceLocation, title: String) -> FixIt {
        FixIt(title, edits: [SourceEdit(SourceSpan(at: location), text)])
    }
}

/// One edit of a fix: `span` replaced by `replacement` (an insertion where the span is empty).
public struct SourceEdit: Hashable, Codable, Sendable {
    public var span: SourceSpan
    public var replacement: String

    public init(_ span: SourceSpan, _ replacement: String) {
        self.span = span
        self.replacement = replacement
    }
}

/// What a finding is about, so that one mistake gives one message: a finding whose subject
/// another finding with an implying ID shares is left out (see `Implication`).
public struct DiagnosticSubject: Hashable, Codable, Sendable, CustomStringConvertible {
    /// The kind of thing: `platform`, `criterion`, `scenario`, `page`.
    public var kind: String
    /// Its name, as the rules compare it (a platform's ID, a criterion ID).
    public var name: String

    public init(_ kind: String, _ name: String) {
        self.kind = kind
        self.name = name
    }

    /// A platform by its ID as the writer meant it.
    public static func platform(_ id: String) -> DiagnosticSubject { DiagnosticSubject("platform", id.lowercased()) }

    /// A copy table's Trigger cell, by where it starts.
    public static func triggerCell(at location: SourceLocation) -> DiagnosticSubject {
        DiagnosticSubject("trigger cell", "\(location.line):\(location.column)")
    }

    public var description: String { "\(kind) \(name)" }
}

/// That a finding with ID `finding` goes without saying when a finding with ID `cause`, in
/// the same file and about one of the same subjects, is reported: the cause is the one
/// message the writer needs.
public struct Implication: Hashable, Sendable {
    public var finding: MessageID
    public var cause: MessageID

    public init(_ finding: MessageID, impliedBy cause: MessageID) {
        self.finding = finding
        self.cause = cause
    }

    /// `diagnostics` without every finding that a cause among them implies.
    public static func apply(_ implications: [Implication], to diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !implications.isEmpty else { return diagnostics }
        var causes: [MessageID: Set<MessageID>] = [:]
        for implication in implications { causes[implication.finding, default: []].insert(implication.cause) }
        // The subjects each cause is reported about, per file.
        var reported: Set<String> = []
        let causeIDs = Set(implications.map(\.cause))
        for diagnostic in diagnostics where causeIDs.contains(diagnostic.id) {
            for subject in diagnostic.subjects {
                reported.insert("\(diagnostic.span.file)\u{0}\(diagnostic.id)\u{0}\(subject)")
            }
        }
        guard !reported.isEmpty else { return diagnostics }
        return diagnostics.filter { diagnostic in
            guard let implying = causes[diagnostic.id] else { return true }
            return !diagnostic.subjects.contains { subject in
                implying.contains { reported.contains("\(diagnostic.span.file)\u{0}\($0)\u{0}\(subject)") }
            }
        }
    }
}

/// Collects diagnostics from every stage so all problems are reported in one pass.
public struct DiagnosticBag: Sendable {
    public private(set) var diagnostics: [Diagnostic] = []

    public init() {}

    public mutating func report(_ message: Message, at location: SourceLocation) {
        diagnostics.append(Diagnostic(message, at: location))
    }

    public mutating func report(
        _ message: Message, at span: SourceSpan, notes: [DiagnosticNote] = [], fixIts: [FixIt] = [],
        subjects: [DiagnosticSubject] = []
    ) {
        diagnostics.append(Diagnostic(message, at: span, notes: notes, fixIts: fixIts, subjects: subjects))
    }

    public mutating func append(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }

    public mutating func append(contentsOf other: [Diagnostic]) {
        diagnostics.append(contentsOf: other)
    }

    /// Whether any diagnostic is an error; this alone decides a failing exit status.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// Diagnostics in file, line and column order (stable for equal locations).
    public var sorted: [Diagnostic] {
        diagnostics.enumerated()
            .sorted { ($0.element.location, $0.offset) < ($1.element.location, $1.offset) }
            .map(\.element)
    }
}

extension Array where Element == Diagnostic {
    /// In file, line and column order, keeping the original order for equal locations.
    public func sortedByLocation() -> [Diagnostic] {
        var bag = DiagnosticBag()
        bag.append(contentsOf: self)
        return bag.sorted
    }
}
