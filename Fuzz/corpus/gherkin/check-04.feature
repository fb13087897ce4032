Scenario: After a valid passkey assertion the account's real route is shown
  Given the app does not start passkey login automatically
  And the enumeration policy is "conceal"
  And the account cannot continue with passkey login
  And the device has passkey "phone"
  When the login screen appears
  And the user taps the passkey button
  And the user selects passkey "phone"
  Then the user sees the "account-cannot-continue" copy
  And no session is created
  When the user chooses "support"
  Then the "support" route opens

