import Foundation
import SpecRunner

/// The flows, made the first time something needs them: building the registry probes the
/// engine, which a build that renders one prose page has no use for.
final class LazyFlows: @unchecked Sendable {
    private let make: @Sendable () -> FlowRegistry
    private let lock = NSLock()
    private var made: FlowRegistry?

    init(_ make: @escaping @Sendable () -> FlowRegistry) {
        self.make = make
    }

    /// Flows already made.
    convenience init(_ flows: FlowRegistry) {
        self.init { flows }
    }

    /// The flows, made now if not yet.
    var registry: FlowRegistry {
        lock.withLock {
            if let made { return made }
            let flows = make()
            made = flows
            return flows
        }
    }
}
