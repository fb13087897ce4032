import Foundation
import Pipeline
import SpecRunner
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

    /// Every result a Trigger cell may name on iOS: the passkey request's twelve native errors
    /// (1000 to 1010, and 1001 with the no-credentials message), the lookup's seven `URLError`s,
    /// `HTTP 5xx` and `HTTP 429`, and the server's eight answers.
    @Test func jsonForOnePlatform() throws {
        let result = InProcess.run(["errors", "--platform", "ios", "--format", "json"])
        #expect(result.status == .success)
        let entries = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        #expect(entries.count == 29)
        #expect(entries.allSatisfy { $0["platform"] as? String == "ios" })
        let kinds = entries.map { $0["kind"] as? String ?? "" }
        #expect(kinds.filter { $0 == "native-error" }.count == 12)
        #expect(kinds.filter { $0 == "transport-error" }.count == 9)
        #expect(kinds.filter { $0 == "server-answer" }.count == 8)
    }

    /// The writer's guide says to look a Trigger name up with `errors NAME`: every name the
    /// Trigger cells are checked against is found, on its platform, by the same catalogue.
    @Test func everyNameATriggerCellMayUseIsFound() throws {
        let names = FlowCatalogue.registered.flows.flatMap { $0.triggerNames() }
        #expect(names.count > 50)
        for name in Set(names.map(\.name)).sorted() {
            let result = InProcess.run(["errors", name, "--format", "json"])
            #expect(result.status == .success, "\(name): \(result.stderr)")
            let entries = try #require(try json(result.stdout) as? [[String: Any]])
            let found = Set(entries.map { "\($0["platform"] as? String ?? ""): \(name)" })
            let expected = Set(names.filter { $0.name == name }.map { "\($0.platform.rawValue): \(name)" })
            #expect(expected.isSubset(of: found), "\(name): \(found.sorted())")
            #expect(
                entries.allSatisfy { ($0["names"] as? [String] ?? []).contains(name) || $0["code"] as? String == name },
                "\(name)")
        }
    }

    /// The names the guide's Trigger section gives, which lint accepted and `errors` did not.
    @Test(arguments: [
        ("route-unavailable", "server-answer", ["ios", "android", "web"], ["account-cannot-continue"]),
        ("URLError.Code.timedOut", "transport-error", ["ios"], ["lookup-failed"]),
        ("HTTP 5xx", "transport-error", ["ios", "android", "web"], ["lookup-failed"]),
        ("HTTP 429", "transport-error", ["ios", "android", "web"], ["lookup-failed"]),
        ("credential-not-found", "server-answer", ["ios", "android", "web"], ["deleted-passkey"]),
        ("SocketTimeoutException", "transport-error", ["android"], ["lookup-failed"]),
    ])
    func aTransportErrorOrServerAnswerIsFound(
        name: String, kind: String, platforms: [String], leadsTo: [String]
    )
        throws
    {
        let result = InProcess.run(["errors", name, "--format", "json"])
        #expect(result.status == .success, "\(result.stderr)")
        let entries = try #require(try json(result.stdout) as? [[String: Any]])
        #expect(entries.map { $0["platform"] as? String ?? "" } == platforms)
        for entry in entries {
            #expect(entry["name"] as? String == name)
            #expect(entry["kind"] as? String == kind)
            #expect(entry["leadsTo"] as? [String] == leadsTo)
            #expect(entry["code"] is NSNull && entry["explicit"] is NSNull, "not a result of the passkey prompt")
            let source = try #require((entry["fact"] as? [String: Any])?["source"] as? [String: Any])
            // The seed's answers point at the spec page that holds the seed's words.
            let url = try #require(source["url"] as? String)
            #expect(url.hasPrefix("https://") || url.hasPrefix("native/login-error-states.html#"), "\(url)")
        }
        let text = InProcess.run(["errors", name, "--platform", platforms[0]])
        #expect(text.status == .success)
        #expect(text.stdout.contains("\n  \(name) (\(kind.replacingOccurrences(of: "-", with: " ")))\n    → "))
        #expect(text.stdout.contains("; leads to \(leadsTo.joined(separator: ", "))\n"))
    }

    /// An HTTP status is found by its number alone, as an engineer who has the status in
    /// hand types it.
    @Test func anHTTPStatusIsFoundByItsNumber() throws {
        for (query, name) in [("429", "HTTP 429"), ("5xx", "HTTP 5xx")] {
            let result = InProcess.run(["errors", query, "--format", "json"])
            #expect(result.status == .success, "\(query): \(result.stderr)")
            let entries = try #require(
                try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
            #expect(entries.map { $0["name"] as? String } == [name, name, name], "\(query)")
        }
    }

    /// `TypeError` is the passkey request's (invalid options) and the lookup's (a `fetch()`
    /// network failure): both are shown, each with what it means and its own source.
    @Test func everyResultOfANameIsShownWithItsOwnSource() throws {
        let result = InProcess.run(["errors", "TypeError"])
        #expect(result.status == .success, "\(result.stderr)")
        #expect(
            result.stdout == """
                Web (DOMException)
                  TypeError TypeError
                    → unavailable on this device: automatic none (no automatic prompt on this platform); explicit passkey-unavailable
                    from sign-in: Web Authentication: An API for accessing Public Key Credentials - Level 3, https://w3c.github.io/webauthn/#sctn-get-request-exceptions
                      “The options argument was not a valid CredentialRequestOptions value.”
                      so: WebAuthn lists it among the exceptions of get(); the lookup’s fetch() rejects with it too, during the same sign-in.
                  TypeError (transport error)
                    → lookup failed: network failure; leads to lookup-failed
                    from sign-in: Fetch Standard: fetch() method steps, https://fetch.spec.whatwg.org/#fetch-method
                      “If response is a network error, then reject p with a TypeError and abort these steps.”
                      so: The lookup is the page’s own fetch() during a sign-in, and the Fetch Standard rejects it with a TypeError when the response is a network error (an HTTP error status is not one: it resolves).

                """)
        let entries = try #require(
            try json(InProcess.run(["errors", "TypeError", "--format", "json"]).stdout) as? [[String: Any]])
        #expect(entries.map { $0["kind"] as? String } == ["native-error", "transport-error"])
        #expect(entries.map { $0["code"] as? String } == ["TypeError", nil])
    }

    /// A route the platform does not have is `null`, not a sentence where scenario IDs go.
    @Test func jsonHasNullWhereThereIsNoAutomaticRoute() throws {
        let result = InProcess.run(["errors", "--platform", "web", "--format", "json"])
        #expect(result.status == .success)
        let entries = try #require(try json(result.stdout) as? [[String: Any]])
        #expect(!entries.isEmpty)
        for entry in entries {
            #expect(entry["automaticFirst"] is NSNull && entry["automaticRepeated"] is NSNull)
            // A native error has the explicit route; a transport error or a server answer
            // arrives outside the prompt, and says where it leads instead.
            if entry["kind"] as? String == "native-error" {
                #expect((entry["explicit"] as? String)?.contains(" ") == false)
            } else {
                #expect(entry["explicit"] is NSNull)
                #expect((entry["leadsTo"] as? [String])?.isEmpty == false)
            }
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
                == "passkey-spec: error: no error or server answer has the name or raw value '1100'; the closest are '1000', '1001', '1002' [unknown-native-error]\n"
        )
        let elsewhere = InProcess.run(["errors", "NotAllowedError", "--platform", "ios"])
        #expect(elsewhere.status == .failure, "only the platform asked for")
    }

    /// A word is answered with names, the nearest first (`canceled` is one letter from
    /// `cancelled`, and `Cancellation` begins like it), never with raw codes; each name once.
    @Test func aMisspeltNameGetsNamesNotCodes() throws {
        let result = InProcess.run(["errors", "cancelled"])
        #expect(result.status == .failure)
        #expect(result.stdout == "")
        #expect(
            result.stderr.hasPrefix(
                "passkey-spec: error: no error or server answer has the name or raw value 'cancelled'; the closest are 'ASAuthorizationError.Code.canceled', 'GetCredentialCancellationException', "
            ), "\(result.stderr)")
        #expect(result.stderr.hasSuffix(" [unknown-native-error]\n"))
        let list = try #require(result.stderr.firstMatch(of: /the closest are (.+) \[/)).1
        let suggested = list.split(separator: ", ").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "'")) }
        #expect(suggested.count == 3 && Set(suggested).count == 3)
        #expect(!suggested.contains { $0.allSatisfy(\.isNumber) }, "\(suggested)")
    }

    @Test func anUnknownPlatformIsAUsageError() throws {
        let result = InProcess.run(["errors", "--platform", "windows"])
        #expect(result.status == .usage)
        #expect(result.stderr.contains("[invalid-option-value]"))
    }
}
