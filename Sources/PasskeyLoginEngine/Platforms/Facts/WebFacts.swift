import SpecModel

extension PlatformFacts {
    static let web: [PlatformFact] = []
}
