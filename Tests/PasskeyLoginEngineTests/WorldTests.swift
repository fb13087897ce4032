import PasskeyLoginEngine
import Testing

@Suite struct WorldTests {
    let script = WorldScript(
        account: activeAccount, serverCredentials: [passkey1: .revoked, passkey2: .active],
        deviceCredentials: [passkey1, passkey2], lookupFault: ScriptedFault(.accountDirectory, .networkFailure),
        failingLookups: 2)

    @Test func faultsApplyToTheFirstLookupsThenTheAnswerComes() {
        var world = World(script: script)
        #expect(world.perform(.lookUpAccount) == .lookupFinished(.failed(.accountDirectory, .networkFailure)))
        #expect(world.perform(.lookUpAccount) == .lookupFinished(.failed(.accountDirectory, .networkFailure)))
        #expect(world.perform(.lookUpAccount) == .lookupFinished(.found(RouteData(credentialIDs: [passkey2]))))
        #expect(world.lookups == 3)
    }

    @Test func verificationFollowsTheServerRecords() {
        var world = World(script: script)
        #expect(world.perform(.verifyAssertion(passkey1)) == .verificationFinished(.credentialRevoked))
        #expect(
            world.perform(.verifyAssertion(passkey2))
                == .verificationFinished(.verified(activeAccount, acceptedCredentials: [passkey2])))
        #expect(
            world.perform(.verifyAssertion(CredentialID(named: "gone"))) == .verificationFinished(.credentialUnknown))
    }

    @Test func otherEffectsAreRecordedWithoutAnEvent() {
        var world = World(script: script)
        #expect(world.perform(.signalUnknownCredential(passkey1)) == nil)
        #expect(world.perform(.createSession(accountID: "account")) == nil)
        #expect(world.signals == [.signalUnknownCredential(passkey1)])
        #expect(world.performed.count == 2)
    }

    @Test func theSameScriptGivesTheSameTrace() {
        func trace() -> [LoginEvent?] {
            var world = World(script: script)
            return [.lookUpAccount, .lookUpAccount, .lookUpAccount, .verifyAssertion(passkey1)].map {
                world.perform($0)
            }
        }
        #expect(trace() == trace())
    }

    @Test func allowedCredentialsLimitWhatTheUserCanPick() {
        #expect(
            script.selectableCredentials(for: Ceremony(route: .explicit, allowedCredentials: [])) == [
                passkey1, passkey2,
            ])
        #expect(
            script.selectableCredentials(for: Ceremony(route: .automatic, allowedCredentials: [passkey2])) == [passkey2]
        )
    }

    @Test func noAccountAndUnavailableRoutes() {
        #expect(WorldScript(account: nil).lookupAnswer == .notFound)
        #expect(WorldScript(account: activeAccount, routeAvailable: false).lookupAnswer == .cannotContinue)
    }

    @Test func theExplorationSetCoversEveryStatusFaultAndCredentialState() {
        let scripts = WorldScript.explorationSet
        #expect(Set(scripts.compactMap(\.account?.status)) == Set(AccountStatus.allCases))
        #expect(scripts.contains { $0.account == nil })
        #expect(
            Set(scripts.compactMap(\.lookupFault)).count == LookupDependency.allCases.count * LookupFault.allCases.count
        )
        let firstStates = Set(
            scripts.filter { $0.account != nil }.map { $0.serverCredentials[passkey1]?.rawValue ?? "absent" })
        #expect(firstStates == ["active", "revoked", "fails-verification", "another-account", "absent"])
        #expect(Set(scripts).count == scripts.count)
    }
}
