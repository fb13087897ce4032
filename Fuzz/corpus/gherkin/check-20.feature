Scenario: Cancelling again and again keeps every way in
  Given the app does not start passkey login automatically
  And the device has passkey "phone"
  When the login screen appears
  And the user taps the passkey button
  And the user cancels the OS prompt
  And the user taps the passkey button
  And the user cancels the OS prompt
  And the user taps the passkey button
  And the user cancels the OS prompt
  Then the login screen is unchanged
  And no automatic redirect occurs
  And the passkey button is available
  And the other login methods are available
  And the cancellation count is 0

