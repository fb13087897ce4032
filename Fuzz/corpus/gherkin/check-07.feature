Scenario: With the reveal policy an unknown identifier goes to the fallback
  Given the enumeration policy is "reveal"
  And there is no account for the identifier
  When the login screen appears
  Then no error is shown
  And the fallback screen is shown
