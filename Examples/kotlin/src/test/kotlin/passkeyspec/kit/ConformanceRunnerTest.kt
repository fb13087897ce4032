package passkeyspec.kit

import java.io.File
import java.nio.file.Files
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.Test

/** The kit's script reading, fakes and runner, on small scripts written here. */
class ConformanceRunnerTest {
    private val setup = """
        {"keyword": "Given", "text": "the app starts passkey login automatically", "line": 11, "kind": "setup",
         "configuration": {"automaticStart": "prompt", "enumerationPolicy": "conceal", "fallback": "password",
                           "accountRoutes": {"locked": "recovery"}},
         "world": {"account": "active", "routeAvailable": true, "devicePasskeys": ["phone"],
                   "serverPasskeys": {"phone": "active", "old": "revoked", "b": "active"}, "verificationInconclusive": false}}
    """

    private fun action(line: Int, words: String, inputs: String) =
        """{"keyword": "When", "text": "$words", "line": $line, "kind": "action", "inputs": [$inputs]}"""

    private fun outcome(line: Int, words: String, expect: String) =
        """{"keyword": "Then", "text": "$words", "line": $line, "kind": "outcome", "expect": $expect}"""

    private val loginWithRetry =
        """{"screen": "login", "actions": ["retry"], "suggestions": false, "session": false, "signals": [], "lookups": 1}"""

    private fun script(vararg steps: String, version: Int = 1, platform: String = "android", requires: String? = null) = """
        {"version": $version, "platform": "$platform", "copy": {}, "skipped": [{"check": "T1-AC02/left-out", "reason": "it fails on the engine"}],
         "spec": {"id": "T1", "title": "Test", "file": "native/test.md", "fingerprint": "abc"},
         "checks": [{"id": "T1-AC01/first", "name": "The first check", "line": 10, ${requires?.let { "\"requires\": $it," } ?: ""} "steps": [${steps.joinToString(",")}]}]}
    """

    private val identifierFirstWithPrompt =
        """{"entry": ["identifier-first"], "automaticStart": ["prompt"], "enumerationPolicy": ["conceal", "reveal"], "fallback": ["password"], "accountRoutes": {"locked": "recovery"}}"""

    /** A harness whose answers the test gives. */
    private class TestHarness(
        val kit: KitEnvironment,
        val onEvent: (UserEvent, KitEnvironment) -> Unit = { _, _ -> },
        val observation: () -> AppObservation = { AppObservation(Screen.LOGIN, actions = listOf(UserAction.RETRY)) }
    ) : LoginHarness {
        val events = ArrayList<UserEvent>()

        override fun send(event: UserEvent) {
            events.add(event)
            onEvent(event, kit)
        }

        override fun observe() = observation()
    }

    /** Asks the server for a request's options, then starts the request with their challenge, as an app must. */
    private fun KitEnvironment.requestWithOptions(kind: PromptKind, allowed: List<String> = emptyList(), onChallenge: (String) -> Unit = {}) {
        server.requestOptions { answer ->
            val challenge = (answer as OptionsAnswer.Options).challenge
            onChallenge(challenge)
            passkeys.request(PasskeyRequest(kind, allowed, kind == PromptKind.AUTOMATIC, challenge)) {}
        }
    }

    private fun run(scriptText: String, harness: (KitEnvironment) -> LoginHarness) =
        ConformanceRunner(KitScript.parse(scriptText)).run("T1-AC01/first", harness)

    private fun failure(scriptText: String, harness: (KitEnvironment) -> LoginHarness): ConformanceFailure =
        assertThrows(ConformanceFailure::class.java) { run(scriptText, harness) }

    @Test
    fun refusesAScriptOfAnotherVersion() {
        val error = assertThrows(KitScriptException::class.java) { KitScript.parse(script(setup, version = 2), "scripts/T1.android.json") }
        assertEquals(
            "scripts/T1.android.json is a script of version 2; this kit reads version 1. Export the kit and its scripts again with the same passkey-spec.",
            error.message
        )
    }

    @Test
    fun refusesAnotherPlatformsScript() {
        val error = assertThrows(KitScriptException::class.java) { KitScript.parse(script(setup, platform = "ios")) }
        assertEquals("the script holds the checks for ios; the Kotlin kit replays Android's", error.message)
    }

    @Test
    fun namesTheFieldThatIsMissing() {
        val error = assertThrows(KitScriptException::class.java) {
            KitScript.parse(script(setup, outcome(12, "x", """{"screen": "login"}""")))
        }
        assertEquals("the script.checks[0].steps[1].expect has no \"actions\"", error.message)
    }

    @Test
    fun saysWhyACheckIsMissing() {
        val parsed = KitScript.parse(script(setup))
        assertEquals(
            "T1 on android has no check \"T1-AC02/left-out\": it is skipped, it fails on the engine",
            assertThrows(KitScriptException::class.java) { parsed.check("T1-AC02/left-out") }.message
        )
        assertEquals(
            "T1 on android has no check \"T1-AC03/gone\"; export the kit again",
            assertThrows(KitScriptException::class.java) { parsed.check("T1-AC03/gone") }.message
        )
    }

    @Test
    fun passesWhenTheAppShowsWhatTheSpecSays() {
        val text = script(
            setup,
            action(12, "the login screen appears", """{"event": "screen-appeared"}"""),
            outcome(13, "retry is offered", loginWithRetry)
        )
        var harness: TestHarness? = null
        run(text) { kit -> TestHarness(kit, onEvent = { _, env -> env.server.lookUp("someone") {} }).also { harness = it } }
        assertEquals(listOf<UserEvent>(UserEvent.ScreenAppeared), harness!!.events)
        assertEquals(AutomaticStart.PROMPT, harness!!.kit.configuration.automaticStart)
        assertEquals(mapOf(AccountStatus.LOCKED to AccountRoute.RECOVERY), harness!!.kit.configuration.accountRoutes)
    }

    @Test
    fun aFailureNamesTheFileLineStepAndEveryDifference() {
        val expect = """
            {"screen": "login", "notice": {"scenario": "lookup-failed", "title": "Can’t check", "message": "M", "buttons": ["Try again"]},
             "actions": ["retry"], "prompt": "automatic", "suggestions": false, "session": false, "signals": ["unknown-credential a"], "lookups": 2}
        """
        val text = script(
            setup,
            action(12, "the login screen appears", """{"event": "screen-appeared"}"""),
            outcome(13, "the user sees the \\\"lookup-failed\\\" copy", expect)
        )
        val failure = failure(text) { kit ->
            TestHarness(
                kit,
                observation = {
                    AppObservation(Screen.FALLBACK, notice = ShownNotice("Can't check", "M", listOf("Retry")), actions = listOf(UserAction.USE_PASSKEY))
                }
            )
        }
        assertEquals("native/test.md:13", failure.location)
        assertEquals("T1-AC01/first", failure.checkId)
        assertEquals(
            listOf(
                "screen: expected login; the app shows fallback",
                "notice title: expected \"Can’t check\" (the \"lookup-failed\" copy); the app shows \"Can't check\": they differ from character 4, " +
                    "\"’\" (U+2019) in the spec, \"'\" (U+0027) in the app",
                "notice buttons: expected [\"Try again\"] (the \"lookup-failed\" copy); the app shows [\"Retry\"]",
                "actions offered: expected [\"retry\"]; the app offers [\"use-passkey\"]",
                "passkey prompt: expected an automatic prompt open; none is open",
                "signals sent so far: expected [\"unknown-credential a\"]; the app sent []",
                "route lookups so far (the server's lookUp calls): expected 2; the app made 0"
            ),
            failure.differences
        )
        val message = failure.message!!
        assertTrue(message.startsWith("native/test.md:13: Then the user sees the \"lookup-failed\" copy\n  - screen: expected login"), message)
        assertTrue(message.contains("in T1 (android) T1-AC01/first: The first check (native/test.md:10)"), message)
        assertTrue(message.endsWith("    12  When the login screen appears\n  > 13  Then the user sees the \"lookup-failed\" copy"), message)
    }

    @Test
    fun choosingAnActionTheAppDoesNotOfferFails() {
        val text = script(setup, action(12, "the user chooses retry", """{"event": "choose", "action": "retry"}"""))
        val failure = failure(text) { kit -> TestHarness(kit, observation = { AppObservation(Screen.LOGIN) }) }
        assertEquals(listOf("the step chooses \"retry\", but the app offers []"), failure.differences)
        assertEquals("native/test.md:12", failure.location)
    }

    @Test
    fun theFallbackIsAlwaysOnTheLoginScreen() {
        val text = script(setup, action(12, "the user chooses fallback", """{"event": "choose", "action": "fallback"}"""))
        var harness: TestHarness? = null
        run(text) { kit -> TestHarness(kit, observation = { AppObservation(Screen.LOGIN) }).also { harness = it } }
        assertEquals("choose fallback", harness!!.events.single().toString())
    }

    @Test
    fun aPromptResultNeedsAnOpenPromptThatAllowsThePasskey() {
        val cancel = """{"event": "prompt-result", "result": {"name": "GetCredentialCancellationException", "code": "TYPE_USER_CANCELED"}}"""
        val noPrompt = failure(script(setup, action(12, "the user cancels the OS prompt", cancel))) { kit -> TestHarness(kit) }
        assertEquals(
            listOf(
                "the step ends the passkey prompt with Failed(exceptionClass=GetCredentialCancellationException, type=TYPE_USER_CANCELED, message=null), " +
                    "but the app has no passkey prompt open"
            ),
            noPrompt.differences
        )

        val pick = """{"event": "prompt-result", "result": {"name": "GetCredentialResponse(PublicKeyCredential)", "code": "success", "passkey": "phone"}}"""
        val text = script(setup, action(12, "the login screen appears", """{"event": "screen-appeared"}"""), action(13, "the user selects passkey phone", pick))
        val notAllowed = failure(text) { kit ->
            TestHarness(kit, onEvent = { _, env -> env.requestWithOptions(PromptKind.EXPLICIT, listOf("laptop")) })
        }
        assertEquals(listOf("the step picks passkey \"phone\", but the app's explicit request allows only [\"laptop\"]"), notAllowed.differences)
    }

    @Test
    fun twoPasskeyRequestsAtOnceAreReported() {
        val expect = """{"screen": "login", "actions": [], "prompt": "explicit", "suggestions": true, "session": false, "signals": [], "lookups": 0}"""
        val text = script(setup, action(12, "the user taps the passkey button", """{"event": "passkey-button-tapped"}"""), outcome(13, "a prompt opens", expect))
        val failure = failure(text) { kit ->
            TestHarness(
                kit,
                onEvent = { _, env ->
                    env.requestWithOptions(PromptKind.ASSISTED)
                    env.requestWithOptions(PromptKind.EXPLICIT)
                },
                observation = { AppObservation(Screen.LOGIN) }
            )
        }
        assertEquals(listOf("the app opened an explicit passkey prompt without cancelling the identifier field's request first"), failure.differences)
    }

    @Test
    fun aRequestWithAChallengeTheServerNeverIssuedFailsAtItsStep() {
        val expect = """{"screen": "login", "actions": [], "prompt": "explicit", "suggestions": false, "session": false, "signals": [], "lookups": 0}"""
        val text = script(
            setup,
            action(12, "the login screen appears", """{"event": "screen-appeared"}"""),
            action(13, "the user taps the passkey button", """{"event": "passkey-button-tapped"}"""),
            outcome(14, "an explicit passkey prompt opens", expect)
        )
        fun harness(request: (KitEnvironment) -> Unit) = { kit: KitEnvironment ->
            TestHarness(kit, onEvent = { event, env -> if (event == UserEvent.PasskeyButtonTapped) request(env) }, observation = { AppObservation(Screen.LOGIN) })
        }
        // A challenge made on the device, and one the server's failed call never issued.
        val madeUp = failure(text, harness { env -> env.passkeys.request(PasskeyRequest(PromptKind.EXPLICIT, emptyList(), false, "made-up")) {} })
        assertEquals("native/test.md:13", madeUp.location)
        assertEquals(
            listOf("expected a passkey request with a challenge from the server's request options; the app's \"made-up\" was never issued"),
            madeUp.differences
        )
        assertTrue(madeUp.message!!.endsWith("  > 13  When the user taps the passkey button"), madeUp.message)
        val failedCall = setup.replace("\"verificationInconclusive\"", "\"lookupFault\": {\"dependency\": \"request-options\", \"fault\": \"timeout\", \"failingLookups\": 1}, \"verificationInconclusive\"")
        val notIssued = failure(text.replace(setup, failedCall), harness { env ->
            env.server.requestOptions { env.passkeys.request(PasskeyRequest(PromptKind.EXPLICIT, emptyList(), false, "challenge-${env.server.optionsCalls}")) {} }
        })
        assertEquals("native/test.md:13", notIssued.location)
        assertEquals(
            listOf("expected a passkey request with a challenge from the server's request options; the app's \"challenge-1\" was never issued"),
            notIssued.differences
        )

        // With the server's options the same check passes.
        run(text, harness { env -> env.requestWithOptions(PromptKind.EXPLICIT) })
    }

    @Test
    fun aChallengeUsedAgainFailsAtTheStepThatUsesIt() {
        val cancel = """{"event": "prompt-result", "result": {"name": "GetCredentialCancellationException", "code": "TYPE_USER_CANCELED"}}"""
        val text = script(
            setup,
            action(12, "the login screen appears", """{"event": "screen-appeared"}"""),
            action(13, "the user taps the passkey button", """{"event": "passkey-button-tapped"}"""),
            action(14, "the user cancels the OS prompt", cancel),
            action(15, "the user taps the passkey button", """{"event": "passkey-button-tapped"}""")
        )
        var kitOfTheCheck: KitEnvironment? = null
        var assisted: String? = null
        val failure = failure(text) { kit ->
            kitOfTheCheck = kit
            TestHarness(
                kit,
                onEvent = { event, env ->
                    when {
                        // The identifier field's request, then the passkey button's with fresh options.
                        event == UserEvent.ScreenAppeared -> env.requestWithOptions(PromptKind.ASSISTED) { assisted = it }
                        assisted != null -> {
                            env.passkeys.cancelAssistedRequest()
                            env.requestWithOptions(PromptKind.EXPLICIT) { assisted = null }
                        }
                        // The second tap reuses the options of the first.
                        else -> env.passkeys.request(PasskeyRequest(PromptKind.EXPLICIT, emptyList(), false, "challenge-2")) {}
                    }
                },
                observation = { AppObservation(Screen.LOGIN) }
            )
        }
        assertEquals("native/test.md:15", failure.location)
        assertEquals(listOf("expected a passkey request with fresh request options; the app used challenge \"challenge-2\" again"), failure.differences)
        assertEquals(2, kitOfTheCheck!!.server.optionsCalls)
        assertEquals(listOf("challenge-1", "challenge-2", "challenge-2"), kitOfTheCheck!!.passkeys.requests.map { it.challenge })
    }

    @Test
    fun aRequestOptionsFaultFailsTheOptionsCallAndNotTheLookup() {
        var world = KitWorld("active", true, listOf("phone"), mapOf("phone" to "active"), KitLookupFault("request-options", "timeout", 1), false)
        val server = FakeServer({ world }, { world = it }, KitLog())
        val answers = ArrayList<Any>()
        server.requestOptions { answers.add(it) }
        server.lookUp("someone") { answers.add(it) }
        server.requestOptions { answers.add(it) }
        assertEquals(emptyList<Any>(), answers)
        while (server.deliverNext()) Unit
        // The challenges count the calls, the failed one too.
        assertEquals(
            listOf(OptionsAnswer.Failed("request-options", LookupFault.TIMEOUT), LookupAnswer.Found(listOf("phone")), OptionsAnswer.Options("challenge-2")),
            answers
        )
        assertEquals(2, server.optionsCalls)
        assertEquals(1, server.lookups)
        assertFalse(server.issued("challenge-1"))
        assertTrue(server.issued("challenge-2"))

        // A lookup fault leaves the options call alone.
        world = world.copy(lookupFault = KitLookupFault("account-directory", "server-error", 5))
        answers.clear()
        server.requestOptions { answers.add(it) }
        server.lookUp("someone") { answers.add(it) }
        while (server.deliverNext()) Unit
        assertEquals(listOf(OptionsAnswer.Options("challenge-3"), LookupAnswer.Failed("account-directory", LookupFault.SERVER_ERROR)), answers)
    }

    @Test
    fun theEntryIsReadAndIsIdentifierFirstWhenTheScriptNamesNone() {
        fun withEntry(entry: String) = setup.replace("\"automaticStart\": \"prompt\",", "\"automaticStart\": \"prompt\", \"entry\": \"$entry\",")
        val appears = action(12, "the login screen appears", """{"event": "screen-appeared"}""")
        fun entrySeen(setupStep: String): LoginEntry {
            var seen: LoginEntry? = null
            run(script(setupStep, appears)) { kit -> TestHarness(kit).also { seen = kit.configuration.entry } }
            return seen!!
        }
        assertEquals("discoverable", KitScript.parse(script(withEntry("discoverable"))).checks.single().steps.first().configuration!!.entry)
        assertEquals("identifier-first", KitScript.parse(script(setup)).checks.single().steps.first().configuration!!.entry)
        assertEquals(LoginEntry.DISCOVERABLE, entrySeen(withEntry("discoverable")))
        assertEquals(LoginEntry.IDENTIFIER_FIRST, entrySeen(withEntry("identifier-first")))
        assertEquals(LoginEntry.IDENTIFIER_FIRST, entrySeen(setup))

        val unknown = failure(script(withEntry("passwordless"), appears)) { kit -> TestHarness(kit) }
        assertEquals(listOf("the kit cannot replay this step: unknown entry \"passwordless\""), unknown.differences)
    }

    @Test
    fun anExpiringChallengeFailsOnlyTheFirstVerificationAndNoneWhenTheScriptNamesNone() {
        fun verifications(setupStep: String): List<VerificationAnswer> {
            val text = script(
                setupStep,
                action(12, "the user taps the passkey button", """{"event": "passkey-button-tapped"}"""),
                action(13, "the user taps the passkey button again", """{"event": "passkey-button-tapped"}"""),
                action(14, "the user taps the passkey button once more", """{"event": "passkey-button-tapped"}""")
            )
            // Each tap stands for an assertion the app sends for verification: phone, phone, then b.
            val answers = ArrayList<VerificationAnswer>()
            val passkeys = listOf("phone", "phone", "b").iterator()
            run(text) { kit -> TestHarness(kit, onEvent = { _, env -> env.server.verify(passkeys.next()) { answers.add(it) } }) }
            return answers
        }
        val expires = setup.replace("\"verificationInconclusive\": false", "\"verificationInconclusive\": false, \"challengeExpires\": true")
        assertTrue(KitScript.parse(script(expires)).checks.single().steps.first().world!!.challengeExpires)
        assertFalse(KitScript.parse(script(setup)).checks.single().steps.first().world!!.challengeExpires)
        val verified = VerificationAnswer.Verified(AccountStatus.ACTIVE, listOf("b", "phone"))
        // The first assertion's challenge has expired; the next ones, with fresh challenges, verify.
        assertEquals(listOf(VerificationAnswer.ChallengeExpired, verified, verified), verifications(expires))
        assertEquals(listOf(verified, verified, verified), verifications(setup))
        assertEquals(listOf(verified, verified, verified), verifications(expires.replace("\"challengeExpires\": true", "\"challengeExpires\": false")))

        // Counted from the check's first verification, whatever the world was then; an inconclusive answer wins.
        var world = KitWorld("active", true, listOf("phone"), mapOf("phone" to "active"), null, false)
        val server = FakeServer({ world }, { world = it }, KitLog())
        val answers = ArrayList<VerificationAnswer>()
        server.verify("phone") { answers.add(it) }
        world = world.copy(challengeExpires = true)
        server.verify("phone") { answers.add(it) }
        while (server.deliverNext()) Unit
        val phoneVerified = VerificationAnswer.Verified(AccountStatus.ACTIVE, listOf("phone"))
        assertEquals(listOf(phoneVerified, phoneVerified), answers)
        assertEquals(2, server.verifications)
        val inconclusive = FakeServer({ world.copy(verificationInconclusive = true) }, {}, KitLog())
        answers.clear()
        inconclusive.verify("phone") { answers.add(it) }
        inconclusive.deliverNext()
        assertEquals(listOf<VerificationAnswer>(VerificationAnswer.Inconclusive), answers)
    }

    @Test
    fun anExpiringSuggestionsChallengeReachesTheHarnessWhichMustRenewTheRequest() {
        val expect = """{"screen": "login", "actions": ["retry"], "suggestions": true, "session": false, "signals": [], "lookups": 0}"""
        val text = script(
            setup,
            action(12, "the login screen appears", """{"event": "screen-appeared"}"""),
            action(13, "the identifier field's challenge is about to expire", """{"event": "suggestions-challenge-expiring"}"""),
            outcome(14, "passkeys are offered in the identifier field", expect)
        )
        fun harness(renew: (KitEnvironment) -> Unit) = { kit: KitEnvironment ->
            TestHarness(
                kit,
                onEvent = { event, env -> if (event == UserEvent.ScreenAppeared) env.requestWithOptions(PromptKind.ASSISTED) else renew(env) }
            )
        }
        val harnesses = ArrayList<TestHarness>()
        // Cancelled, and set again with fresh options.
        run(text) { kit ->
            harness { env ->
                env.passkeys.cancelAssistedRequest()
                env.requestWithOptions(PromptKind.ASSISTED)
            }(kit).also { harnesses.add(it) }
        }
        assertEquals(listOf(UserEvent.ScreenAppeared, UserEvent.SuggestionsChallengeExpiring), harnesses.single().events)
        assertEquals("suggestions-challenge-expiring", UserEvent.SuggestionsChallengeExpiring.toString())
        assertEquals(listOf("challenge-1", "challenge-2"), harnesses.single().kit.passkeys.requests.map { it.challenge })

        // Left as it was: the step of the event fails, though the next outcome would not.
        val kept = failure(text, harness { })
        assertEquals("native/test.md:13", kept.location)
        assertEquals(
            listOf("expected the identifier field's request armed again with fresh options; it still carries challenge \"challenge-1\""),
            kept.differences
        )

        // Set again with the challenge that is expiring: a challenge used again.
        val reused = failure(text, harness { env ->
            env.passkeys.cancelAssistedRequest()
            env.passkeys.request(PasskeyRequest(PromptKind.ASSISTED, emptyList(), false, "challenge-1")) {}
        })
        assertEquals("native/test.md:13", reused.location)
        assertEquals(listOf("expected a passkey request with fresh request options; the app used challenge \"challenge-1\" again"), reused.differences)
    }

    @Test
    fun revokingAPasskeyMarksItRevokedAndAnswersTheSortedRemainingList() {
        var world = KitWorld(
            "active", true, listOf("phone", "b"),
            mapOf("phone" to "active", "old" to "revoked", "b" to "active", "a" to "fails-verification", "other" to "another-account"),
            null, false
        )
        val log = KitLog()
        val server = FakeServer({ world }, { world = it }, log)
        val answers = ArrayList<Any>()
        server.revoke("phone") { answers.add(it) }
        // Revoked at once, answered as over a network.
        assertEquals("revoked", world.serverPasskeys["phone"])
        assertEquals(emptyList<Any>(), answers)
        assertTrue(server.deliverNext())
        // Still accepted: active and failing verification, sorted by name; not the revoked ones or another account's.
        assertEquals(listOf<Any>(listOf("a", "b")), answers)

        // Later calls see the revoked passkey.
        answers.clear()
        server.verify("phone") { answers.add(it) }
        server.lookUp("someone") { answers.add(it) }
        while (server.deliverNext()) Unit
        assertEquals(listOf(VerificationAnswer.CredentialRevoked, LookupAnswer.Found(listOf("a", "b"))), answers)
        assertEquals(emptyList<String>(), log.problems)

        // A passkey the account does not accept, or no account: a problem, and no answer.
        server.revoke("phone") { answers.add(it) }
        server.revoke("other") { answers.add(it) }
        world = world.copy(account = null)
        server.revoke("b") { answers.add(it) }
        assertFalse(server.deliverNext())
        assertEquals(
            listOf(
                "the app revoked passkey \"phone\", which the server does not accept for the account (it accepts [\"a\", \"b\"])",
                "the app revoked passkey \"other\", which the server does not accept for the account (it accepts [\"a\", \"b\"])",
                "the app revoked passkey \"b\", but the check's world has no account"
            ),
            log.problems
        )
    }

    @Test
    fun aPasskeyRevokedInSettingsReachesTheHarnessWithItsNameAndStaysRevoked() {
        val signedIn = """{"screen": "signed-in", "actions": [], "suggestions": false, "session": true, "signals": ["all-accepted-credentials phone"], "lookups": 0}"""
        val text = script(
            setup,
            action(12, "the user revokes passkey b in the account settings", """{"event": "passkey-revoked-in-settings", "passkey": "b"}"""),
            outcome(13, "the full list of accepted passkeys is sent without passkey b", signedIn),
            action(14, "the user selects passkey b", """{"event": "passkey-button-tapped"}""")
        )
        val verifications = ArrayList<VerificationAnswer>()
        fun harness(onRevoked: (String, KitEnvironment) -> Unit) = { kit: KitEnvironment ->
            TestHarness(
                kit,
                onEvent = { event, env ->
                    when (event) {
                        is UserEvent.PasskeyRevokedInSettings -> onRevoked(event.passkey, env)
                        // Stands for an assertion with the revoked passkey.
                        else -> env.server.verify("b") { verifications.add(it) }
                    }
                },
                observation = { AppObservation(Screen.SIGNED_IN, session = true) }
            )
        }
        val harnesses = ArrayList<TestHarness>()
        run(text) { kit ->
            harness { passkey, env -> env.server.revoke(passkey) { env.signals.allAcceptedCredentials(it) } }(kit).also { harnesses.add(it) }
        }
        assertEquals(listOf(UserEvent.PasskeyRevokedInSettings("b"), UserEvent.PasskeyButtonTapped), harnesses.single().events)
        assertEquals("passkey-revoked-in-settings b", UserEvent.PasskeyRevokedInSettings("b").toString())
        assertEquals(listOf<VerificationAnswer>(VerificationAnswer.CredentialRevoked), verifications)
        assertEquals("b", KitScript.parse(text).checks.single().steps[1].inputs.single().passkey)

        // The unknown-credential signal instead of the list: the outcome step fails on the signals.
        val unknown = failure(text) { kit -> harness { passkey, env -> env.signals.unknownCredential(passkey) }(kit) }
        assertEquals("native/test.md:13", unknown.location)
        assertEquals(
            listOf("signals sent so far: expected [\"all-accepted-credentials phone\"]; the app sent [\"unknown-credential b\"]"),
            unknown.differences
        )

        val noPasskey = failure(script(setup, action(12, "the user revokes a passkey", """{"event": "passkey-revoked-in-settings"}"""))) { kit ->
            TestHarness(kit)
        }
        assertEquals(listOf("the kit cannot replay this step: \"passkey-revoked-in-settings\" without a passkey"), noPasskey.differences)
    }

    @Test
    fun anExceptionOfTheAppIsReportedAtItsStep() {
        val text = script(setup, action(12, "the login screen appears", """{"event": "screen-appeared"}"""))
        val failure = failure(text) { kit -> TestHarness(kit, onEvent = { _, _ -> throw IllegalStateException("boom") }) }
        assertEquals(listOf("the app threw java.lang.IllegalStateException: boom while the kit replayed this step"), failure.differences)
        assertTrue(failure.cause is IllegalStateException)
    }

    @Test
    fun aRelaunchMakesANewControllerWithTheSameStoreAndNoOpenPrompt() {
        val expect = """{"screen": "login", "actions": [], "suggestions": false, "session": false, "signals": [], "lookups": 0}"""
        val text = script(
            setup,
            action(12, "the login screen appears", """{"event": "screen-appeared"}"""),
            action(13, "the app is relaunched", """{"event": "app-relaunched"}, {"event": "screen-appeared"}"""),
            outcome(14, "nothing is open", expect)
        )
        val harnesses = ArrayList<TestHarness>()
        run(text) { kit ->
            TestHarness(
                kit,
                onEvent = { _, env ->
                    env.store.putInt("launches", env.store.getInt("launches") + 1)
                    if (harnesses.size == 1) env.requestWithOptions(PromptKind.AUTOMATIC)
                },
                observation = { AppObservation(Screen.LOGIN) }
            ).also { harnesses.add(it) }
        }
        assertEquals(2, harnesses.size)
        assertTrue(harnesses[0].kit.store === harnesses[1].kit.store)
        assertEquals(2, harnesses[1].kit.store.getInt("launches"))
        assertNull(harnesses[1].kit.passkeys.openPrompt)
    }

    @Test
    fun theServerAnswersFromTheWorldAfterTheCallReturns() {
        var world = KitWorld("active", true, listOf("phone"), mapOf("phone" to "active", "old" to "revoked", "b" to "active"), null, false)
        val server = FakeServer({ world }, { world = it }, KitLog())
        val answers = ArrayList<Any>()
        server.lookUp("someone") { answers.add(it) }
        assertEquals(emptyList<Any>(), answers)
        assertTrue(server.deliverNext())
        assertEquals(listOf<Any>(LookupAnswer.Found(listOf("b", "phone"))), answers)

        answers.clear()
        world = world.copy(lookupFault = KitLookupFault("credential-list", "timeout", 2))
        server.lookUp("someone") { answers.add(it) }
        server.lookUp("someone") { answers.add(it) }
        while (server.deliverNext()) Unit
        // The fault counts lookups from the check's first: the first was the one before it.
        assertEquals(listOf(LookupAnswer.Failed("credential-list", LookupFault.TIMEOUT), LookupAnswer.Found(listOf("b", "phone"))), answers)
        assertEquals(3, server.lookups)

        fun verified(passkey: String, changed: KitWorld): Any {
            world = changed
            var answer: Any? = null
            server.verify(passkey) { answer = it }
            server.deliverNext()
            return answer!!
        }
        val plain = world.copy(lookupFault = null)
        assertEquals(VerificationAnswer.Verified(AccountStatus.ACTIVE, listOf("b", "phone")), verified("phone", plain))
        assertEquals(VerificationAnswer.CredentialRevoked, verified("old", plain))
        assertEquals(VerificationAnswer.CredentialUnknown, verified("gone", plain))
        assertEquals(VerificationAnswer.CredentialUnknown, verified("phone", plain.copy(account = null)))
        assertEquals(VerificationAnswer.RouteUnavailable, verified("phone", plain.copy(routeAvailable = false)))
        assertEquals(VerificationAnswer.Verified(AccountStatus.LOCKED, listOf("b", "phone")), verified("phone", plain.copy(account = "locked", routeAvailable = false)))
        assertEquals(VerificationAnswer.Inconclusive, verified("phone", plain.copy(verificationInconclusive = true)))

        world = plain.copy(account = null)
        answers.clear()
        server.lookUp("someone") { answers.add(it) }
        world = plain.copy(routeAvailable = false)
        server.lookUp("someone") { answers.add(it) }
        while (server.deliverNext()) Unit
        assertEquals(listOf(LookupAnswer.NotFound, LookupAnswer.CannotContinue), answers)
    }

    @Test
    fun aCheckThatNeedsWhatTheAppDoesNotDeclareIsSkippedWithTheReasonAndNotRun() {
        val text = script(setup, action(12, "the login screen appears", """{"event": "screen-appeared"}"""), requires = identifierFirstWithPrompt)
        val discoverableOnly = AppCapabilities(
            entries = setOf(LoginEntry.DISCOVERABLE),
            automaticStarts = setOf(AutomaticStart.NONE),
            accountRoutes = mapOf(AccountStatus.LOCKED to AccountRoute.SUPPORT)
        )
        var made = 0
        val skipped = assertThrows(CheckNotApplicable::class.java) {
            ConformanceRunner(KitScript.parse(text)).run("T1-AC01/first", discoverableOnly) { kit -> made += 1; TestHarness(kit) }
        }
        assertEquals(
            "the check needs an identifier field (entry \"identifier-first\"), which the app does not declare; " +
                "and a passkey prompt the app opens by itself (automatic start \"prompt\"), which the app does not declare; " +
                "and a locked account sent to \"recovery\", where the app sends it to \"support\"",
            skipped.reason
        )
        assertEquals(0, made)
        // Everything the check needs, declared: it runs.
        ConformanceRunner(KitScript.parse(text)).run("T1-AC01/first", AppCapabilities(entries = setOf(LoginEntry.IDENTIFIER_FIRST))) { kit ->
            made += 1
            TestHarness(kit)
        }
        assertEquals(1, made)
    }

    @Test
    fun aSuiteReportsAnInapplicableCheckAsAJUnitAssumptionAndPassesTheHarnessesOwnThrough() {
        // Its own script file: a suite keeps each script it has read, by file name.
        val folder = Files.createTempDirectory("kit").toFile()
        File(folder, "scripts").mkdirs()
        val text = script(setup, action(12, "the login screen appears", """{"event": "screen-appeared"}"""), requires = identifierFirstWithPrompt)
        File(folder, "scripts/T8.android.json").writeText(text, Charsets.UTF_8)
        val previous = System.getProperty(KitScript.KIT_FOLDER_PROPERTY)
        System.setProperty(KitScript.KIT_FOLDER_PROPERTY, folder.path)
        try {
            val discoverable = object : ConformanceSuite("T8.android.json", "abc") {
                override val capabilities = AppCapabilities(entries = setOf(LoginEntry.DISCOVERABLE))
                override fun harness(kit: KitEnvironment): LoginHarness = TestHarness(kit)
            }
            val aborted = assertThrows(org.opentest4j.TestAbortedException::class.java) { discoverable.check("T1-AC01/first") }
            assertEquals("the check needs an identifier field (entry \"identifier-first\"), which the app does not declare", aborted.message)
            // An assumption the harness makes itself is a skip too, not "the app threw".
            val assuming = object : ConformanceSuite("T8.android.json", "abc") {
                override fun harness(kit: KitEnvironment): LoginHarness =
                    TestHarness(kit, onEvent = { _, _ -> throw org.opentest4j.TestAbortedException("no identifier field here") })
            }
            val own = assertThrows(org.opentest4j.TestAbortedException::class.java) { assuming.check("T1-AC01/first") }
            assertEquals("no identifier field here", own.message)
        } finally {
            if (previous == null) System.clearProperty(KitScript.KIT_FOLDER_PROPERTY) else System.setProperty(KitScript.KIT_FOLDER_PROPERTY, previous)
            folder.deleteRecursively()
        }
    }

    @Test
    fun aPromptResultEndsThePromptOfTheKindTheStepImplies() {
        val cancel = """{"event": "prompt-result", "prompt": "explicit", "result": {"name": "GetCredentialCancellationException", "code": "TYPE_USER_CANCELED"}}"""
        val text = script(
            setup,
            action(12, "the login screen appears", """{"event": "screen-appeared", "opens": "automatic"}"""),
            action(13, "the user taps the passkey button", """{"event": "passkey-button-tapped", "opens": "explicit"}"""),
            action(14, "the user cancels the OS prompt", cancel)
        )
        // A passkey button that does nothing: the automatic prompt is still the open one.
        val kinds = ArrayList<PromptKind>()
        val failure = failure(text) { kit ->
            TestHarness(kit, onEvent = { event, env ->
                if (event == UserEvent.ScreenAppeared) {
                    kinds.add(env.passkeys.modalKind)
                    env.requestWithOptions(env.passkeys.modalKind)
                }
            })
        }
        assertEquals(listOf(PromptKind.AUTOMATIC), kinds)
        assertEquals("native/test.md:14", failure.location)
        assertEquals(
            listOf(
                "the step ends the explicit passkey prompt with Failed(exceptionClass=GetCredentialCancellationException, type=TYPE_USER_CANCELED, message=null), " +
                    "but the app's open prompt is automatic"
            ),
            failure.differences
        )
    }

    @Test
    fun aPromptOpenedWhileTheAppTakesAnInputHasTheKindTheSpecOpensForIt() {
        val retry = """{"event": "choose", "action": "retry", "opens": "automatic"}"""
        val text = script(
            setup,
            action(12, "the user taps the passkey button", """{"event": "passkey-button-tapped"}"""),
            action(13, "the user chooses retry", retry)
        )
        val kinds = ArrayList<PromptKind>()
        run(text) { kit -> TestHarness(kit, onEvent = { _, env -> kinds.add(env.passkeys.modalKind) }) }
        // The button is the user's: explicit. A retry of an automatic prompt is automatic again.
        assertEquals(listOf(PromptKind.EXPLICIT, PromptKind.AUTOMATIC), kinds)
    }

    @Test
    fun aSuiteRefusesAScriptOfAnotherExport() {
        val folder = Files.createTempDirectory("kit").toFile()
        File(folder, "scripts").mkdirs()
        File(folder, "scripts/T9.android.json").writeText(script(setup), Charsets.UTF_8)
        val previous = System.getProperty(KitScript.KIT_FOLDER_PROPERTY)
        System.setProperty(KitScript.KIT_FOLDER_PROPERTY, folder.path)
        try {
            val suite = object : ConformanceSuite("T9.android.json", "other") {
                override fun harness(kit: KitEnvironment): LoginHarness = TestHarness(kit)
            }
            val error = assertThrows(KitScriptException::class.java) { suite.check("T1-AC01/first") }
            assertEquals(
                "scripts/T9.android.json has fingerprint abc, but these tests were generated with other: export the kit again so that tests and scripts match",
                error.message
            )
        } finally {
            if (previous == null) System.clearProperty(KitScript.KIT_FOLDER_PROPERTY) else System.setProperty(KitScript.KIT_FOLDER_PROPERTY, previous)
            folder.deleteRecursively()
        }
    }
}
