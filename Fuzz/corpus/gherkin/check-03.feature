Scenario: With the reveal policy an account that cannot use passkey login is pointed to recovery and support
  Given the enumeration policy is "reveal"
  And the account cannot continue with passkey login
  And the device has passkey "phone"
  When the login screen appears
  Then the user sees the "account-cannot-continue" copy
  And "recovery" and "support" are offered
  And no passkey prompt opens
  When the user chooses "recovery"
  Then the "recovery" route opens

