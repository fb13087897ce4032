Scenario: A failed automatic prompt offers retry and the fallback
  Given the app starts passkey login automatically
  And the device has passkey "phone"
  When the login screen appears
  And the OS prompt fails for an unknown reason
  Then the user sees the "passkey-failed" copy
  And "retry" and "fallback" are offered
  When the user chooses "retry"
  Then an automatic passkey prompt opens
  When the user selects passkey "phone"
  Then a session is created

