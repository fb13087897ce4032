Scenario: Cancelling the retried prompt shows the fallback
  Given the app starts passkey login automatically
  And the device has passkey "phone"
  When the login screen appears
  And the user cancels the OS prompt
  And the user chooses "retry"
  Then an automatic passkey prompt opens
  When the user cancels the OS prompt
  Then the user sees the "automatic-cancel-repeated" copy
  And no error is shown
  And the fallback screen is shown
  And automatic passkey prompts are stopped
  And "use-passkey" is offered

