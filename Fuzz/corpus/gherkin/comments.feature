# a comment

Scenario: s
  Given the app starts passkey login automatically
  # inside
  And the device has passkey "a"
