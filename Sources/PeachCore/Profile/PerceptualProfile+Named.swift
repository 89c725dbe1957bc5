import Foundation

/// A discipline added to peach after the pitch and rhythm ones keeps its statistics under its
/// own name, fed as the others are: by its completed trials, or by its stored records in time order.
extension PerceptualProfile {
    public func add(_ value: Double, at time: Date, toDisciplineNamed name: String) {
        namedAccumulators.withLock { $0[name, default: DisciplineAccumulator()].add(value, at: time) }
    }

    public func statistics(forDisciplineNamed name: String) -> DisciplineStatistics? {
        namedAccumulators.withLock { $0[name]?.statistics }
    }
}
