Scenario: After a relaunch the pending retry waits for the user
  Given the app starts passkey login automatically
  And the device has passkey "phone"
  When the login screen appears
  And the user cancels the OS prompt
  And the app is relaunched
  And the login screen appears
  Then no passkey prompt opens
  And the user sees the "automatic-cancel-first" copy
  And "retry" is offered
  And the cancellation count is 1
  When the user chooses "retry"
  Then an automatic passkey prompt opens
  When the user cancels the OS prompt
  Then the user sees the "automatic-cancel-repeated" copy
  And the fallback screen is shown
