/// What the route lookup answered.
public enum LookupResult: Hashable, Codable, Sendable {
    /// The account exists and may use passkeys; the data lists its accepted passkeys.
    case found(RouteData)
    /// No account matches the identifier.
    case notFound
    /// The account exists but cannot continue with this route.
    case cannotContinue
    /// A dependency failed: nothing is known about the account or its passkeys.
    case failed(LookupDependency, LookupFault)
}

/// What the server answered when the app asked for a passkey request's options.
public enum RequestOptionsResult: Hashable, Codable, Sendable {
    /// The options arrived, with a fresh challenge: the request can start.
    case received
    /// The call failed: no challenge, so no request can start, and nothing is known about
    /// the account or its passkeys.
    case failed(LookupFault)
}

/// How the OS passkey prompt ended, after the platform adapter has read the native result.
public enum CeremonyOutcome: Hashable, Codable, Sendable {
    /// The user chose a passkey and the OS returned an assertion for it.
    case assertion(CredentialID)
    /// The user cancelled or dismissed the prompt.
    case cancelled
    /// No passkey for this app is available on the device.
    case noCredential
    /// The user prefers another sign-in method the OS knows of (iOS: Sign in with Apple).
    case otherMethodPreferred
    /// Something went wrong that the user did not cause, and trying again may help.
    case failed
    /// The device or the app cannot run passkey requests as they are: a retry cannot help.
    case unavailable
}

/// What the server answered about an assertion.
public enum VerificationResult: Hashable, Codable, Sendable {
    /// The assertion is valid; the account and its currently accepted passkeys.
    case verified(Account, acceptedCredentials: [CredentialID])
    /// The credential ID is conclusively absent from the server's records.
    case credentialUnknown
    /// The server knows the credential, but it was revoked through account settings.
    case credentialRevoked
    /// The assertion did not verify (its signature, origin or RP ID, user verification or
    /// signature counter): the server says no more, as for an unknown credential (WebAuthn
    /// §14.6.2), but the credential is on its records.
    case verificationFailed
    /// The server could not tell (error, timeout): no conclusion about the credential.
    case inconclusive
    /// The assertion signs a challenge the server no longer holds: it expired (WebAuthn
    /// §13.4.3: about the request's timeout) or was used already. Nothing is known about the
    /// credential.
    case challengeExpired
    /// The assertion is valid, but the account cannot continue with passkey login.
    case routeUnavailable
}

/// Something that happened, named for what happened.
public enum LoginEvent: Hashable, Codable, Sendable {
    case screenAppeared
    case identifierSubmitted
    case lookupFinished(LookupResult)
    /// The server answered the request-options call made before a passkey request.
    case requestOptionsFinished(RequestOptionsResult)
    case passkeyButtonTapped
    /// The challenge of the pending assisted request reached the end of its validity, which
    /// a request armed when the screen appeared can outlive.
    case assistedChallengeExpiring
    case retryTapped
    case anotherPasskeyChosen
    case fallbackChosen
    case recoveryChosen
    case supportChosen
    case accountHelpChosen
    case noticeDismissed
    case ceremonyFinished(CeremonyOutcome)
    /// The assisted request (AutoFill, conditional mediation) ended: the user picked a passkey
    /// from the suggestions, or it ended without one.
    case assistedRequestFinished(CeremonyOutcome)
    case verificationFinished(VerificationResult)
    /// The user completed the fallback method for an account, which the server lists with
    /// its accepted passkeys.
    case fallbackSignInSucceeded(Account, acceptedCredentials: [CredentialID])
    /// The signed-in user revoked one of the account's passkeys in its settings; the server
    /// lists the passkeys it still accepts.
    case passkeyRevokedInSettings(Account, acceptedCredentials: [CredentialID])
    case appRelaunched
    /// The signed-in user signs out, back to the login screen.
    case signedOut
}
