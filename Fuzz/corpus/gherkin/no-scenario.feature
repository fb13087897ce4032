Given the app starts passkey login automatically
