Scenario: s
  Given the device has passkey "a"
  And the device has passkey "a"
  When the login screen appears
  Then an unknown identifier, an account without passkeys and an account that cannot continue look the same
