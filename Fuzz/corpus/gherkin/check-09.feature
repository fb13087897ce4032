Scenario: An interrupted prompt from the passkey button can fall back
  Given the app does not start passkey login automatically
  And the device has passkey "phone"
  When the login screen appears
  And the user taps the passkey button
  And the OS prompt is interrupted
  Then the user sees the "passkey-failed" copy
  And "retry" is offered
  When the user chooses "fallback"
  Then the fallback screen is shown
  And no session is created
