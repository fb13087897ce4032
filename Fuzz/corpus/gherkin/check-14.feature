Scenario: The first automatic cancellation offers a retry and opens nothing
  Given the app starts passkey login automatically
  And the device has passkey "phone"
  When the login screen appears
  Then an automatic passkey prompt opens
  When the user cancels the OS prompt
  Then the user sees the "automatic-cancel-first" copy
  And no error is shown
  And the login screen is shown
  And "retry" is offered
  And no passkey prompt opens
  And the cancellation count is 1

