extension BidirectionalCollection where Element == Character {
    /// The range from the first to the last letter or digit; nil when there is none.
    var alphanumericRange: ClosedRange<Index>? {
        guard let start = firstIndex(where: { $0.isLetter || $0.isNumber }),
            let end = lastIndex(where: { $0.isLetter || $0.isNumber })
        else { return nil }
        return start...end
    }
}
