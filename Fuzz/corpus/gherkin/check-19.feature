Scenario: Cancelling the passkey button's prompt changes nothing
  Given the app does not start passkey login automatically
  And the device has passkey "phone"
  When the login screen appears
  And the user taps the passkey button
  Then an explicit passkey prompt opens
  When the user cancels the OS prompt
  Then the user sees the "explicit-cancel" copy
  And the login screen is unchanged
  And no error is shown
  And no automatic redirect occurs

