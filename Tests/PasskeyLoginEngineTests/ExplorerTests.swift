import PasskeyLoginEngine
import SpecModel
import Testing

@Suite struct ExplorerTests {
    /// A slice of the exploration set that still reaches every rule: each status, each
    /// credential state and a fault, kept small so the suite stays fast in debug builds.
    static var sampleWorlds: [WorldScript] {
        let all = WorldScript.explorationSet
        let plain = all.filter { $0.lookupFault == nil && !$0.verificationInconclusive && $0.routeAvailable }
        let faulty = all.filter {
            $0.lookupFault == ScriptedFault(.credentialList, .timeout) && $0.verificationInconclusive
                && $0.account?.status == .active && $0.serverCredentials[passkey1] == .revoked
        }
        return plain + faulty + all.filter { !$0.routeAvailable }.prefix(1)
    }

    @Test func theSampleSpaceIsCoveredWithoutViolations() {
        let report = Explorer(worlds: Self.sampleWorlds).run()
        #expect(report.violations == 0, "\(report.invariants.filter { $0.violations > 0 }.map(\.id))")
        #expect(report.complete)
        #expect(report.deepestLevel < Explorer.defaultDepth)
        // Each platform runs the configurations it supports: the web has no automatic prompt.
        let pairs = PlatformAdapters.all.reduce(0) { total, adapter in
            total + Explorer.configurations.filter { adapter.automaticStarts.contains($0.automaticStart) }.count
        }
        #expect(report.runs == Self.sampleWorlds.count * pairs)
        #expect(report.platformConfigurations == pairs)
        #expect(report.states > report.runs)
        #expect(report.nativeResultsExercised == PlatformAdapters.all.reduce(0) { $0 + $1.errorResults.count })
        for invariant in report.invariants {
            #expect(invariant.transitionsChecked > 0, "\(invariant.id) never applied")
        }
    }

    @Test func everyCriterionHasInvariants() {
        let criteria = Set(Invariant.all.map(\.criterion))
        #expect(criteria.isSuperset(of: ["N1.4-AC01", "N1.4-AC02", "N1.4-AC03", "N1.4-AC04", "N1.4-AC05"]))
        #expect(Set(Invariant.all.map(\.id)).count == Invariant.all.count)
    }

    @Test func aViolationComesWithTheShortestTrace() throws {
        // A deliberately false property: "nobody ever signs in".
        let never = Invariant(id: "test.no-session", criterion: "test", statement: "no session") { context in
            context.after.session == nil ? .holds : .violated("signed in")
        }
        let world = WorldScript(
            account: activeAccount, serverCredentials: [passkey1: .active], deviceCredentials: [passkey1])
        let report = Explorer(
            adapters: [IOSAdapter()], configurations: [Configuration()], worlds: [world], invariants: [never]
        ).run()
        let result = try #require(report.invariants.first)
        #expect(result.violations > 0)
        let example = try #require(result.counterexample)
        // Nothing shorter signs in than appear, lookup, the request's options, a prompt result,
        // then a sign-in.
        #expect(example.steps.count == 5)
        #expect(
            example.steps.prefix(3).map(\.event) == [
                "login screen appeared", "lookup finished: found, 1 passkey(s)", "request options received",
            ])
        #expect(example.steps[3].native != nil, "the prompt step names its native result")
        #expect(example.steps[4].effects.contains("create session for account"))
        #expect(example.message == "signed in")
    }

    @Test func aTooSmallDepthIsReportedAsIncomplete() {
        let report = Explorer(depthLimit: 2, worlds: Array(Self.sampleWorlds.prefix(2))).run()
        #expect(!report.complete)
    }
}

@Suite struct ErrorReferenceTests {
    let entries = ErrorReference.entries()

    func entry(_ platform: Platform, _ name: String, message: String? = nil) -> ErrorReferenceEntry? {
        entries.first { $0.platform == platform && $0.name == name && $0.message == message }
    }

    @Test func coversEveryNativeError() {
        #expect(entries.count == PlatformAdapters.all.reduce(0) { $0 + $1.errorResults.count })
        #expect(Set(entries.map(\.platform)) == Set(PlatformAdapters.all.map(\.platform)))
    }

    @Test func cancellationLeadsToTheThreeCancelScenarios() throws {
        for (platform, name) in [
            (Platform.ios, "ASAuthorizationError.Code.canceled"),
            (.android, "GetCredentialCancellationException"),
        ] {
            let cancel = try #require(entry(platform, name))
            #expect(cancel.automaticFirst == "automatic-cancel-first")
            #expect(cancel.automaticRepeated == "automatic-cancel-repeated")
            #expect(cancel.explicit == "explicit-cancel")
        }
    }

    /// A platform that never opens the prompt by itself has no automatic route: no scenario
    /// there, not a sentence where scenario IDs go.
    @Test func withoutAnAutomaticPromptTheAutomaticRouteHasNoScenario() throws {
        for adapter in PlatformAdapters.all {
            let prompts = adapter.automaticStarts.contains(.prompt)
            for entry in entries where entry.platform == adapter.platform {
                #expect(entry.hasAutomaticRoute == prompts, "\(entry.name)")
                #expect((entry.automaticFirst == nil) == !prompts, "\(entry.name)")
                #expect((entry.automaticRepeated == nil) == !prompts, "\(entry.name)")
                for lead in [entry.automaticFirst, entry.automaticRepeated, entry.explicit].compactMap(\.self) {
                    #expect(!lead.contains(" "), "\(entry.name): '\(lead)' is not a scenario ID")
                }
            }
        }
        #expect(PlatformAdapters.all.contains { !$0.automaticStarts.contains(.prompt) }, "a platform without one")
    }

    @Test func failuresLeadToTheGeneralErrorAndNoCredentialToTheFallback() throws {
        let failed = try #require(entry(.ios, "ASAuthorizationError.Code.unknown"))
        #expect(
            [failed.automaticFirst, failed.automaticRepeated, failed.explicit]
                == Array(repeating: "passkey-failed", count: 3))
        let misconfigured = try #require(entry(.ios, "ASAuthorizationError.Code.failed"))
        #expect(misconfigured.explicit == "passkey-unavailable")
        let none = try #require(
            entry(.ios, "ASAuthorizationError.Code.canceled", message: IOSAdapter.noCredentialsMessage))
        #expect(none.automaticFirst == "no-passkey-used")
        #expect(none.explicit == "explicit-cancel", "no credential from the button may be a refused consent")
        let android = try #require(entry(.android, "NoCredentialException"))
        #expect(android.automaticFirst == "no-passkey-used")
        #expect(android.explicit == "explicit-cancel")
        let unsupported = try #require(entry(.android, "GetCredentialUnsupportedException"))
        #expect(unsupported.automaticFirst == "passkey-unavailable")
    }
}
