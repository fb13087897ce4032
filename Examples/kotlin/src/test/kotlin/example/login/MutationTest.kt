package example.login

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.DisplayName
import org.junit.jupiter.api.Test
import passkeyspec.kit.ConformanceFailure
import passkeyspec.kit.KitEnvironment
import passkeyspec.kit.LoginHarness
import passkeyspec.kit.checks.N1_4AndroidChecks

/**
 * Each mistake of [Mutation] run through every check of the generated N1.4 suite: exactly the
 * checks that exercise the behaviour fail, each with the spec's file and line.
 */
class MutationTest {
    private companion object {
        /** What a difference in a field the step's words do not name ends with. */
        const val UNNAMED = " (not in the step's words: the spec's engine shows it after the steps so far)"
    }

    @Test
    @DisplayName("the prompt reopening after the first automatic cancel fails the checks that look after that cancel")
    fun promptReopensAfterFirstCancel() {
        assertFailures(
            Mutation.PROMPT_REOPENS_AFTER_FIRST_CANCEL,
            // A first automatic cancellation followed by an outcome, a retry or the passkey button.
            // "After a relaunch the pending retry waits for the user" passes: nothing is observed
            // between its first cancellation and the relaunch, which drops the reopened prompt.
            "account-cannot-continue/with-the-conceal-policy-an-unknown-identifier-gets-what-an-account-with-passkeys-gets",
            // The same check ended by NotAllowedError, which the app reads as the same cancellation.
            "account-cannot-continue/with-the-conceal-policy-an-unknown-identifier-gets-what-an-account-with-passkeys-gets/as-notallowederror",
            "N1.4-AC01/the-first-automatic-cancellation-offers-a-retry-and-opens-nothing",
            "N1.4-AC01/cancelling-the-retried-prompt-shows-the-fallback",
            "N1.4-AC01/a-successful-login-makes-the-next-cancellation-the-first",
            "N1.4-AC01/a-fallback-login-also-makes-the-next-cancellation-the-first",
            "N1.4-AC01/without-an-identifier-the-automatic-prompt-opens-as-the-screen-appears",
            "N1.4-AC02/an-explicit-cancellation-after-an-automatic-one-keeps-the-offered-retry"
        )
    }

    @Test
    @DisplayName("an error after an explicit cancel fails the checks that cancel the passkey button's prompt")
    fun explicitCancelShowsError() {
        assertFailures(
            Mutation.EXPLICIT_CANCEL_SHOWS_ERROR,
            // Every GetCredentialCancellationException from the button's prompt. "No credential from
            // the passkey button changes nothing either" passes: NoCredentialException is not a cancellation.
            "N1.4-AC01/the-passkey-button-cancels-a-pending-request-in-the-identifier-field-first",
            "N1.4-AC02/cancelling-the-passkey-button-s-prompt-changes-nothing",
            "N1.4-AC02/cancelling-again-and-again-keeps-every-way-in",
            "N1.4-AC02/an-explicit-cancellation-after-an-automatic-one-keeps-the-offered-retry",
            "N1.4-AC02/without-an-identifier-cancelling-the-passkey-button-s-prompt-changes-nothing"
        )
    }

    @Test
    @DisplayName("a lookup timeout taken for no account fails the two timeout checks")
    fun lookupTimeoutMeansNoAccount() {
        assertFailures(
            Mutation.LOOKUP_TIMEOUT_MEANS_NO_ACCOUNT,
            // Network failures and server errors are still handled; only the timeouts change.
            "N1.4-AC03/the-account-directory-times-out",
            "N1.4-AC03/the-credential-list-times-out"
        )
    }

    @Test
    @DisplayName("an unknown-credential signal for a revoked passkey fails the checks with a revoked passkey")
    fun revokedPasskeySignalledUnknown() {
        val revokedInSettings = "N1.4-AC04/revoking-a-passkey-in-the-account-settings-reconciles-the-list-at-once"
        val failures = assertFailures(
            Mutation.REVOKED_PASSKEY_SIGNALLED_UNKNOWN,
            "N1.4-AC04/a-credential-revoked-through-settings-is-reconciled-not-signalled-as-unknown",
            "N1.4-AC04/signing-in-with-the-fallback-after-a-revoked-credential-reconciles-the-list",
            // The passkey revoked in the settings, chosen again after signing out.
            revokedInSettings
        )
        val script = suite(Mutation.NONE).script
        val failure = failures.getValue(revokedInSettings)
        assertEquals(script.location(script.check(revokedInSettings).steps.last().line), failure.location, failure.message)
        assertEquals(
            listOf(
                "signals sent so far: expected [\"all-accepted-credentials old-phone,phone\", \"all-accepted-credentials phone\"]; " +
                    "the app sent [\"all-accepted-credentials old-phone,phone\", \"all-accepted-credentials phone\", \"unknown-credential old-phone\"]" + UNNAMED
            ),
            failure.differences
        )
    }

    @Test
    @DisplayName("an unknown-credential signal for a passkey removed in the settings fails the revocation check, at the list it expects")
    fun removedPasskeySignalledUnknown() {
        val revokedInSettings = "N1.4-AC04/revoking-a-passkey-in-the-account-settings-reconciles-the-list-at-once"
        // Only this check revokes a passkey in the settings; its first outcome after the revocation fails.
        val failure = assertFailures(Mutation.REMOVED_PASSKEY_SIGNALLED_UNKNOWN, revokedInSettings).getValue(revokedInSettings)
        val script = suite(Mutation.NONE).script
        val steps = script.check(revokedInSettings).steps
        val revocation = steps.indexOfFirst { step -> step.inputs.any { it.event == "passkey-revoked-in-settings" && it.passkey == "old-phone" } }
        assertEquals(script.location(steps[revocation + 1].line), failure.location, failure.message)
        assertEquals("Then the full list of accepted passkeys is sent without passkey \"old-phone\"", steps[revocation + 1].words)
        assertEquals(
            listOf(
                "signals sent so far: expected [\"all-accepted-credentials old-phone,phone\", \"all-accepted-credentials phone\"]; " +
                    "the app sent [\"all-accepted-credentials old-phone,phone\", \"unknown-credential old-phone\"]"
            ),
            failure.differences
        )
    }

    @Test
    @DisplayName("a passkey removed in the settings but not on the backend fails the revocation check, when it signs in again")
    fun removedPasskeyKeptOnBackend() {
        val revokedInSettings = "N1.4-AC04/revoking-a-passkey-in-the-account-settings-reconciles-the-list-at-once"
        // The list sent at the revocation is right; the passkey chosen again after signing out still signs in.
        val failure = assertFailures(Mutation.REMOVED_PASSKEY_KEPT_ON_BACKEND, revokedInSettings).getValue(revokedInSettings)
        val script = suite(Mutation.NONE).script
        val last = script.check(revokedInSettings).steps.last()
        assertEquals(script.location(last.line), failure.location, failure.message)
        assertEquals("Then the user sees the \"passkey-not-accepted\" copy", last.words)
        assertEquals(
            listOf(
                "screen: expected login; the app shows signed-in" + UNNAMED,
                "notice: expected the \"passkey-not-accepted\" notice, \"Passkey can’t be used\" / " +
                    "\"This passkey was removed from your account and can no longer sign you in.\" [\"Choose another passkey\", \"Sign in another way\"]; " +
                    "the app shows none",
                "actions offered: expected [\"another-passkey\", \"fallback\"]; the app offers []" + UNNAMED,
                "session: expected none; the app has one" + UNNAMED,
                "signals sent so far: expected [\"all-accepted-credentials old-phone,phone\", \"all-accepted-credentials phone\"]; " +
                    "the app sent [\"all-accepted-credentials old-phone,phone\", \"all-accepted-credentials phone\", \"all-accepted-credentials old-phone,phone\"]" + UNNAMED
            ),
            failure.differences
        )
    }

    @Test
    @DisplayName("a session for a restricted account fails the restricted account's check")
    fun restrictedAccountSignsIn() {
        assertFailures(
            Mutation.RESTRICTED_ACCOUNT_SIGNS_IN,
            // The other states that may not sign in are still refused.
            "N1.4-AC05/a-restricted-account-does-not"
        )
    }

    @Test
    @DisplayName("a title that differs from the spec's copy fails the checks that show it, naming the character")
    fun titleDiffersFromSpec() {
        val failures = assertFailures(
            Mutation.TITLE_DIFFERS_FROM_SPEC,
            // The "account-cannot-continue" dialog, shown before and after authentication.
            "account-cannot-continue/with-the-reveal-policy-an-account-that-cannot-use-passkey-login-is-pointed-to-recovery-and-support",
            "account-cannot-continue/after-a-valid-passkey-assertion-the-account-s-real-route-is-shown"
        )
        for (failure in failures.values) {
            assertEquals(1, failure.differences.size, failure.message)
            val difference = failure.differences.single()
            assertTrue(difference.startsWith("notice title: expected \"Can’t sign in with a passkey\""), difference)
            assertTrue(difference.contains("the app shows \"Can't sign in with a passkey\""), difference)
            assertTrue(difference.contains("from character 4, \"’\" (U+2019) in the spec, \"'\" (U+0027) in the app"), difference)
        }
    }

    @Test
    @DisplayName("a passkey button that skips the request options fails every check that taps it, at the tap")
    fun buttonChallengeMadeOnDevice() {
        // Every check that taps the passkey button, on the login or the fallback screen, and nothing else.
        val script = suite(Mutation.NONE).script
        val taps = script.checks.mapNotNull { check ->
            check.steps.firstOrNull { step -> step.inputs.any { it.event == "passkey-button-tapped" || it.action == "use-passkey" } }
                ?.let { step -> check.id to script.location(step.line) }
        }.toMap()
        assertTrue(taps.size >= 10, "the checks that tap the passkey button: ${taps.keys}")
        val failures = assertFailures(Mutation.BUTTON_CHALLENGE_MADE_ON_DEVICE, *taps.keys.toTypedArray())
        for ((id, failure) in failures) {
            assertEquals(taps[id], failure.location, "$id fails where it first taps the passkey button")
            assertEquals(
                listOf("expected a passkey request with a challenge from the server's request options; the app's \"made-on-device\" was never issued"),
                failure.differences
            )
        }
    }

    @Test
    @DisplayName("a retry that reuses the request options it retries fails the checks that retry a prompt, at the retry")
    fun retryReusesRequestOptions() {
        val failures = assertFailures(
            Mutation.RETRY_REUSES_REQUEST_OPTIONS,
            // Each retries a prompt it opened. "After a relaunch the pending retry waits for the
            // user" passes: the relaunched app has no options to reuse. The retries after a failed
            // lookup or a failed options call pass too: those got no options to reuse.
            "passkey-failed/a-failed-automatic-prompt-offers-retry-and-the-fallback",
            // The same check ended by the other exceptions a failed prompt can raise.
            "passkey-failed/a-failed-automatic-prompt-offers-retry-and-the-fallback/as-getcredentialcustomexception",
            "passkey-failed/a-failed-automatic-prompt-offers-retry-and-the-fallback/as-getpublickeycredentialdomexception",
            "N1.4-AC01/an-expired-challenge-after-the-automatic-prompt-waits-for-the-user-s-retry",
            "N1.4-AC01/cancelling-the-retried-prompt-shows-the-fallback",
            "N1.4-AC01/a-successful-login-makes-the-next-cancellation-the-first",
            "N1.4-AC01/a-fallback-login-also-makes-the-next-cancellation-the-first",
            "N1.4-AC01/without-an-identifier-the-automatic-prompt-opens-as-the-screen-appears"
        )
        val script = suite(Mutation.NONE).script
        for ((id, failure) in failures) {
            val step = script.check(id).steps.first { script.location(it.line) == failure.location }
            assertTrue(step.inputs.any { it.event == "choose" && it.action == "retry" }, "$id fails at a retry: ${failure.message}")
            assertEquals(1, failure.differences.size, failure.message)
            assertTrue(
                failure.differences.single().startsWith("expected a passkey request with fresh request options; the app used challenge \"challenge-"),
                failure.message
            )
        }
    }

    @Test
    @DisplayName("the general error for an expired challenge from the suggestions fails the suggestions' renewal check, after the pick")
    fun expiredSuggestionShowsError() {
        val renewal = "N1.4-AC01/the-identifier-field-s-suggestions-are-renewed-before-and-after-their-challenge-expires"
        // An expired challenge after the automatic prompt passes: there the general error is right.
        val failure = assertFailures(Mutation.EXPIRED_SUGGESTION_SHOWS_ERROR, renewal).getValue(renewal)
        // The first outcome after the pick from the identifier field.
        val script = suite(Mutation.NONE).script
        val steps = script.check(renewal).steps
        val pick = steps.indexOfFirst { step -> step.inputs.any { it.event == "suggestion-result" } }
        assertEquals(script.location(steps[pick + 1].line), failure.location, failure.message)
        assertEquals("Then no error is shown", steps[pick + 1].words)
        assertEquals(
            listOf(
                "notice: expected none; the app shows \"Passkey sign-in failed\" / \"Signing in with your passkey didn’t work this time.\" " +
                    "[\"Try again\", \"Sign in another way\"]",
                "actions offered: expected []; the app offers [\"retry\", \"fallback\"]" + UNNAMED,
                "passkeys in the identifier field: expected offered; the app offers none" + UNNAMED
            ),
            failure.differences
        )
    }

    @Test
    @DisplayName("suggestions kept past their challenge's expiry fail the suggestions' renewal check, at the expiring challenge")
    fun suggestionsKeptPastExpiry() {
        val renewal = "N1.4-AC01/the-identifier-field-s-suggestions-are-renewed-before-and-after-their-challenge-expires"
        // Nothing the user sees differs: the kit fails the step that says the challenge is about to expire.
        val failure = assertFailures(Mutation.SUGGESTIONS_KEPT_PAST_EXPIRY, renewal).getValue(renewal)
        val script = suite(Mutation.NONE).script
        val expiring = script.check(renewal).steps.single { step -> step.inputs.any { it.event == "suggestions-challenge-expiring" } }
        assertEquals(script.location(expiring.line), failure.location, failure.message)
        assertEquals(
            listOf("expected the identifier field's request armed again with fresh options; it still carries challenge \"challenge-1\""),
            failure.differences
        )
    }

    private fun suite(mutation: Mutation) = object : N1_4AndroidChecks() {
        override fun harness(kit: KitEnvironment): LoginHarness = ExampleLoginHarness(kit, mutation)
    }

    /**
     * Runs every check of the generated suite against the example with [mutation] and asserts
     * that exactly [expected] fail, each at one of its own steps' lines. Returns the failures.
     */
    private fun assertFailures(mutation: Mutation, vararg expected: String): Map<String, ConformanceFailure> {
        val suite = suite(mutation)
        val failures = LinkedHashMap<String, ConformanceFailure>()
        for (id in N1_4AndroidChecks.checkIds) {
            try {
                suite.check(id)
            } catch (failure: ConformanceFailure) {
                failures[id] = failure
            }
        }
        assertEquals(expected.sorted(), failures.keys.sorted(), "the checks that fail with $mutation")
        val script = suite.script
        for ((id, failure) in failures) {
            val stepLocations = script.check(id).steps.map { script.location(it.line) }
            assertTrue(failure.location in stepLocations, "${failure.location} is a step of $id")
            assertTrue(failure.location.startsWith("${script.spec.file}:"), failure.location)
            assertTrue(failure.message!!.startsWith("${failure.location}: "), failure.message)
        }
        return failures
    }
}
