/// Values numbered 0, 1, 2, … in the order they are first seen. The explorer hashes a large
/// value (a state, an event) once, when it first meets it, and from then on indexes arrays by
/// its number: a state's number is its compact key, and a number gives the value back.
struct Interner<Value: Hashable> {
    /// The values, each at its number.
    private(set) var values: [Value] = []
    private var numbers: [Value: Int] = [:]

    /// How many values have a number.
    var count: Int { values.count }

    /// The number of `value`, given it now if it has none yet.
    mutating func number(of value: Value) -> Int {
        if let number = numbers[value] { return number }
        values.append(value)
        numbers[value] = values.count - 1
        return values.count - 1
    }

    /// The value with a number.
    subscript(number: Int) -> Value { values[number] }
}
