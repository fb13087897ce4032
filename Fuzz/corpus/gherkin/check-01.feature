Scenario: The first cancellation offers a retry without reopening the prompt
  Given the app starts passkey login automatically
  And the device has passkey "phone"
  When the login screen appears
  And the user cancels the OS prompt
  Then the user sees the "automatic-cancel-first" copy
  And no error is shown
  And "retry" is offered
  And no passkey prompt opens
