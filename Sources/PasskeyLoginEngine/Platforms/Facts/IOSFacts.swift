import SpecModel

extension PlatformFacts {
    /// iOS: `ASAuthorizationError.Code` and the lookup's `URLError.Code`s.
    static let ios: [PlatformFact] = []
}
