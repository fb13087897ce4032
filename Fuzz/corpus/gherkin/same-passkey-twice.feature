Scenario: s
  Given the device has passkey "a"
  And the device has passkey "a"
  When the login screen appears
