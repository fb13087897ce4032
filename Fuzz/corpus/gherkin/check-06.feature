Scenario: With the conceal policy an account that cannot continue looks like an unknown identifier
  Given the app starts passkey login automatically
  And the enumeration policy is "conceal"
  And the account cannot continue with passkey login
  And the device has passkey "phone"
  When the login screen appears
  Then no error is shown
  And the fallback screen is shown
  When the user taps the passkey button
  And the user cancels the OS prompt
  Then an unknown identifier, an account without passkeys and an account that cannot continue look the same

