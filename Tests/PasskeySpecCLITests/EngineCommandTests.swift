import Foundation
import Testing

@testable import PasskeySpecCLI

@Suite struct ExploreCommandTests {
    @Test func theDefaultDepthCoversTheWholeSpaceWithoutViolations() throws {
        let result = InProcess.run(["explore"])
        #expect(result.status == .success, "\(result.stdout.suffix(2000))")
        #expect(result.stderr == "")
        #expect(result.stdout.contains("the whole reachable space is covered"))
        #expect(result.stdout.hasSuffix("explore: no violations\n"))
        for criterion in ["N1.4-AC01", "N1.4-AC02", "N1.4-AC03", "N1.4-AC04", "N1.4-AC05"] {
            #expect(result.stdout.contains("\n\(criterion) "), "no invariant line for \(criterion)")
        }
        #expect(!result.stdout.contains("VIOLATED"))
        #expect(!result.stdout.contains("checked at 0 transitions"))
        let rates = try Regex("\nexplored in [0-9]+\\.[0-9]{3} s: [1-9][0-9]* states/s, [1-9][0-9]* transitions/s\n")
        #expect(result.stdout.firstRange(of: rates) != nil, "no rates in \(result.stdout.prefix(600))")
    }

    @Test func jsonHasTheTimingBesideTheExploration() throws {
        let result = InProcess.run(["explore", "--depth", "4", "--format", "json"])
        let flows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let flow = try #require(flows.first)
        let seconds = try #require(flow["seconds"] as? Double)
        let states = try #require((flow["exploration"] as? [String: Any])?["states"] as? Int)
        let statesPerSecond = try #require(flow["statesPerSecond"] as? Int)
        #expect(seconds >= 0)
        #expect(statesPerSecond > 0)
        #expect((flow["transitionsPerSecond"] as? Int ?? 0) > statesPerSecond, "more transitions than states")
        #expect(Double(states) / max(seconds, 1e-6) >= Double(statesPerSecond) / 2)
        // The exploration itself, which the cache and the run report keep, has no timing.
        #expect((flow["exploration"] as? [String: Any])?["seconds"] == nil)
    }

    @Test func aShallowDepthFailsAsIncompleteAndJSONHasTheCounts() throws {
        let result = InProcess.run(["explore", "--depth", "3", "--format", "json"])
        #expect(result.status == .failure)
        let flows = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(flows.map { $0["flow"] as? String } == ["passkey-login"])
        let object = try #require(flows.first?["exploration"] as? [String: Any])
        #expect(object["complete"] as? Bool == false)
        #expect(object["depthLimit"] as? Int == 3)
        #expect((object["states"] as? Int ?? 0) > 0)
        #expect((flows.first?["invariants"] as? [Any])?.isEmpty == false)
    }

    @Test func aBadDepthIsAUsageError() throws {
        let result = InProcess.run(["explore", "--depth", "many"])
        #expect(result.status == .usage)
        #expect(
            result.stderr.hasPrefix(
                "passkey-spec: error: option '--depth' takes a whole number from 1 to 64, not 'many' [invalid-option-value]\n"
            ))
    }
}

@Suite struct ErrorsCommandTests {
    @Test func listsEveryNativeErrorWithItsScenario() throws {
        let result = InProcess.run(["errors"])
        #expect(result.status == .success)
        for code in 1000...1010 { #expect(result.stdout.contains(" \(code)\n"), "iOS code \(code) missing") }
        for name in [
            "GetCredentialCancellationException", "NoCredentialException", "GetCredentialInterruptedException",
            "GetCredentialProviderConfigurationException", "GetCredentialUnknownException",
            "GetCredentialUnsupportedException", "GetCredentialCustomException", "TYPE_NOT_ALLOWED_ERROR",
        ] {
            #expect(result.stdout.contains(name), "\(name) missing")
        }
        #expect(
            result.stdout.contains(
                "  ASAuthorizationError.Code.canceled 1001\n    → cancelled: automatic automatic-cancel-first, then automatic-cancel-repeated; explicit explicit-cancel\n"
            ))
    }

    @Test func jsonForOnePlatform() throws {
        let result = InProcess.run(["errors", "--platform", "ios", "--format", "json"])
        #expect(result.status == .success)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == 12)
        #expect(entries.allSatisfy { $0["platform"] as? String == "ios" })
    }

    /// A route the platform does not have is `null`, not a sentence where scenario IDs go.
    @Test func jsonHasNullWhereThereIsNoAutomaticRoute() throws {
        let result = InProcess.run(["errors", "--platform", "web", "--format", "json"])
        #expect(result.status == .success)
        let entries = try #require(try json(result.stdout) as? [[String: Any]])
        #expect(!entries.isEmpty)
        for entry in entries {
            #expect(entry["automaticFirst"] is NSNull && entry["automaticRepeated"] is NSNull)
            #expect((entry["explicit"] as? String)?.contains(" ") == false)
        }
        let text = InProcess.run(["errors", "--platform", "web"]).stdout
        #expect(text.contains("automatic none (no automatic prompt on this platform); explicit explicit-cancel\n"))
    }

    @Test(arguments: [
        ("1001", ["ASAuthorizationError.Code.canceled", "ASAuthorizationError.Code.canceled"]),
        (
            "ASAuthorizationError.Code.canceled",
            ["ASAuthorizationError.Code.canceled", "ASAuthorizationError.Code.canceled"]
        ),
        ("canceled", ["ASAuthorizationError.Code.canceled", "ASAuthorizationError.Code.canceled"]),
        // Android's DOM exception carrying the DomError of that name is the same error there.
        ("NotAllowedError", ["GetPublicKeyCredentialDomException", "NotAllowedError"]),
        ("notallowederror", ["GetPublicKeyCredentialDomException", "NotAllowedError"]),
        ("DataError", ["GetPublicKeyCredentialDomException"]),
        ("GetCredentialCancellationException", ["GetCredentialCancellationException"]),
        ("TYPE_USER_CANCELED", ["GetCredentialCancellationException"]),
        ("TYPE_NOT_ALLOWED_ERROR", ["GetPublicKeyCredentialDomException"]),
    ])
    func oneErrorByNameOrRawValue(query: String, names: [String]) throws {
        let result = InProcess.run(["errors", query, "--format", "json"])
        #expect(result.status == .success, "\(result.stderr)")
        let entries = try #require(try json(result.stdout) as? [[String: Any]])
        #expect(entries.map { $0["name"] as? String ?? "" } == names)
    }

    @Test func anUnknownErrorNamesTheClosest() {
        let result = InProcess.run(["errors", "1100"])
        #expect(result.status == .failure)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "passkey-spec: error: no native error has the name or raw value '1100'; the closest are '1000', '1001', '1002' [unknown-native-error]\n"
        )
        let elsewhere = InProcess.run(["errors", "NotAllowedError", "--platform", "ios"])
        #expect(elsewhere.status == .failure, "only the platform asked for")
    }

    @Test func anUnknownPlatformIsAUsageError() throws {
        let result = InProcess.run(["errors", "--platform", "windows"])
        #expect(result.status == .usage)
        #expect(result.stderr.contains("[invalid-option-value]"))
    }
}
