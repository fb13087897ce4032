Scenario: With the conceal policy an unknown identifier gets the fallback and nothing else
  Given the app starts passkey login automatically
  And the enumeration policy is "conceal"
  And the device has passkey "phone"
  And there is no account for the identifier
  When the login screen appears
  Then no error is shown
  And the fallback screen is shown
  And no passkey prompt opens
  And "use-passkey" is offered
  And an unknown identifier, an account without passkeys and an account that cannot continue look the same

