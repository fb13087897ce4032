Scenario: A credential ID absent from the server's records is signalled as unknown
  Given the app does not start passkey login automatically
  And the device has passkey "old-phone" that is absent from the server's records
  And the device has passkey "phone"
  When the login screen appears
  And the user taps the passkey button
  And the user selects passkey "old-phone"
  Then the user sees the "deleted-passkey" copy
  And "another-passkey" and "fallback" are offered
  And the unknown-credential signal is sent for passkey "old-phone"
  And no session is created
  When the user chooses "another-passkey"
  And the user selects passkey "phone"
  Then a session is created

