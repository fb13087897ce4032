/// Data a template renders: the JSON types.
public enum MustacheValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([MustacheValue])
    case object([String: MustacheValue])

    /// False, null and the empty list are falsey; everything else is truthy.
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let value): value
        case .array(let items): !items.isEmpty
        default: true
        }
    }

    /// The text an interpolation tag writes.
    var text: String {
        switch self {
        case .null: ""
        case .bool(let value): value ? "true" : "false"
        case .number(let value):
            value.rounded() == value && abs(value) < 1e15 ? String(Int64(value)) : String(value)
        case .string(let value): value
        case .array, .object: ""
        }
    }

    /// A member of an object; for a list, `0`, `1`, ... name its items (so `{{#items.0}}`
    /// tests for a non-empty list), an extension the spec leaves open.
    subscript(key: String) -> MustacheValue? {
        switch self {
        case .object(let members): return members[key]
        case .array(let items):
            guard let index = Int(key), items.indices.contains(index) else { return nil }
            return items[index]
        default: return nil
        }
    }
}

extension MustacheValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral, ExpressibleByIntegerLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(arrayLiteral elements: MustacheValue...) { self = .array(elements) }
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    public init(dictionaryLiteral elements: (String, MustacheValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}
