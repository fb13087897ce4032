Scenario: A passkey the server has no record of offers another passkey
  Given the app does not start passkey login automatically
  And the device has passkey "old-phone" that is absent from the server's records
  When the login screen appears
  And the user taps the passkey button
  And the user selects passkey "old-phone"
  Then the user sees the "deleted-passkey" copy
