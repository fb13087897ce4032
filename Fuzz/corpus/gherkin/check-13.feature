Scenario: The passkey button cancels a pending request in the identifier field first
  Given the app offers passkeys in the identifier field
  And the device has passkey "phone"
  When the login screen appears
  And the user taps the passkey button
  Then the identifier field's request is cancelled before the prompt opens
  When the user cancels the OS prompt
  Then the user sees the "explicit-cancel" copy
  And passkeys are offered in the identifier field

