import Exports

/// What an engineer needs to know to use a kit on their platform: its test framework, where
/// to put it, the command that runs it and the adapter to write.
struct KitGuide {
    let framework: String
    let folder: String
    let run: String
    let adapter: String

    init(_ format: ExportFormat) {
        switch format {
        case .kotlinKit:
            framework = "JUnit 5 (Kotlin)"
            folder = "app/src/test/kit"
            run = "./gradlew test --tests '*Conformance*'"
            adapter =
                "A class over your login ViewModel that the generated tests create for each check: it builds the ViewModel with the kit's fakes of Credential Manager, your server and the signals, passes events on, and reports the screen, the dialog's title, message and buttons, the actions offered and the session. The kit's README has the template, with the mapping to androidx.credentials exceptions."
        case .webKit:
            framework = "Node's test runner (TypeScript)"
            folder = "test/kit"
            run = "tsc -p test/kit && node --test"
            adapter =
                "A class over your login controller that the generated tests create for each check: it builds the controller with the kit's fakes of navigator.credentials, your server and the signals, passes events on, and reports the screen, the message's title, text and buttons, the actions offered and the session. The kit's README has the template, with the mapping to DOMException names."
        default:
            framework = "Swift Testing"
            folder = "Kits/PasskeyLoginKit"
            run = "swift test --filter ConformanceTests"
            adapter =
                "A class named AppHarness (LoginHarness) over your login view model: it builds the view model with the kit's fakes of ASAuthorizationController, your account service, the credential updater and UserDefaults, passes events on, and reports the screen, the alert's title, message and buttons, the actions offered and the session. The kit's README has the template, with the mapping to ASAuthorizationError."
        }
    }
}
