package example.login

import java.io.StringReader
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.fail
import org.junit.jupiter.api.DisplayName
import org.junit.jupiter.api.Test
import passkeyspec.kit.AppCapabilities
import passkeyspec.kit.AppObservation
import passkeyspec.kit.ConformanceFailure
import passkeyspec.kit.KitEnvironment
import passkeyspec.kit.LoginEntry
import passkeyspec.kit.LoginHarness
import passkeyspec.kit.Lockstep
import passkeyspec.kit.LockstepDivergence
import passkeyspec.kit.LockstepReport
import passkeyspec.kit.LockstepStreamException
import passkeyspec.kit.Screen
import passkeyspec.kit.UserEvent
import passkeyspec.kit.checks.N1_4AndroidChecks

/**
 * The example replayed on every sequence of inputs the reference engine takes, up to four
 * inputs, under every configuration of the engine's explorer and each of its worlds: the
 * exploration `passkey-spec lockstep --platform android --depth 4` writes, read from the file
 * the system property `passkeyspec.lockstep` names (scripts/kit-test-kotlin.sh writes it), as an
 * app's tests read it. The counts below are those of N1.4 at that depth.
 */
class LockstepTest {
    @Test
    @DisplayName("the example shows what the engine shows after every sequence")
    fun theExampleMatchesTheEngineOnEverySequence() {
        val report = exploration().run { kit -> ExampleLoginHarness(kit) }
        assertNull(report.divergence) { report.divergence.toString() }
        println("lockstep: ${report.runs} runs (${report.runsSkipped} skipped), ${report.sequences} sequences, ${report.inputs} inputs replayed")
        assertEquals(LockstepReport(runs = 7_776, runsSkipped = 0, sequences = 509_556, inputs = 1_778_524, divergence = null), report)
    }

    @Test
    @DisplayName("every mistake of the example is found, each with its shortest sequence")
    fun findsEveryMutationWithItsShortestSequence() {
        val expected = mapOf(
            Mutation.PROMPT_REOPENS_AFTER_FIRST_CANCEL to Found(2, "actions offered"),
            Mutation.EXPLICIT_CANCEL_SHOWS_ERROR to Found(3, "notice"),
            Mutation.LOOKUP_TIMEOUT_MEANS_NO_ACCOUNT to Found(1, "notice"),
            Mutation.REVOKED_PASSKEY_SIGNALLED_UNKNOWN to Found(2, "signals sent so far"),
            Mutation.RESTRICTED_ACCOUNT_SIGNS_IN to Found(2, "screen"),
            Mutation.TITLE_DIFFERS_FROM_SPEC to Found(1, "notice title"),
            Mutation.BUTTON_CHALLENGE_MADE_ON_DEVICE to Found(2, "after 'passkey-button-tapped'"),
            Mutation.RETRY_REUSES_REQUEST_OPTIONS to Found(3, "after 'choose \"retry\"'"),
            Mutation.EXPIRED_SUGGESTION_SHOWS_ERROR to Found(2, "notice"),
            Mutation.SUGGESTIONS_KEPT_PAST_EXPIRY to Found(2, "after 'suggestions-challenge-expiring'"),
            Mutation.REMOVED_PASSKEY_SIGNALLED_UNKNOWN to Found(3, "signals sent so far"),
            // Not within four inputs: it shows only when the passkey removed in the settings is
            // used again after signing out, five inputs in (sign in, remove, sign out, the
            // screen's prompt, the passkey), which the default depth of 8 finds with "screen".
            // The written revocation check finds it too (MutationTest).
            Mutation.REMOVED_PASSKEY_KEPT_ON_BACKEND to null,
            Mutation.RETRY_AFTER_SUGGESTION_SETS_FIELD_AGAIN to Found(3, "passkey prompt")
        )
        // One Lockstep for every mutation: it reads the runs' definitions once.
        val exploration = exploration()
        val found = Mutation.values().filter { it != Mutation.NONE }.associate { mutation ->
            mutation to exploration.run { kit -> ExampleLoginHarness(kit, mutation) }.divergence?.let(::Found)
        }
        assertEquals(expected, found)
    }

    @Test
    @DisplayName("a retry after a failed pick from the identifier field that sets the field again passes every written check, and lockstep finds it")
    fun findsAMistakeNoWrittenCheckCatches() {
        val mutation = Mutation.RETRY_AFTER_SUGGESTION_SETS_FIELD_AGAIN
        assertEquals(emptyList<String>(), writtenCheckFailures(mutation), "the written checks that fail with $mutation")
        val divergence = exploration().run { kit -> ExampleLoginHarness(kit, mutation) }.divergence
        assertEquals(
            LockstepDivergence(
                run = "entry identifier-first, automatic start assisted, enumeration policy conceal; " +
                    "no account, device passkeys: passkey-1 (unknown to the server), verification inconclusive",
                inputs = listOf(
                    "screen-appeared",
                    "suggestion-result: GetCredentialResponse(PublicKeyCredential) (success) passkey \"passkey-1\"",
                    "choose \"retry\""
                ),
                differences = listOf(
                    "passkey prompt: expected an explicit prompt open; none is open",
                    "passkeys in the identifier field: expected none; the app offers them"
                )
            ),
            divergence
        )
        println(divergence)
    }

    @Test
    @DisplayName("a divergence names the run, the inputs one per line and each difference")
    fun aDivergenceNamesTheRunTheInputsAndEachDifference() {
        val stream = stream(IDENTIFIER_FIRST_RUN, SCREEN_APPEARED, expect("\"actions\":[\"retry\"]"), "[0,0,0,0]", end(runs = 1, sequences = 1))
        val report = Lockstep(StringReader(stream)).run { kit -> ExampleLoginHarness(kit) }
        val divergence = LockstepDivergence(
            "identifier-first, no automatic start", listOf("screen-appeared"), listOf("actions offered: expected [\"retry\"]; the app offers []")
        )
        assertEquals(LockstepReport(runs = 1, runsSkipped = 0, sequences = 1, inputs = 1, divergence = divergence), report)
        assertEquals(
            "the app differs from the reference engine (identifier-first, no automatic start) after:\n" +
                "  1. screen-appeared\n" +
                "  actions offered: expected [\"retry\"]; the app offers []",
            divergence.description
        )
    }

    @Test
    @DisplayName("an exception of the app is a difference after the input it was taking")
    fun anExceptionOfTheAppIsADifferenceAfterItsInput() {
        val stream = stream(IDENTIFIER_FIRST_RUN, SCREEN_APPEARED, expect(), "[0,0,0,0]", end(runs = 1, sequences = 1))
        val throwing = object : LoginHarness {
            override fun send(event: UserEvent) = throw IllegalStateException("no login screen")
            override fun observe() = AppObservation(Screen.LOGIN)
        }
        val report = Lockstep(StringReader(stream)).run { throwing }
        assertEquals(
            listOf("after 'screen-appeared': the app threw java.lang.IllegalStateException: no login screen while the kit replayed this input"),
            report.divergence?.differences
        )
    }

    @Test
    @DisplayName("a Lockstep over a reader reads it once")
    fun aReaderIsReadOnce() {
        val lockstep = Lockstep(StringReader(stream(IDENTIFIER_FIRST_RUN, SCREEN_APPEARED, expect(), "[0,0,0,0]", end(runs = 1, sequences = 1))))
        assertEquals(LockstepReport(runs = 1, runsSkipped = 0, sequences = 1, inputs = 1, divergence = null), lockstep.run { kit -> ExampleLoginHarness(kit) })
        val error = assertThrows(IllegalStateException::class.java) { lockstep.run { kit -> ExampleLoginHarness(kit) } }
        assertEquals("this Lockstep has read its reader through; make one with Lockstep.fromFile to run a file again", error.message)
    }

    @Test
    @DisplayName("a run whose configuration the app does not declare is skipped, its sequences not replayed")
    fun aRunTheAppDoesNotDeclareIsSkipped() {
        val discoverable = IDENTIFIER_FIRST_RUN.replace("identifier-first", "discoverable")
        val stream = stream(IDENTIFIER_FIRST_RUN, discoverable, SCREEN_APPEARED, expect(), "[0,0,0,0]", "[1,0,0,0]", end(runs = 2, sequences = 2))
        val report = Lockstep(StringReader(stream)).run(AppCapabilities(entries = setOf(LoginEntry.DISCOVERABLE))) { kit -> ExampleLoginHarness(kit) }
        assertEquals(LockstepReport(runs = 1, runsSkipped = 1, sequences = 1, inputs = 1, divergence = null), report)
    }

    @Test
    @DisplayName("a stream cut short is an error at the line after its last whole one, never a pass")
    fun aStreamCutShortIsAnError() {
        val whole = stream(IDENTIFIER_FIRST_RUN, SCREEN_APPEARED, expect(), "[0,0,0,0]")
        assertStreamError(6, "it ends before its last line: the exploration was cut short", whole)
        // Cut in the middle of a line: that line is not one.
        assertStreamError(6, "it ends before its last line: the exploration was cut short", whole + "[0,1,0")
    }

    @Test
    @DisplayName("a stream of another format, or another platform, is refused at its header")
    fun anotherFormatIsRefused() {
        assertStreamError(1, "format 2; this kit reads format 1: export the kit again", stream(IDENTIFIER_FIRST_RUN).replace("\"format\":1", "\"format\":2"))
        assertStreamError(
            1, "an exploration of ios; the Kotlin kit replays Android's: write it with --platform android",
            stream(IDENTIFIER_FIRST_RUN).replace("\"platform\":\"android\"", "\"platform\":\"ios\"")
        )
    }

    @Test
    @DisplayName("a line before the header, a line of no JSON and a sequence that names what is not defined are errors at their line")
    fun aStreamThatIsNotOfTheFormatIsAnErrorAtItsLine() {
        assertStreamError(1, "it does not start with the lockstep header", stream(IDENTIFIER_FIRST_RUN).substringAfter('\n'))
        assertStreamError(1, "it does not start with the lockstep header", "[0,0,0,0]\n")
        assertStreamError(3, "not a line of the lockstep format (expected a value at character 0)", stream(IDENTIFIER_FIRST_RUN, "run 1"))
        // Input 1, an observation not yet defined, a run not yet defined, a parent that is not yet a sequence.
        for (sequence in listOf("[0,0,1,0]", "[0,0,0,1]", "[1,0,0,0]", "[0,1,0,0]", "[0,0,0]", "[0,0,0,0,0]", "[0,0,-1,0]")) {
            assertStreamError(5, "a sequence that names what the stream has not defined", stream(IDENTIFIER_FIRST_RUN, SCREEN_APPEARED, expect(), sequence))
        }
        // A parent of another run.
        val twoRuns = stream(IDENTIFIER_FIRST_RUN, IDENTIFIER_FIRST_RUN, SCREEN_APPEARED, expect(), "[0,0,0,0]", "[1,1,0,0]")
        assertStreamError(7, "a sequence that names what the stream has not defined", twoRuns)
    }

    /** The shortest sequence's length and its first difference's field (what comes before its first ':'). */
    private data class Found(val inputs: Int, val field: String) {
        constructor(divergence: LockstepDivergence) : this(divergence.inputs.size, divergence.differences.first().substringBefore(':'))
    }

    private fun exploration(): Lockstep {
        val path = System.getProperty(STREAM_PROPERTY)
            ?: fail<String>("set the system property $STREAM_PROPERTY to the file `passkey-spec lockstep --platform android --depth 4 --out FILE content` wrote")
        return Lockstep.fromFile(path)
    }

    /** The IDs of the generated suite's checks that fail against the example with [mutation]. */
    private fun writtenCheckFailures(mutation: Mutation): List<String> {
        val suite = object : N1_4AndroidChecks() {
            override fun harness(kit: KitEnvironment): LoginHarness = ExampleLoginHarness(kit, mutation)
        }
        return N1_4AndroidChecks.checkIds.filter { id ->
            try {
                suite.check(id)
                false
            } catch (failure: ConformanceFailure) {
                true
            }
        }
    }

    private fun assertStreamError(line: Int, reason: String, stream: String) {
        val error = assertThrows(LockstepStreamException::class.java) { Lockstep(StringReader(stream)).run { kit -> ExampleLoginHarness(kit) } }
        assertEquals("lockstep exploration, line $line: $reason", error.message)
        assertEquals(line, error.line)
        assertEquals(reason, error.reason)
    }

    private companion object {
        const val STREAM_PROPERTY = "passkeyspec.lockstep"

        const val HEADER =
            """{"lockstep":{"depth":1,"format":1,"platform":"android","spec":{"file":"content/native/login-error-states.md","fingerprint":"0","id":"N1.4","title":"Passkey Login: Error States"}}}"""

        /** An identifier-first run without an automatic start, for an active account with one passkey. */
        const val IDENTIFIER_FIRST_RUN =
            """{"run":{"configuration":{"accountRoutes":{},"automaticStart":"none","entry":"identifier-first","enumerationPolicy":"conceal","fallback":"password"},""" +
                """"description":"identifier-first, no automatic start","world":{"account":"active","challengeExpires":false,"devicePasskeys":["passkey-1"],""" +
                """"routeAvailable":true,"serverPasskeys":{"passkey-1":"active"},"verificationInconclusive":false}}}"""

        const val SCREEN_APPEARED = """{"input":{"event":"screen-appeared"}}"""

        /** The login screen as it first appears without an automatic start, with [fields] in place of its actions. */
        fun expect(fields: String = "\"actions\":[]") =
            """{"expect":{$fields,"lookups":0,"screen":"login","session":false,"signals":[],"suggestions":false}}"""

        fun end(runs: Int, sequences: Int) = """{"end":{"runs":$runs,"sequences":$sequences,"states":$sequences}}"""

        /** The header, then [lines], each ending with a newline. */
        fun stream(vararg lines: String) = (listOf(HEADER) + lines).joinToString("") { "$it\n" }
    }
}
