import Testing

@testable import Utilities

/// The one service behind every lookup's "the closest are …".
@Suite struct NearestNamesTests {
    /// Names and raw codes as `errors` offers them: a word is answered with names alone.
    static let errors = [
        "TypeError", "1000", "1001", "ASAuthorizationError.Code.unknown", "ASAuthorizationError.Code.canceled",
        "GetCredentialCancellationException", "GetCredentialInterruptedException", "NotAllowedError", "1002",
    ]

    @Test func aWordIsAnsweredWithNamesNeverWithNumbers() {
        let found = NearestNames(Self.errors).nearest(to: "cancelled")
        #expect(Array(found.prefix(2)) == ["ASAuthorizationError.Code.canceled", "GetCredentialCancellationException"])
        #expect(!found.contains { NearestNames.isNumber($0) }, "\(found)")
    }

    @Test func aNumberIsAnsweredWithNumbersNeverWithNames() {
        #expect(NearestNames(Self.errors).nearest(to: "1100") == ["1000", "1001", "1002"])
        #expect(NearestNames(["explicit-cancel", "lookup-failed"]).nearest(to: "1001").isEmpty)
    }

    /// The last part of a dotted name counts as much as a word does: `canceled` is one letter
    /// from `cancelled` although the whole name is long.
    @Test func aPartOfANameCounts() {
        #expect(NearestNames(Self.errors).nearest(to: "canceld", count: 1) == ["ASAuthorizationError.Code.canceled"])
        #expect(
            NearestNames(Self.errors).nearest(to: "Code.cancelled", count: 1) == ["ASAuthorizationError.Code.canceled"])
        #expect(NearestNames(Self.errors).nearest(to: "interrupted", count: 1) == ["GetCredentialInterruptedException"])
    }

    @Test func aCandidateGivenTwiceIsListedOnce() {
        let scenarios = ["deleted-passkey", "passkey-failed", "deleted-passkey", "passkey-failed", "lookup-failed"]
        let found = NearestNames(scenarios).nearest(to: "deleted-pasky")
        #expect(found == ["deleted-passkey", "passkey-failed", "lookup-failed"])
        #expect(NearestNames(scenarios).candidates == ["deleted-passkey", "passkey-failed", "lookup-failed"])
    }

    @Test func theListIsCapped() {
        let names = (1...20).map { "name-\($0)" }
        #expect(NearestNames(names).nearest(to: "name-0").count == NearestNames.defaultCount)
        #expect(NearestNames(names).nearest(to: "name-0", count: 5).count == 5)
    }

    /// A name with nothing in common with the query is no suggestion at all.
    @Test func nothingNearIsNothingListed() {
        #expect(NearestNames(["explicit-cancel", "lookup-failed"]).nearest(to: "xyz").isEmpty)
    }

    @Test(arguments: [
        ("GetCredentialCancellationException", ["get", "credential", "cancellation", "exception"]),
        (
            "ASAuthorizationError.Code.canceled",
            ["code.canceled", "canceled", "as", "authorization", "error", "code", "canceled"]
        ),
        ("TYPE_USER_CANCELED", ["type", "user", "canceled"]),
        ("URLError.Code.timedOut", ["code.timedout", "timedout", "url", "error", "code", "timed", "out"]),
    ])
    func namesSplitIntoTailsAndWords(name: String, parts: [String]) {
        #expect(NearestNames.parts(of: name) == parts)
    }

    @Test(arguments: [
        ("1001", true), ("-1001", true), ("HTTP 5xx", false), ("1001a", false), ("", false), ("-", false),
    ])
    func numbersAreDigitsWithASign(text: String, isNumber: Bool) {
        #expect(NearestNames.isNumber(text) == isNumber)
    }
}
