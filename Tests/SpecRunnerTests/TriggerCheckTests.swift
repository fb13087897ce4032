import Foundation
import SpecModel
import Testing

@testable import PasskeyLoginEngine
@testable import PasskeyLoginFlow
@testable import SpecRunner

/// Trigger cells are data: each kind of mistake a writer makes in one is an error at the
/// edited line and the name's column, naming the closest real name or where the name goes.
@Suite struct TriggerCheckTests {
    /// Replaces the first `old` on the line that holds `anchor`; returns the text, the line
    /// and the 1-based byte column where `new` starts.
    func edit(_ anchor: String, _ old: String, _ new: String) throws -> (String, Int, Int) {
        let text = try specText()
        let target = line(of: anchor, in: text)
        try #require(target > 0, "anchor '\(anchor)' not found")
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let range = try #require(lines[target - 1].range(of: old), "'\(old)' not on the anchor's line")
        let column = lines[target - 1].utf8.distance(from: lines[target - 1].startIndex, to: range.lowerBound) + 1
        lines[target - 1].replaceSubrange(range, with: new)
        return (lines.joined(separator: "\n"), target, column)
    }

    func diagnostics(_ text: String) throws -> [Diagnostic] {
        TriggerCheck().diagnostics(for: [try parseSpec(text)])
    }

    static let firstCancelIOS =
        "| Trigger        | `ASAuthorizationError.Code.canceled` (1001) from a prompt the app opened"
    static let firstCancelAndroid = "`GetCredentialCancellationException` (or `GetPublicKeyCredentialDomException`"

    /// The real content and the fixture the other tests edit.
    @Test(arguments: [contentSpecPath, specPath])
    func theContentResolvesEveryName(_ path: String) throws {
        #expect(try diagnostics(try specText(at: path)).isEmpty)
    }

    @Test func aRealButWrongCodeSaysWhereItGoes() throws {
        let (text, row, column) = try edit(
            Self.firstCancelIOS, "`ASAuthorizationError.Code.canceled` (1001)",
            "`ASAuthorizationError.Code.failed` (1004)")
        let found = try diagnostics(text)
        let wrong = try #require(found.first { $0.id == "trigger-leads-elsewhere" })
        #expect(wrong.location.line == row && wrong.location.column == column + 1)
        #expect(wrong.message.text.contains("'automatic-cancel-first'"))
        #expect(wrong.message.text.contains("the engine sends it to 'passkey-unavailable'"))
        // The code it replaced is now missing: coverage the other way.
        #expect(found.contains { $0.id == "trigger-not-named" && $0.message.text.contains("canceled (1001)") })
    }

    @Test func anInventedCodeGetsTheClosestRealName() throws {
        let (text, row, column) = try edit(
            Self.firstCancelIOS, "`ASAuthorizationError.Code.canceled` (1001)",
            "`ASAuthorizationError.Code.canceld` (1001)")
        let unknown = try #require(try diagnostics(text).first { $0.id == "unknown-trigger-name" })
        #expect(unknown.location.line == row && unknown.location.column == column + 1)
        #expect(unknown.message.text.contains("closest real name is 'ASAuthorizationError.Code.canceled'"))
    }

    @Test func anInventedCodeFarFromAnyNameIsStillAnError() throws {
        let (text, row, _) = try edit(
            Self.firstCancelIOS, "`ASAuthorizationError.Code.canceled` (1001)",
            "`ASAuthorizationError.Code.bogus` (1001)")
        let unknown = try #require(try diagnostics(text).first { $0.id == "unknown-trigger-name" })
        #expect(unknown.location.line == row)
        #expect(unknown.severity == .error)
    }

    @Test func anInventedAndroidClassGetsTheClosestRealName() throws {
        let (text, row, column) = try edit(
            Self.firstCancelAndroid, "`GetCredentialCancellationException`", "`GetCredentialCanceledException`")
        let unknown = try #require(try diagnostics(text).first { $0.id == "unknown-trigger-name" })
        #expect(unknown.location.line == row && unknown.location.column == column + 1)
        #expect(unknown.message.text.contains("'GetCredentialCancellationException'"))
    }

    @Test func noCredentialInACancelRowSaysWhereItGoes() throws {
        let (text, row, column) = try edit(
            Self.firstCancelAndroid, "`GetCredentialCancellationException`", "`NoCredentialException`")
        let wrong = try #require(try diagnostics(text).first { $0.id == "trigger-leads-elsewhere" })
        #expect(wrong.location.line == row && wrong.location.column == column + 1)
        #expect(wrong.message.text.contains("'no-passkey-used'"))
        #expect(wrong.message.text.contains("on Android"))
    }

    @Test func aDroppedCodeIsMissingFromTheGeneralError() throws {
        let (text, row, _) = try edit(
            "| Trigger           | `ASAuthorizationError.Code.unknown` (1000); or the server answers `verification-inconclusive` or `challenge-expired` to an assertion |",
            "`GetCredentialUnknownException`, ", "")
        let found = try diagnostics(text)
        #expect(found.count == 1)
        let missing = try #require(found.first)
        #expect(missing.id == "trigger-not-named")
        #expect(missing.location.line == row)
        #expect(
            missing.message.text.contains("'passkey-failed' is reached on Android by 'GetCredentialUnknownException'"))
    }

    @Test func aWrongDomErrorSaysWhereItGoes() throws {
        let (text, row, column) = try edit(Self.firstCancelAndroid, "`NotAllowedError`", "`AbortError`")
        let found = try diagnostics(text)
        let wrong = try #require(found.first { $0.id == "trigger-leads-elsewhere" })
        #expect(wrong.location.line == row && wrong.location.column == column + 1)
        #expect(wrong.message.text.contains("'AbortError' never leads to 'automatic-cancel-first'"))
        #expect(wrong.message.text.contains("'passkey-failed'"))
    }

    @Test func aMisspelledDomErrorGetsTheClosestRealName() throws {
        let (text, _, _) = try edit(Self.firstCancelAndroid, "`NotAllowedError`", "`NotAlowedError`")
        let unknown = try #require(try diagnostics(text).first { $0.id == "unknown-trigger-name" })
        #expect(unknown.message.text.contains("'NotAllowedError'"))
    }

    @Test func aWrongOrMissingRawValueIsAnError() throws {
        let (wrongText, row, column) = try edit(
            Self.firstCancelIOS, "`ASAuthorizationError.Code.canceled` (1001)",
            "`ASAuthorizationError.Code.canceled` (1000)")
        let wrong = try #require(try diagnostics(wrongText).first { $0.id == "trigger-raw-value" })
        // At the wrong number, which its fix replaces.
        let digits = "`ASAuthorizationError.Code.canceled` (".utf8.count
        #expect(wrong.location.line == row && wrong.location.column == column + digits)
        #expect(wrong.span.endColumn == wrong.span.start.column + 4)
        #expect(wrong.fixIts.first?.edits.first?.replacement == "1001")
        #expect(wrong.message.text == "'ASAuthorizationError.Code.canceled' has the raw value 1001, not 1000")
        let (missingText, _, _) = try edit(
            Self.firstCancelIOS, "`ASAuthorizationError.Code.canceled` (1001)", "`ASAuthorizationError.Code.canceled`")
        let missing = try #require(try diagnostics(missingText).first { $0.id == "trigger-raw-value" })
        #expect(missing.message.text.contains("(1001)"))
    }

    @Test func aNameOfTheOtherPlatformSaysWhichColumn() throws {
        let (text, _, _) = try edit(
            Self.firstCancelAndroid, "`GetCredentialCancellationException`", "`ASAuthorizationError.Code.canceled`")
        let unknown = try #require(try diagnostics(text).first { $0.id == "unknown-trigger-name" })
        #expect(unknown.message.text.contains("it is iOS's, so it belongs in the iOS column"))
    }

    @Test func proseAroundTheNamesIsFree() throws {
        let (text, _, _) = try edit(
            Self.firstCancelIOS, "from a prompt the app opened", "when a prompt that the app opened by itself")
        #expect(try diagnostics(text).isEmpty)
    }

    /// The probe that computes where each result goes must find everything the explorer
    /// reaches: a breadth-first run over a sample of worlds finds no destination it lacks.
    static let unavailableIOS =
        "| Trigger           | `ASAuthorizationError.Code.failed` (1004) | `GetCredentialUnsupportedException`"

    /// A code that only another kind of request returns, put into a sign-in scenario's iOS
    /// Trigger cell, is an error at the name, with the source that says which requests return it.
    @Test(arguments: [
        ("ASAuthorizationError.Code.matchedExcludedCredential", 1006, "registration"),
        ("ASAuthorizationError.Code.credentialImport", 1007, "other requests"),
        ("ASAuthorizationError.Code.credentialExport", 1008, "other requests"),
        ("ASAuthorizationError.Code.deviceNotConfiguredForPasskeyCreation", 1010, "registration"),
    ])
    func aCodeASignInNeverReturnsIsRefusedWithItsSource(name: String, raw: Int, requests: String) throws {
        let (text, row, column) = try edit(
            Self.unavailableIOS, "`ASAuthorizationError.Code.failed` (1004)",
            "`ASAuthorizationError.Code.failed` (1004) or `\(name)` (\(raw))")
        let found = try diagnostics(text)
        let refused = try #require(found.first { $0.id == "trigger-not-from-sign-in" })
        let fact = try #require(PlatformFacts.fact(named: name, on: .ios))
        #expect(refused.location.line == row)
        #expect(refused.location.column == column + "`ASAuthorizationError.Code.failed` (1004) or ".utf8.count + 1)
        #expect(refused.message.text.contains("only from \(requests)"))
        #expect(refused.message.text.contains(fact.source.url) && refused.message.text.contains(fact.source.title))
        #expect(found.count == 1, "\(found.map(\.message.text))")
    }

    /// Every name a Trigger cell may use, on every platform, has a fact with a source: a
    /// title, an address, the sentence relied on and when it was checked.
    @Test func everyNameInTheCatalogueHasASource() {
        for adapter in PlatformAdapters.all {
            let catalogue = TriggerCatalogue(adapter: adapter)
            for entry in catalogue.names {
                let fact = PlatformFacts.fact(named: entry.name, on: adapter.platform)
                #expect(fact != nil, "\(adapter.platform.displayName): '\(entry.name)' has no source")
                guard let fact else { continue }
                #expect(!fact.requests.isEmpty, "\(entry.name)")
                #expect(
                    fact.source.url.hasPrefix("https://") || fact.source.url.hasPrefix(PlatformFacts.seedPage + "#"),
                    "\(entry.name): \(fact.source.url)")
                #expect(!fact.source.title.isEmpty && !fact.source.quote.isEmpty, "\(entry.name)")
                #expect(fact.source.checked.count == 10, "\(entry.name)")
                #expect(fact.conclusion.hasSuffix("."), "\(entry.name): its conclusion is a sentence")
                #expect(fact.conclusion != fact.source.quote, "\(entry.name): the conclusion is not the quote again")
            }
        }
    }

    /// A name is marked defensive exactly where its adapter reads it only defensively: the
    /// code's handling and the sources' word on which requests return it cannot drift apart.
    @Test func aNameIsMarkedDefensiveExactlyWhereItsAdapterHandlesItSo() throws {
        var defensive = 0
        for adapter in PlatformAdapters.all {
            for result in TriggerCatalogue(adapter: adapter).results {
                guard let native = result.native else { continue }
                let fact = try #require(PlatformFacts.fact(named: adapter.factName(of: native), on: adapter.platform))
                #expect(
                    adapter.handlesDefensively(native) == fact.defensive,
                    "\(adapter.platform.displayName) \(result.label): the adapter \(adapter.handlesDefensively(native) ? "handles it defensively" : "handles it as a sign-in result"), the fact says \(fact.requests.map(\.phrase))"
                )
                if fact.defensive { defensive += 1 }
            }
        }
        // iOS 1002, 1003, 1005 to 1010 and the web's ConstraintError.
        #expect(defensive == 9)
    }

    /// The engine never models a sign-in with a result the sources say no sign-in returns:
    /// every prompt action's result on every platform is a sign-in result.
    @Test func everyResultOfAModelledSignInArrivesFromASignIn() throws {
        for adapter in PlatformAdapters.all {
            for action in PromptAction.allCases {
                guard let native = adapter.result(of: action, credential: CredentialID(named: "phone")),
                    native.credential == nil
                else { continue }
                let fact = try #require(PlatformFacts.fact(named: adapter.factName(of: native), on: adapter.platform))
                #expect(fact.arrivesFromSignIn, "\(adapter.platform.displayName) \(action.name): \(native)")
                #expect(!adapter.handlesDefensively(native), "\(adapter.platform.displayName) \(action.name)")
            }
        }
    }

    /// A server answer cites the seed where its words are the seed's: the spec page of the
    /// published site that holds them, at the scenario or criterion quoted.
    @Test func aFactCitingTheSeedPointsAtThePlaceOnTheSiteThatHoldsIt() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        // Lines joined: a paragraph of the page wraps where its Markdown does.
        let page = try String(
            contentsOf: root.appendingPathComponent("site").appendingPathComponent(PlatformFacts.seedPage),
            encoding: .utf8
        ).split(whereSeparator: \.isWhitespace).joined(separator: " ")
        let seeded = PlatformFacts.server.filter { $0.source.url.hasPrefix(PlatformFacts.seedPage + "#") }
        #expect(seeded.count == 6)
        for fact in seeded {
            let anchor = String(fact.source.url.dropFirst(PlatformFacts.seedPage.count + 1))
            #expect(page.contains("id=\"\(anchor)\""), "\(fact.name): no \(anchor) on \(PlatformFacts.seedPage)")
            // The quoted words are on that page as the seed has them.
            #expect(page.contains(fact.source.quote), "\(fact.name)")
        }
    }

    /// `errors` reads the catalogue the check reads: every result once, under every name that
    /// stands for it, and each native error where the platform error reference sends it.
    @Test func theReferenceIsTheCatalogue() {
        let reference = TriggerCheck().reference
        let errorReference = ErrorReference.entries()
        for adapter in PlatformAdapters.all {
            let catalogue = TriggerCatalogue(adapter: adapter)
            let entries = reference.filter { $0.platform == adapter.platform }
            #expect(entries.count == catalogue.results.count, "\(adapter.platform.displayName)")
            for name in catalogue.names {
                let named = entries.filter { $0.names.contains(name.name) }
                #expect(named.count == name.results.count, "\(adapter.platform.displayName): \(name.name)")
            }
            let native = entries.filter { $0.kind == .nativeError }
            let rows = errorReference.filter { $0.platform == adapter.platform }
            #expect(Set(native.map(\.name)) == Set(rows.map(\.name)))
            for row in rows {
                let entry = native.first { $0.name == row.name && $0.code == row.code && $0.message == row.message }
                #expect(entry?.explicit == row.explicit, "\(row.name)")
                #expect(
                    entry?.automaticFirst == row.automaticFirst && entry?.automaticRepeated == row.automaticRepeated)
                #expect(entry?.outcome == row.outcome && entry?.fact == row.fact, "\(row.name)")
            }
        }
    }

    /// A name that stands for two results with different sources shows each with its own: the
    /// web's `TypeError` is the passkey request's invalid options and the lookup's `fetch()`.
    @Test func eachResultOfANameHasItsOwnSource() throws {
        let typeErrors = TriggerCheck().reference.filter { $0.platform == .web && $0.names.contains("TypeError") }
        #expect(typeErrors.map(\.kind) == [.nativeError, .transportError])
        let sources = typeErrors.compactMap { $0.fact?.source.url }
        #expect(
            sources == [
                "https://w3c.github.io/webauthn/#sctn-get-request-exceptions",
                "https://fetch.spec.whatwg.org/#fetch-method",
            ])
        #expect(typeErrors.map(\.leadsTo) == [["passkey-unavailable"], ["lookup-failed"]])
        #expect(typeErrors.allSatisfy { $0.fact?.arrivesFromSignIn == true })
    }

    @Test func theProbeAgreesWithTheExplorer() {
        for adapter in PlatformAdapters.all {
            let catalogue = TriggerCatalogue(adapter: adapter)
            var byCause: [String: Set<String>] = [:]
            for result in catalogue.results {
                for cause in result.causes {
                    byCause["\(cause)", default: []].formUnion(catalogue.destinations[result.id] ?? [])
                }
            }
            let explorer = Explorer(adapters: [adapter], worlds: Array(WorldScript.explorationSet.prefix(40)))
            var missed: [String] = []
            for configuration in Explorer.configurations
            where adapter.automaticStarts.contains(configuration.automaticStart) {
                let reducer = LoginReducer(configuration: configuration)
                for world in explorer.worlds {
                    var seen: Set<LoginState> = [LoginState()]
                    var frontier = [LoginState()]
                    while let state = frontier.popLast() {
                        for (event, _) in explorer.successors(
                            of: state, reducer: reducer, adapter: adapter, world: world)
                        {
                            let transition = reducer.reduce(state, event)
                            if let cause = Self.cause(of: event), let known = byCause["\(cause)"] {
                                let lead = ErrorReference.describe(transition)
                                // A lookup answer that leads where an account with passkeys
                                // leads is no cause there (under conceal, every answer).
                                let normal = ErrorReference.describe(
                                    reducer.reduce(
                                        state,
                                        .lookupFinished(
                                            .found(RouteData(credentialIDs: [CredentialID(named: "passkey-1")])))
                                    ))
                                let ordinary = { if case .lookup = cause { lead == normal } else { false } }()
                                if !known.contains(lead), !ordinary { missed.append("\(cause) → \(lead)") }
                            }
                            if seen.insert(transition.state).inserted { frontier.append(transition.state) }
                        }
                    }
                }
            }
            #expect(Set(missed).isEmpty, "\(adapter.platform): \(Set(missed).sorted())")
        }
    }

    static func cause(of event: LoginEvent) -> TriggerCause? {
        switch event {
        case .ceremonyFinished(let outcome):
            if case .assertion = outcome { return nil }
            return .ceremony(outcome)
        case .lookupFinished(let result):
            if case .found = result { return nil }
            return .lookup(result)
        case .verificationFinished(let result):
            if case .verified(let account, _) = result {
                return account.status.allowsSignIn
                    ? nil : .verification(.verified(TriggerCatalogue.account(account.status), acceptedCredentials: []))
            }
            return .verification(result)
        case .fallbackSignInSucceeded(let account, _):
            return account.status.allowsSignIn ? nil : .fallbackSignIn(account.status)
        default:
            return nil
        }
    }
}
