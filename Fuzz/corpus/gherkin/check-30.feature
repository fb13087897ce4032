Scenario: A credential revoked through settings is reconciled, not signalled as unknown
  Given the app does not start passkey login automatically
  And the device has passkey "old-phone" that was revoked through account settings
  And the device has passkey "phone"
  When the login screen appears
  And the user taps the passkey button
  And the user selects passkey "old-phone"
  Then the user sees the "passkey-not-accepted" copy
  And "another-passkey" and "fallback" are offered
  And no unknown-credential signal is sent
  And no session is created
  When the user chooses "another-passkey"
  And the user selects passkey "phone"
  Then a session is created
  And the full list of accepted passkeys is sent without passkey "old-phone"
  And no unknown-credential signal is sent

