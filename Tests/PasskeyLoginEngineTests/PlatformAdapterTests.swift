import PasskeyLoginEngine
import Testing

@Suite struct IOSAdapterTests {
    let adapter = IOSAdapter()

    /// Every code, its raw value and its engine outcome, written out independently of the adapter.
    static let expected: [(ASAuthorizationErrorCode, Int, CeremonyOutcome)] = [
        (.unknown, 1000, .failed), (.canceled, 1001, .cancelled), (.invalidResponse, 1002, .failed),
        (.notHandled, 1003, .failed), (.failed, 1004, .unavailable), (.notInteractive, 1005, .noCredential),
        (.matchedExcludedCredential, 1006, .unavailable), (.credentialImport, 1007, .unavailable),
        (.credentialExport, 1008, .unavailable),
        (.preferSignInWithApple, 1009, .otherMethodPreferred),
        (.deviceNotConfiguredForPasskeyCreation, 1010, .unavailable),
    ]

    @Test func everyCodeHasItsRawValueAndOutcome() {
        #expect(Self.expected.count == ASAuthorizationErrorCode.allCases.count)
        for (code, raw, outcome) in Self.expected {
            #expect(code.rawValue == raw)
            #expect(adapter.outcome(of: adapter.error(code)) == outcome, "\(code.name)")
        }
    }

    /// The names spelt out in the engine are the cases' own names, as Swift prints them.
    @Test func everyCodeAndPromptActionIsNamedAsItsCase() {
        for code in ASAuthorizationErrorCode.allCases {
            #expect(code.name == "ASAuthorizationError.Code.\(code)")
        }
        for action in PromptAction.allCases {
            #expect(action.name == "\(action)")
        }
    }

    @Test func canceledWithTheNoCredentialsMessageIsNoCredential() {
        let result = adapter.error(.canceled, message: "No credentials available for login.")
        #expect(adapter.outcome(of: result) == .noCredential)
        #expect(adapter.errorResults.contains(result))
        #expect(adapter.outcome(of: adapter.error(.canceled, message: "The user canceled.")) == .cancelled)
    }

    @Test func successCarriesTheCredential() {
        #expect(adapter.outcome(of: adapter.success(passkey1)) == .assertion(passkey1))
    }

    @Test func promptActionsBecomeRealResults() {
        #expect(adapter.result(of: .userCancels, credential: nil) == adapter.error(.canceled))
        #expect(adapter.result(of: .noPasskeyOnDevice, credential: nil)?.message == IOSAdapter.noCredentialsMessage)
        #expect(adapter.result(of: .providerMisconfigured, credential: nil)?.code == "1004")
        #expect(adapter.result(of: .userSelectsPasskey, credential: nil) == nil)
        #expect(adapter.result(of: .userSelectsPasskey, credential: passkey2)?.credential == passkey2)
        #expect(adapter.error(.canceled).name == "ASAuthorizationError.Code.canceled")
        #expect(ASAuthorizationErrorCode.preferSignInWithApple.introduced == "26.0")
    }

    @Test func signalsUseTheDataManagerMethods() throws {
        let unknown = try #require(
            adapter.signal(for: .signalUnknownCredential(passkey1), relyingPartyID: "example.com"))
        #expect(unknown.api == "ASCredentialDataManager")
        #expect(unknown.call == "reportUnknownPublicKeyCredential(relyingPartyIdentifier:credentialID:)")
        // The methods take `Data`: the IDs are Swift `Data` values, not base64url strings.
        #expect(
            unknown.payload
                == #"relyingPartyIdentifier: "example.com", credentialID: Data(base64Encoded: "cGFzc2tleS0x")!"#)
        #expect(unknown.availability.contains("ASCredentialDataManager on iOS 26.2 and later"))
        #expect(unknown.availability.contains("ASCredentialUpdater on iOS 26.0 and 26.1"))
        let all = try #require(
            adapter.signal(
                for: .signalAllAcceptedCredentials(
                    userHandle: Array("user-1".utf8), acceptedCredentials: [passkey1, passkey2]),
                relyingPartyID: "example.com"))
        #expect(
            all.call
                == "reportAllAcceptedPublicKeyCredentials(relyingPartyIdentifier:userHandle:acceptedCredentialIDs:)")
        #expect(
            all.payload
                == #"relyingPartyIdentifier: "example.com", userHandle: Data(base64Encoded: "dXNlci0x")!, acceptedCredentialIDs: [Data(base64Encoded: "cGFzc2tleS0x")!, Data(base64Encoded: "cGFzc2tleS0y")!]"#
        )
        #expect(adapter.signal(for: .lookUpAccount, relyingPartyID: "example.com") == nil)
    }
}

@Suite struct AndroidAdapterTests {
    let adapter = AndroidAdapter()

    static let expected: [(GetCredentialException, String, String, CeremonyOutcome)] = [
        (
            .cancellation, "GetCredentialCancellationException",
            "android.credentials.GetCredentialException.TYPE_USER_CANCELED", .cancelled
        ),
        (
            .interrupted, "GetCredentialInterruptedException",
            "android.credentials.GetCredentialException.TYPE_INTERRUPTED", .failed
        ),
        (
            .providerConfiguration, "GetCredentialProviderConfigurationException",
            "androidx.credentials.TYPE_GET_CREDENTIAL_PROVIDER_CONFIGURATION_EXCEPTION", .unavailable
        ),
        (.unknown, "GetCredentialUnknownException", "android.credentials.GetCredentialException.TYPE_UNKNOWN", .failed),
        (
            .unsupported, "GetCredentialUnsupportedException",
            "androidx.credentials.TYPE_GET_CREDENTIAL_UNSUPPORTED_EXCEPTION", .unavailable
        ),
        (
            .noCredential, "NoCredentialException", "android.credentials.GetCredentialException.TYPE_NO_CREDENTIAL",
            .noCredential
        ),
        (.custom(type: "com.example.TYPE_X"), "GetCredentialCustomException", "com.example.TYPE_X", .failed),
    ]

    @Test func everyClassHasItsTypeAndOutcome() {
        for (exception, className, type, outcome) in Self.expected {
            #expect(exception.className == className)
            #expect(exception.type == type)
            #expect(adapter.outcome(of: adapter.result(of: exception)) == outcome, "\(className)")
        }
    }

    @Test(arguments: DomError.allCases)
    func domErrorsAreGeneralErrorsExceptNotAllowedAndMisconfiguration(error: DomError) {
        let result = adapter.result(of: .publicKeyCredentialDom(error))
        #expect(result.name == "GetPublicKeyCredentialDomException")
        #expect(result.code == "androidx.credentials.TYPE_GET_PUBLIC_KEY_CREDENTIAL_DOM_EXCEPTION/\(error.type)")
        let expected: CeremonyOutcome =
            switch error {
            case .notAllowedError: .cancelled
            case .dataError, .securityError: .unavailable
            default: .failed
            }
        #expect(adapter.outcome(of: result) == expected)
    }

    @Test func domTypeStringsFollowTheAndroidxForm() {
        #expect(DomError.notAllowedError.type == "androidx.credentials.TYPE_NOT_ALLOWED_ERROR")
        #expect(DomError.noModificationAllowedError.type == "androidx.credentials.TYPE_NO_MODIFICATION_ALLOWED_ERROR")
        #expect(
            GetCredentialException.publicKeyCredentialDom(.notAllowedError).type
                == "androidx.credentials.TYPE_GET_PUBLIC_KEY_CREDENTIAL_DOM_EXCEPTION/androidx.credentials.TYPE_NOT_ALLOWED_ERROR"
        )
        #expect(DomError.allCases.count == 29)
    }

    @Test func cancellationIsMatchedOnTheClassNotTheTypeString() {
        // An older androidx used another type string for the same class.
        let legacy = NativeResult(
            platform: .android, name: "GetCredentialCancellationException",
            code: "androidx.credentials.TYPE_GET_CREDENTIAL_CANCELLATION_EXCEPTION")
        #expect(adapter.outcome(of: legacy) == .cancelled)
        let unknownClass = NativeResult(platform: .android, name: "SomethingElseException", code: "x")
        #expect(adapter.outcome(of: unknownClass) == .failed)
        #expect(GetCredentialException(className: "GetCredentialCustomException", type: "") == nil)
    }

    @Test func everySubclassIsInTheCatalogue() {
        let names = Set(adapter.errorResults.map(\.name))
        #expect(
            names == [
                "GetCredentialCancellationException", "GetCredentialInterruptedException",
                "GetCredentialProviderConfigurationException", "GetCredentialUnknownException",
                "GetCredentialUnsupportedException", "NoCredentialException", "GetCredentialCustomException",
                "GetPublicKeyCredentialDomException",
            ])
        #expect(adapter.errorResults.count == 7 + 29)
    }

    @Test func signalsAreRequestsWithWebAuthnJSON() throws {
        let unknown = try #require(
            adapter.signal(for: .signalUnknownCredential(passkey1), relyingPartyID: "example.com"))
        #expect(unknown.api == "CredentialManager.signalCredentialState")
        #expect(unknown.call == "SignalUnknownCredentialRequest")
        #expect(unknown.payload == #"{"credentialId":"cGFzc2tleS0x","rpId":"example.com"}"#)
        let all = try #require(
            adapter.signal(
                for: .signalAllAcceptedCredentials(userHandle: Array("user-1".utf8), acceptedCredentials: [passkey2]),
                relyingPartyID: "example.com"))
        #expect(all.call == "SignalAllAcceptedCredentialIdsRequest")
        #expect(
            all.payload == #"{"allAcceptedCredentialIds":["cGFzc2tleS0y"],"rpId":"example.com","userId":"dXNlci0x"}"#)
        #expect(all.availability.hasPrefix("Android 15 (API 35) and later with androidx.credentials 1.6.0 or later"))
    }
}

@Suite struct Base64URLTests {
    @Test(arguments: [
        ("", ""), ("f", "Zg"), ("fo", "Zm8"), ("foo", "Zm9v"), ("foob", "Zm9vYg"), ("fooba", "Zm9vYmE"),
        ("foobar", "Zm9vYmFy"),
    ])
    func matchesRFC4648Vectors(plain: String, encoded: String) {
        #expect(Base64URL.encode(Array(plain.utf8)) == encoded)
        #expect(Base64URL.decode(encoded) == Array(plain.utf8))
    }

    @Test func standardFormIsPaddedWithTheStandardAlphabet() {
        #expect(Base64URL.standard([0xFB, 0xFF]) == "+/8=")
        #expect(Base64URL.standard(Array("f".utf8)) == "Zg==")
        #expect(Base64URL.standard(Array("foo".utf8)) == "Zm9v")
    }

    @Test func usesTheURLAlphabet() {
        #expect(Base64URL.encode([0xFB, 0xFF]) == "-_8")
        #expect(Base64URL.decode("-_8") == [0xFB, 0xFF])
        #expect(Base64URL.decode("a+b/") == nil)
        #expect(Base64URL.decode("a") == nil)
    }
}
