import SpecModel
import Testing
import Utilities

@Suite struct EditDistanceTests {
    @Test(arguments: [
        ("kitten", "sitting", 3), ("", "abc", 3), ("abc", "", 3), ("same", "same", 0), ("flaw", "lawn", 2),
        ("the user cancels", "the user cancelled", 3), ("café", "cafe", 1),
    ])
    func countsInsertionsDeletionsAndSubstitutions(_ a: String, _ b: String, _ distance: Int) {
        #expect(editDistance(a, b) == distance)
        #expect(editDistance(b, a) == distance)
    }

    @Test func suggestsOnlyANearCandidate() {
        #expect(closest(to: "andriod", in: ["ios", "android", "web"]) == "android")
        #expect(closest(to: "symbian", in: ["ios", "android", "web"]) == nil)
    }
}
