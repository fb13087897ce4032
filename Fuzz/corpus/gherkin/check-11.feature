Scenario: No passkey on the device goes to the fallback without an error
  Given the app starts passkey login automatically
  And the device has passkey "laptop"
  When the login screen appears
  And the OS finds no passkey on this device
  Then the user sees the "no-passkey-used" copy
  And no error is shown
  And the fallback screen is shown
  And "retry" is not offered
  And the cancellation count is 0
