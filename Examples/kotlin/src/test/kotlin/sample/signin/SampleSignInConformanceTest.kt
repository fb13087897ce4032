package sample.signin

import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Test
import passkeyspec.kit.ConformanceFailure
import passkeyspec.kit.ConformanceRunner
import passkeyspec.kit.KitScript

/**
 * Runs every check of the kit's N1.4 script against the sample sign-in and pins what the kit
 * says: which checks it skips for the sample's declared capabilities, which pass, and where each
 * failing check first differs. A change of the kit or of the spec that changes a verdict fails
 * here, so that it is looked at.
 *
 * The sample was written from Google's documentation, not from the spec. The checks that apply to
 * it and fail, fail where it departs from the spec: it offers no retry after the user cancels the
 * automatic selector (Google: do not retry a cancellation; its "Sign in with passkey" button
 * stays), and it reports errors in a one-action Snackbar with its own words where the spec has
 * titled notices with two buttons, a blocking one for an account that may not sign in.
 */
class SampleSignInConformanceTest {
    @Test
    fun `every check of the script has a pinned verdict`() {
        assertEquals(
            (SKIPPED + PASSED + FAILED.keys).sorted(),
            script.checks.map { it.id }.sorted(),
            "the script's checks, against the pinned ones"
        )
    }

    @Test
    fun `the checks the sample cannot take are skipped, each saying what it needs`() {
        assertEquals(SKIPPED.sorted(), verdicts.skipped.keys.sorted())
        for ((id, reason) in verdicts.skipped) {
            assert(reason.startsWith("the check needs ")) { "$id is skipped because \"$reason\"" }
        }
    }

    @Test
    fun `these checks pass`() {
        assertEquals(PASSED.sorted(), verdicts.passed.sorted())
    }

    @Test
    fun `these checks fail, each at its pinned step with its pinned first difference`() {
        assertEquals(FAILED.toSortedMap(), verdicts.failed.mapValues { (_, it) -> Failure(it.location, it.differences.first()) }.toSortedMap())
    }

    /** Where a check fails: the spec's step and the first difference the kit reports. */
    data class Failure(val location: String, val firstDifference: String)

    private class Verdicts(
        val skipped: Map<String, String>,
        val passed: List<String>,
        val failed: Map<String, ConformanceFailure>
    )

    private companion object {
        val script: KitScript by lazy { KitScript.load("N1.4.android.json") }

        val verdicts: Verdicts by lazy {
            val runner = ConformanceRunner(script)
            val skipped = LinkedHashMap<String, String>()
            val passed = ArrayList<String>()
            val failed = LinkedHashMap<String, ConformanceFailure>()
            for (check in script.checks) {
                val reason = runner.reasonToSkip(check, SAMPLE_CAPABILITIES)
                if (reason != null) {
                    skipped[check.id] = reason
                    continue
                }
                try {
                    runner.run(check.id, SAMPLE_CAPABILITIES) { SampleSignInHarness(it) }
                    passed.add(check.id)
                } catch (failure: ConformanceFailure) {
                    failed[check.id] = failure
                }
            }
            // The whole report, for whoever reads the test's output (and updates the pins).
            println("SampleSignInConformanceTest: ${skipped.size} skipped, ${passed.size} passed, ${failed.size} failed")
            failed.values.forEach { println("${it.message}\n") }
            skipped.forEach { (id, reason) -> println("VERDICT skipped\t$id\t$reason") }
            passed.forEach { println("VERDICT passed\t$it") }
            failed.forEach { (id, it) -> println("VERDICT failed\t$id\t${it.location}\t${it.differences.first()}") }
            Verdicts(skipped, passed, failed)
        }

        val SKIPPED: List<String> = listOf(
            "N1.4-AC01/passkeys-offered-in-the-identifier-field-end-silently-without-a-passkey",
            "N1.4-AC01/the-identifier-field-s-suggestions-are-renewed-before-and-after-their-challenge-expires",
            "N1.4-AC01/the-passkey-button-cancels-a-pending-request-in-the-identifier-field-first",
            "N1.4-AC02/cancelling-again-and-again-keeps-every-way-in",
            "N1.4-AC02/cancelling-the-passkey-button-s-prompt-changes-nothing",
            "N1.4-AC02/no-credential-from-the-passkey-button-changes-nothing-either",
            "N1.4-AC02/without-an-identifier-cancelling-the-passkey-button-s-prompt-changes-nothing",
            "N1.4-AC03/failed-request-options-for-the-identifier-field-s-suggestions-show-nothing",
            "N1.4-AC03/the-account-directory-answers-with-a-server-error",
            "N1.4-AC03/the-account-directory-cannot-be-reached",
            "N1.4-AC03/the-account-directory-times-out",
            "N1.4-AC03/the-credential-list-answers-with-a-server-error",
            "N1.4-AC03/the-credential-list-cannot-be-reached",
            "N1.4-AC03/the-credential-list-times-out",
            "N1.4-AC03/the-request-options-for-the-passkey-button-cannot-be-reached",
            "N1.4-AC04/a-credential-id-absent-from-the-server-s-records-is-signalled-as-unknown",
            "N1.4-AC04/a-credential-revoked-through-settings-is-reconciled-not-signalled-as-unknown",
            "N1.4-AC04/an-assertion-that-fails-verification-looks-like-an-unknown-passkey-and-is-not-signalled",
            "N1.4-AC04/an-inconclusive-answer-sends-no-signal",
            "N1.4-AC04/revoking-a-passkey-in-the-account-settings-reconciles-the-list-at-once",
            "N1.4-AC04/signing-in-with-the-fallback-after-a-revoked-credential-reconciles-the-list",
            "N1.4-AC05/a-closed-account-does-not",
            "N1.4-AC05/a-deleted-account-does-not",
            "N1.4-AC05/a-disabled-account-does-not",
            "N1.4-AC05/a-locked-account-does-not",
            "N1.4-AC05/a-locked-account-gets-no-session-from-the-fallback-either",
            "N1.4-AC05/a-passkey-of-another-account-signs-in-the-account-it-belongs-to",
            "N1.4-AC05/a-restricted-account-does-not",
            "N1.4-AC05/an-active-account-receives-a-session",
            "N1.4-AC05/an-inactive-account-does-not",
            "account-cannot-continue/after-a-valid-passkey-assertion-the-account-s-real-route-is-shown",
            "account-cannot-continue/with-the-reveal-policy-an-account-that-cannot-use-passkey-login-is-pointed-to-recovery-and-support",
            "account-cannot-continue/with-the-reveal-policy-an-unknown-identifier-goes-to-the-fallback",
            "passkey-failed/an-interrupted-prompt-from-the-passkey-button-leaves-the-fallback-in-reach",
            "passkey-unavailable/a-device-that-cannot-run-passkey-requests-offers-the-fallback-and-no-retry",
            "passkey-unavailable/a-device-that-cannot-run-passkey-requests-offers-the-fallback-and-no-retry/as-dataerror",
            "passkey-unavailable/a-device-that-cannot-run-passkey-requests-offers-the-fallback-and-no-retry/as-getcredentialproviderconfigurationexception",
            "passkey-unavailable/a-device-that-cannot-run-passkey-requests-offers-the-fallback-and-no-retry/as-securityerror"
        )

        val PASSED: List<String> = listOf(
            "account-cannot-continue/with-the-conceal-policy-an-account-that-cannot-continue-looks-like-any-other",
            "no-passkey-used/no-passkey-on-the-device-goes-to-the-fallback-without-an-error"
        )

        val FAILED: Map<String, Failure> = mapOf(
            "N1.4-AC01/a-fallback-login-also-makes-the-next-cancellation-the-first" to Failure(
                "content/native/login-error-states.md:596",
                "the step chooses \"retry\", but the app offers []"
            ),
            "N1.4-AC01/a-successful-login-makes-the-next-cancellation-the-first" to Failure(
                "content/native/login-error-states.md:581",
                "the step chooses \"retry\", but the app offers []"
            ),
            "N1.4-AC01/after-a-relaunch-the-pending-retry-waits-for-the-user" to Failure(
                "content/native/login-error-states.md:618",
                "actions offered: expected [\"retry\"]; the app offers [] (not in the step's words: the spec's engine shows it after the steps so far)"
            ),
            "N1.4-AC01/an-expired-challenge-after-the-automatic-prompt-waits-for-the-user-s-retry" to Failure(
                "content/native/login-error-states.md:652",
                "notice title: expected \"Passkey sign-in failed\" (the \"passkey-failed\" copy); the app shows \"\""
            ),
            "N1.4-AC01/cancelling-the-retried-prompt-shows-the-fallback" to Failure(
                "content/native/login-error-states.md:567",
                "the step chooses \"retry\", but the app offers []"
            ),
            "N1.4-AC01/the-first-automatic-cancellation-offers-a-retry-and-opens-nothing" to Failure(
                "content/native/login-error-states.md:555",
                "actions offered: expected [\"retry\"]; the app offers [] (not in the step's words: the spec's engine shows it after the steps so far)"
            ),
            "N1.4-AC01/without-an-identifier-the-automatic-prompt-opens-as-the-screen-appears" to Failure(
                "content/native/login-error-states.md:635",
                "actions offered: expected [\"retry\"]; the app offers [] (not in the step's words: the spec's engine shows it after the steps so far)"
            ),
            "N1.4-AC02/an-explicit-cancellation-after-an-automatic-one-keeps-the-offered-retry" to Failure(
                "content/native/login-error-states.md:732",
                "actions offered: expected [\"retry\"]; the app offers []"
            ),
            "N1.4-AC03/the-request-options-for-the-automatic-prompt-time-out" to Failure(
                "content/native/login-error-states.md:843",
                "notice title: expected \"Can’t check sign-in options\" (the \"lookup-failed\" copy); the app shows \"\""
            ),
            "N1.4-AC03/without-an-identifier-a-server-error-in-the-request-options-is-a-failed-lookup" to Failure(
                "content/native/login-error-states.md:875",
                "notice title: expected \"Can’t check sign-in options\" (the \"lookup-failed\" copy); the app shows \"\""
            ),
            "N1.4-AC05/without-an-identifier-the-assertion-tells-a-locked-account" to Failure(
                "content/native/login-error-states.md:1092",
                "notice title: expected \"Account unavailable\" (the \"restricted-account\" copy); the app shows \"\" (not in the step's words: the spec's engine shows it after the steps so far)"
            ),
            "account-cannot-continue/with-the-conceal-policy-an-unknown-identifier-gets-what-an-account-with-passkeys-gets" to Failure(
                "content/native/login-error-states.md:85",
                "actions offered: expected [\"retry\"]; the app offers [] (not in the step's words: the spec's engine shows it after the steps so far)"
            ),
            "account-cannot-continue/with-the-conceal-policy-an-unknown-identifier-gets-what-an-account-with-passkeys-gets/as-notallowederror" to Failure(
                "content/native/login-error-states.md:85",
                "notice: expected none; the app shows \"\" / \"Couldn't sign in with your passkey. Try again.\" [\"Retry\"]"
            ),
            "passkey-failed/a-failed-automatic-prompt-offers-retry-and-the-fallback" to Failure(
                "content/native/login-error-states.md:188",
                "notice title: expected \"Passkey sign-in failed\" (the \"passkey-failed\" copy); the app shows \"\""
            ),
            "passkey-failed/a-failed-automatic-prompt-offers-retry-and-the-fallback/as-getcredentialcustomexception" to Failure(
                "content/native/login-error-states.md:188",
                "notice: expected the \"passkey-failed\" notice, \"Passkey sign-in failed\" / \"Signing in with your passkey didn’t work this time.\" [\"Try again\", \"Sign in another way\"]; the app shows none"
            ),
            "passkey-failed/a-failed-automatic-prompt-offers-retry-and-the-fallback/as-getpublickeycredentialdomexception" to Failure(
                "content/native/login-error-states.md:188",
                "notice title: expected \"Passkey sign-in failed\" (the \"passkey-failed\" copy); the app shows \"\""
            )
        )
    }
}
