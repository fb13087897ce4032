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

    /// `path:line:column`, the compiler convention.
    public var description: String { "\(file):\(line):\(column)" }

    /// A whole file or folder, with no line of its own to point at (one that is unreadable,
    /// too large, a link not followed, or a folder without pages): its start, 1:1, as
    /// compilers point at a file, so that every diagnostic has the `path:line:column` form
    /// that tools read, and SARIF, JUnit, the annotations and the editor all get a position.
    public static func whole(_ path: String) -> SourceLocation {
        SourceLocation(file: path, line: 1, column: 1)
    }

    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.file, lhs.line, lhs.column) < (rhs.file, rhs.line, rhs.column)
    }
}

/// A model element written at a place in its file: where it starts and, when known, where
/// it ends, so that a finding about it marks all of it. The end is not part of the model's
/// JSON (a model read back from JSON has an empty span at each location).
public protocol SourceLocated {
    var location: SourceLocation { get }
    /// The line, and the column just past the element's last byte; nil where unknown.
    var end: SourceSpan.End? { get }
}

extension SourceLocated {
    /// What the element covers in its file: an empty span at its location where the end is
    /// unknown.
    public var span: SourceSpan {
        SourceSpan(start: location, endLine: end?.line ?? location.line, endColumn: end?.column ?? location.column)
    }
}

/// A detail of where a model element is written (where it ends, its text as written), kept
/// for findings and fixes but not part of the element's value: two elements that say the
/// same at the same place are equal however their details differ, and the model's JSON
/// leaves the details out (each type's coding keys do not name them).
@propertyWrapper
public struct SourceDetail<Value: Sendable>: Sendable, Hashable {
    public var wrappedValue: Value

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    public static func == (lhs: SourceDetail, rhs: SourceDetail) -> Bool { true }

    public func hash(into hasher: inout Hasher) {}
}
