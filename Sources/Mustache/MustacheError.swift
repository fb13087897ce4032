/// A template that cannot be parsed, with where.
public struct MustacheError: Error, Sendable, Equatable, CustomStringConvertible {
    public var message: String
    public var file: String
    public var line: Int
    public var column: Int

    public var description: String { "\(file):\(line):\(column): error: \(message)" }
}
