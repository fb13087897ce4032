Scenario: Passkeys offered in the identifier field end silently without a passkey
  Given the app offers passkeys in the identifier field
  And the device has passkey "phone"
  When the login screen appears
  Then passkeys are offered in the identifier field
  And no passkey prompt opens
  When the user dismisses the identifier field's suggestions
  Then no error is shown
  And the login screen is shown
  And the cancellation count is 0
  When the user taps the passkey button
  And the user selects passkey "phone"
  Then a session is created

