/// A place in a document: a 0-based line, and a character offset in it counted in the
/// negotiated encoding (UTF-16 code units unless UTF-8 was agreed).
public struct Position: Codable, Sendable, Hashable {
    public var line: Int
    public var character: Int

    public init(line: Int, character: Int) {
        self.line = line
        self.character = character
    }
}

/// A stretch of a document, its end excluded (the protocol's `Range`).
public struct TextRange: Codable, Sendable, Hashable {
    public var start: Position
    public var end: Position

    public init(start: Position, end: Position) {
        self.start = start
        self.end = end
    }
}

/// A stretch of a document named by its URI.
public struct Location: Codable, Sendable, Hashable {
    public var uri: String
    public var range: TextRange

    public init(uri: String, range: TextRange) {
        self.uri = uri
        self.range = range
    }
}

public struct TextDocumentIdentifier: Codable, Sendable, Hashable {
    public var uri: String

    public init(uri: String) { self.uri = uri }
}

public struct VersionedTextDocumentIdentifier: Codable, Sendable, Hashable {
    public var uri: String
    public var version: Int?

    public init(uri: String, version: Int?) {
        self.uri = uri
        self.version = version
    }
}

/// A document the client opened, with its text.
public struct TextDocumentItem: Codable, Sendable, Hashable {
    public var uri: String
    public var languageId: String
    public var version: Int
    public var text: String

    public init(uri: String, languageId: String, version: Int, text: String) {
        self.uri = uri
        self.languageId = languageId
        self.version = version
        self.text = text
    }
}

/// A replacement of a stretch of a document.
public struct TextEdit: Codable, Sendable, Hashable {
    public var range: TextRange
    public var newText: String

    public init(range: TextRange, newText: String) {
        self.range = range
        self.newText = newText
    }
}

/// Edits to documents, by URI.
public struct WorkspaceEdit: Codable, Sendable, Hashable {
    public var changes: [String: [TextEdit]]

    public init(changes: [String: [TextEdit]]) { self.changes = changes }
}

/// Text the client shows as Markdown or plain text.
public struct MarkupContent: Codable, Sendable, Hashable {
    public var kind: String
    public var value: String

    public init(markdown value: String) {
        kind = "markdown"
        self.value = value
    }
}
