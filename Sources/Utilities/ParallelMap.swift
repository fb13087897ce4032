import Dispatch

extension Array where Element: Sendable {
    /// `map`, with the elements shared out over the machine's cores; the results keep the
    /// elements' order. For independent work on each element (parsing one page, rendering
    /// one page), where the order of the work must not show in the result.
    public func parallelMap<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        guard count > 1 else { return map(transform) }
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<Result?>.allocate(capacity: count)
        results.initialize(repeating: nil)
        defer { results.deallocate() }
        withoutActuallyEscaping(transform) { transform in
            DispatchQueue.concurrentPerform(iterations: count) { index in
                results[index] = transform(self[index])
            }
        }
        defer { _ = results.deinitialize() }
        return results.map { $0! }
    }
}
