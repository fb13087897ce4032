Scenario: A device that cannot run passkey requests offers the fallback and no retry
  Given the app does not start passkey login automatically
  And the device has passkey "phone"
  When the login screen appears
  And the user taps the passkey button
  And the OS cannot run passkey requests
  Then the user sees the "passkey-unavailable" copy
  And "fallback" is offered
  And "retry" is not offered
  When the user chooses "fallback"
  Then the fallback screen is shown
  And no session is created
