Scenario: A fallback login also makes the next cancellation the first
  Given the app starts passkey login automatically
  And the device has passkey "phone"
  When the login screen appears
  And the user cancels the OS prompt
  And the user chooses "retry"
  And the user cancels the OS prompt
  Then the fallback screen is shown
  And the cancellation count is 2
  When the user signs in with the fallback
  Then a session is created
  And the cancellation count is 0
  When the user signs out
  And the login screen appears
  Then an automatic passkey prompt opens
  When the user cancels the OS prompt
  Then the user sees the "automatic-cancel-first" copy
  And "retry" is offered
  And the cancellation count is 1

