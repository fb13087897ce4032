Scenario: The account directory cannot be reached
  Given the app starts passkey login automatically
  And the device has passkey "phone"
  And the "account-directory" lookup fails once with "network-failure"
  When the login screen appears
  Then the user sees the "lookup-failed" copy
  And no account or credential conclusion is shown
  And no passkey prompt opens
  And "retry" and "fallback" are offered
  When the user chooses "retry"
  Then a fresh lookup is performed
  And an automatic passkey prompt opens

