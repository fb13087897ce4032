Scenario: A successful login makes the next cancellation the first
  Given the app starts passkey login automatically
  And the device has passkey "phone"
  When the login screen appears
  And the user cancels the OS prompt
  And the user chooses "retry"
  And the user selects passkey "phone"
  Then a session is created
  And the cancellation count is 0
  When the user signs out
  And the login screen appears
  And the user cancels the OS prompt
  Then the user sees the "automatic-cancel-first" copy
  And "retry" is offered

