Scenario: An explicit cancellation after an automatic one keeps the offered retry
  Given the app starts passkey login automatically
  And the device has passkey "phone"
  When the login screen appears
  And the user cancels the OS prompt
  And the user taps the passkey button
  And the user cancels the OS prompt
  Then the login screen is unchanged
  And "retry" is offered
  And the cancellation count is 1
