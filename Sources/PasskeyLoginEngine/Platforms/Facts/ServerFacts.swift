import SpecModel

extension PlatformFacts {
    static let server: [PlatformFact] = []
}
