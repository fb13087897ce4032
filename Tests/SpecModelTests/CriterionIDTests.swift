import Foundation
import SpecModel
import Testing

@Suite struct CriterionIDTests {
    @Test(arguments: ["N1.4-AC01", "N1.4-AC10", "X2-AC001", "AB12.3.4-AC99"])
    func parsesAndPrintsValidIDs(_ text: String) throws {
        let id = try #require(CriterionID(text))
        #expect(id.description == text)
    }

    @Test(arguments: [
        "", "AC01", "N1.4-AC1", "N1.4-ACX1", "n1.4-AC01", "N1.4-AC01-AC02", "N..4-AC01", "N-AC01", "N1.4_AC01",
        "N1.4-AC٠١",
    ])
    func rejectsMalformedIDs(_ text: String) {
        #expect(CriterionID(text) == nil)
    }

    @Test func ordersBySpecThenNumber() throws {
        let ids = ["N1.4-AC10", "N1.4-AC02", "M1-AC05"].compactMap(CriterionID.init)
        #expect(ids.sorted().map(\.description) == ["M1-AC05", "N1.4-AC02", "N1.4-AC10"])
    }

    @Test func keepsItsWidthWhenRenumbered() throws {
        let id = try #require(CriterionID("N1.4-AC001"))
        #expect(id.with(number: 7).description == "N1.4-AC007")
    }

    @Test func encodesAsItsText() throws {
        let id = try #require(CriterionID("N1.4-AC03"))
        let data = try JSONEncoder().encode([id])
        #expect(String(decoding: data, as: UTF8.self) == #"["N1.4-AC03"]"#)
        #expect(try JSONDecoder().decode([CriterionID].self, from: data) == [id])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([CriterionID].self, from: Data(#"["bad"]"#.utf8))
        }
    }
}

@Suite struct SpecIDTests {
    @Test func validIDs() {
        #expect(SpecID.isValid("N1.4"))
        #expect(SpecID.isValid("G2"))
        #expect(!SpecID.isValid("N"))
        #expect(!SpecID.isValid("n1"))
        #expect(!SpecID.isValid("N1."))
        #expect(!SpecID.isValid("N 1"))
    }
}

@Suite struct PlatformTests {
    @Test func looksUpByIDOrDisplayNameIgnoringCase() {
        #expect(Platform(name: "iOS") == .ios)
        #expect(Platform(name: " IOS ") == .ios)
        #expect(Platform(name: "android") == .android)
        #expect(Platform(name: "Android") == .android)
        #expect(Platform(name: "windows") == nil)
    }

    @Test func ordersAsDeclared() {
        #expect([Platform.android, .ios].sorted() == [.ios, .android])
    }
}
