import SpecModel

extension PlatformFacts {
    static let android: [PlatformFact] = []
}
