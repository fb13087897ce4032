/// A point in a source file: 1-based line and 1-based UTF-8 byte column, as cmark-gfm
/// reports them, so a location printed by the tool opens at the same place in any editor
/// that counts bytes (and differs only on lines with multi-byte characters in editors that
/// count characters).
public struct SourceLocation: Hashable, Codable, Sendable, Comparable, CustomStringConvertible {
    /// The file's path as the user named it (relative paths stay relative).
    public var file: String
    /// 1-based line number.
    public var line: Int
    /// 1-based UTF-8 byte column.
    public var column: Int

    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `path:line:column`, the compiler convention, or the path alone for a whole file or folder.
    public var description: String { line > 0 ? "\(file):\(line):\(column)" : file }

    /// A whole file or folder, with no line to point at (one that is empty, unreadable, too
    /// large, or a folder without pages): printed as its path alone.
    public static func whole(_ path: String) -> SourceLocation {
        SourceLocation(file: path, line: 0, column: 0)
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// The span of an element in its source file; `end` is inclusive, as in cmark-gfm.
public struct SourceRange: Hashable, Codable, Sendable, CustomStringConvertible {
    public var start: SourceLocation
    public var endLine: Int
    public var endColumn: Int

    public init(start: SourceLocation, endLine: Int, endColumn: Int) {
        self.start = start
        self.endLine = endLine
        self.endColumn = endColumn
    }

    /// A range that starts and ends at one location.
    public init(at location: SourceLocation) {
        self.init(start: location, endLine: location.line, endColumn: location.column)
    }

    /// `path:line:column-line:column`, used in model dumps.
    public var description: String { "\(start)-\(endLine):\(endColumn)" }
}
