Scenario: No credential from the passkey button changes nothing either
  Given the app does not start passkey login automatically
  And the device has passkey "phone"
  When the login screen appears
  And the user taps the passkey button
  And the OS finds no passkey on this device
  Then the user sees the "explicit-cancel" copy
  And the login screen is unchanged
  And no error is shown
  And no automatic redirect occurs

