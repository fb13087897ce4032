package example.login

/**
 * Mistakes real teams make in this flow, switched on one at a time to show that the
 * conformance kit catches each (see MutationTest). [NONE] in the app.
 */
enum class Mutation {
    NONE,

    /** The automatic prompt opens again right after the user's first cancellation. */
    PROMPT_REOPENS_AFTER_FIRST_CANCEL,

    /** Cancelling the passkey button's prompt shows the general error dialog. */
    EXPLICIT_CANCEL_SHOWS_ERROR,

    /** A lookup that times out is taken to mean "no such account". */
    LOOKUP_TIMEOUT_MEANS_NO_ACCOUNT,

    /** A revoked passkey is also signalled as an unknown credential. */
    REVOKED_PASSKEY_SIGNALLED_UNKNOWN,

    /** The check for accounts that may not sign in forgets the restricted state. */
    RESTRICTED_ACCOUNT_SIGNS_IN,

    /** A dialog title typed with a straight apostrophe ("Can't") instead of the spec's ’. */
    TITLE_DIFFERS_FROM_SPEC,

    /** The passkey button's sheet opens at once, with a challenge made on the device instead of the backend's request options. */
    BUTTON_CHALLENGE_MADE_ON_DEVICE,

    /** "Try again" reopens the sheet with the request options of the request it retries instead of fetching fresh ones. */
    RETRY_REUSES_REQUEST_OPTIONS,

    /** A passkey picked from the identifier field whose challenge expired shows the general passkey error instead of offering the suggestions again. */
    EXPIRED_SUGGESTION_SHOWS_ERROR,

    /** The timer for the identifier field's challenge is ignored: the request stays set past its challenge's validity. */
    SUGGESTIONS_KEPT_PAST_EXPIRY,

    /** A passkey removed in the account settings is signalled as an unknown credential instead of sending the list the backend still accepts. */
    REMOVED_PASSKEY_SIGNALLED_UNKNOWN,

    /** A passkey removed in the account settings is only dropped from the list the app kept at sign-in: the backend is never asked to revoke it. */
    REMOVED_PASSKEY_KEPT_ON_BACKEND,

    /**
     * "Try again" after a passkey picked from the identifier field failed to verify sets the
     * identifier field's request again, as the request that failed, instead of opening the
     * sheet for any passkey: the user taps "Try again" and no sheet opens. No written check
     * catches it: the checks that pick from the identifier field end with a session, or with an
     * expired challenge, which sets the request again without a notice; none has a pick the
     * backend cannot verify, the only one whose notice offers this retry. Only lockstep
     * exploration does (see LockstepTest).
     */
    RETRY_AFTER_SUGGESTION_SETS_FIELD_AGAIN
}
