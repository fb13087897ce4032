/// The login screen's view model, as an iOS team writes it: the view calls its methods and
/// draws its published state; the services arrive through the initializer.
public final class LoginViewModel {
    public enum Screen: Equatable {
        case login
        case fallback
        case signedIn
        /// Account help outside the login flow: `account-status`, `recovery` or `support`.
        case help(String)
    }

    /// A change real teams make by mistake; the example ships with none, and its tests switch
    /// them on one at a time to show which checks catch each.
    public enum Mutation: String, CaseIterable, Sendable {
        /// The sheet reopens at once after the first automatic cancel.
        case reopenAfterFirstCancel
        /// A cancel of the sheet the passkey button opened shows an error.
        case errorAfterExplicitCancel
        /// A lookup that timed out is read as "no such account".
        case timeoutMeansNoAccount
        /// A revoked passkey is reported to the credential manager as unknown.
        case unknownSignalForRevokedPasskey
        /// A restricted account is signed in.
        case sessionForRestrictedAccount
        /// The general passkey error's title is not the spec's.
        case ownTitleForPasskeyFailure
        /// An AutoFill request that fails shows the general passkey error, as a sheet's does.
        case alertForAutoFillFailure
        /// The retried sheet reuses the challenge of the sheet it replaces.
        case reuseChallengeOnRetry
        /// AutoFill keeps its request when the challenge is about to expire.
        case keepAutoFillPastExpiry
        /// A passkey revoked in the settings is reported as unknown instead of reconciled.
        case unknownSignalOnRevocation
        /// The passkey button does nothing.
        case deadPasskeyButton
        /// The passkey button opens its sheet without cancelling the AutoFill request first.
        case sheetOverAutoFill
    }

    // What the view draws.
    public private(set) var screen = Screen.login
    public private(set) var alert: LoginAlert?
    public private(set) var isSignedIn = false

    private enum RetryOffer: Equatable {
        case refreshOptions
        case sheet(AssertionStyle, allowed: [String])
    }

    private let settings: LoginSettings
    private let authenticator: PasskeyAuthenticating
    private let service: AccountService
    private let reporting: CredentialReporting
    private let store: SettingsStore
    private let mutations: Set<Mutation>

    private var hasAppeared = false
    private var retryOffer: RetryOffer?
    /// The passkeys the service said it accepts, once the options are known.
    private var acceptedCredentialIDs: [String]?
    private var isFetchingOptions = false
    private var isFetchingChallenge = false
    private var openSheet: AssertionStyle?
    private var autoFillArmed = false
    /// The AutoFill request waits for its challenge; cleared when it is no longer wanted.
    private var autoFillPending = false
    /// The challenge of the last sheet, which only the `reuseChallengeOnRetry` mistake uses again.
    private var lastChallenge: String?
    private var isVerifying = false
    private var helpDestination: String?

    private static let cancellationsKey = "passkeyLogin.automaticCancellations"
    private static let noCredentialsDescription = "No credentials available for login."

    public init(
        settings: LoginSettings, authenticator: PasskeyAuthenticating, service: AccountService,
        reporting: CredentialReporting, store: SettingsStore, mutations: Set<Mutation> = []
    ) {
        self.settings = settings
        self.authenticator = authenticator
        self.service = service
        self.reporting = reporting
        self.store = store
        self.mutations = mutations
    }

    /// The actions the screen offers now: the alert's buttons, or the inline retry on the login
    /// screen, or "use a passkey" on the fallback screen.
    public var offeredActions: [String] {
        if let alert { return alert.buttons.map(\.action) }
        let busy = openSheet != nil || isVerifying || isFetchingOptions || isFetchingChallenge
        switch screen {
        case .login: return retryOffer != nil && !busy ? ["retry"] : []
        case .fallback: return busy ? [] : ["use-passkey"]
        case .signedIn, .help: return []
        }
    }

    public var alertTitle: String? {
        guard let alert else { return nil }
        if alert == .passkeyFailed, mutations.contains(.ownTitleForPasskeyFailure) { return "Sign-In Error" }
        return alert.title
    }

    private var cancellations: Int {
        get { store.integer(forKey: Self.cancellationsKey) }
        set { store.set(newValue, forKey: Self.cancellationsKey) }
    }

    // MARK: - What the view calls

    public func viewDidAppear() {
        guard !hasAppeared, screen == .login else { return }
        hasAppeared = true
        switch settings.automaticStart {
        case .off: break
        // Without an identifier there is nothing to look up: any passkey of the app.
        case .sheet where !settings.asksForIdentifier: offerPasskeys(allowed: [])
        case .sheet: fetchOptions()
        case .autoFill: armAutoFill()
        }
    }

    public func submitIdentifier() {
        retryOffer = nil
        stopAutoFill()
        fetchOptions()
    }

    public func passkeyButtonTapped() {
        if mutations.contains(.deadPasskeyButton) { return }
        if !mutations.contains(.sheetOverAutoFill) { stopAutoFill() }
        presentSheet(.buttonSheet, allowed: [])
    }

    public func alertOrScreenAction(_ action: String) {
        switch action {
        case "retry":
            let offer = retryOffer
            alert = nil
            retryOffer = nil
            switch offer {
            case .refreshOptions: fetchOptions()
            case .sheet(let style, let allowed):
                if mutations.contains(.reuseChallengeOnRetry), let lastChallenge {
                    openSheet(style, allowed: allowed, challenge: lastChallenge)
                } else {
                    presentSheet(style, allowed: allowed)
                }
            case nil: break
            }
        case "another-passkey":
            alert = nil
            retryOffer = nil
            presentSheet(.buttonSheet, allowed: acceptedCredentialIDs ?? [])
        case "fallback": showFallback()
        case "recovery", "support": showHelp(action)
        case "account-help": showHelp(helpDestination ?? "account-status")
        case "dismiss":
            alert = nil
            helpDestination = nil
            screen = .login
        case "use-passkey": passkeyButtonTapped()
        default: break
        }
    }

    /// The AutoFill request's challenge is about to expire (the app's timer): renew it.
    public func autoFillChallengeExpiring() {
        guard autoFillArmed, !mutations.contains(.keepAutoFillPastExpiry) else { return }
        stopAutoFill()
        armAutoFill()
    }

    /// The signed-in user revoked a passkey in the account settings: the credential manager
    /// gets the list the service still accepts.
    public func revokePasskeyInSettings(_ credentialID: String) {
        guard isSignedIn else { return }
        service.revokeCredential(credentialID) { [self] accepted in
            if mutations.contains(.unknownSignalOnRevocation) {
                reporting.reportUnknownCredential(credentialID)
            } else {
                reporting.reportAllAcceptedCredentials(accepted)
            }
        }
    }

    public func passwordSignInFinished() {
        service.completePasswordSignIn { [self] account in
            if let account { signIn(account) }
        }
    }

    public func signOut() {
        screen = .login
        alert = nil
        isSignedIn = false
        hasAppeared = false
        retryOffer = nil
        acceptedCredentialIDs = nil
        helpDestination = nil
    }

    // MARK: - Sign-in options

    private func fetchOptions() {
        isFetchingOptions = true
        service.fetchSignInOptions { [self] options in
            isFetchingOptions = false
            handle(options)
        }
    }

    private func handle(_ options: SignInOptions) {
        if case .unreachable(let reason) = options {
            if mutations.contains(.timeoutMeansNoAccount), reason == "timeout" {
                showFallback()
                return
            }
            alert = .optionsUnavailable
            retryOffer = .refreshOptions
            return
        }
        guard settings.revealsAccountState else {
            // Before the user authenticates, every identifier looks the same: any passkey.
            acceptedCredentialIDs = []
            offerPasskeys(allowed: [])
            return
        }
        switch options {
        case .passkeys(let ids) where ids.isEmpty:
            acceptedCredentialIDs = []
            showFallback()
        case .passkeys(let ids):
            acceptedCredentialIDs = ids
            offerPasskeys(allowed: ids)
        case .passkeyLoginNotOffered:
            alert = .cannotUsePasskeys
        case .noAccount:
            showFallback()
        case .unreachable:
            break
        }
    }

    private func offerPasskeys(allowed: [String]) {
        guard settings.automaticStart == .sheet else {
            if !settings.revealsAccountState { showFallback() }
            return
        }
        switch cancellations {
        case 2...: showFallback()
        case 1: retryOffer = .sheet(.automaticSheet, allowed: allowed)
        default: presentSheet(.automaticSheet, allowed: allowed)
        }
    }

    // MARK: - The sheet and AutoFill

    /// Asks the service for a challenge, then opens the sheet with it. Without one the sheet
    /// cannot open: the options are unavailable, and retry asks again.
    private func presentSheet(_ style: AssertionStyle, allowed: [String]) {
        isFetchingChallenge = true
        service.fetchAssertionChallenge { [self] answer in
            isFetchingChallenge = false
            switch answer {
            case .challenge(let challenge): openSheet(style, allowed: allowed, challenge: challenge)
            case .unreachable:
                alert = .optionsUnavailable
                retryOffer = .sheet(style, allowed: allowed)
            }
        }
    }

    private func openSheet(_ style: AssertionStyle, allowed: [String], challenge: String) {
        openSheet = style
        lastChallenge = challenge
        authenticator.requestAssertion(style: style, allowedCredentialIDs: allowed, challenge: challenge) {
            [self] result in
            openSheet = nil
            switch result {
            case .success(let credentialID): verify(credentialID, from: style, allowed: allowed)
            case .failure(let failure): sheetFailed(failure, style: style, allowed: allowed)
            }
        }
    }

    private enum FailureKind {
        case userCancelled
        case noCredential
        case failedOnce
        case cannotWork
    }

    /// What an `ASAuthorizationError` means for the login screen.
    private func kind(of failure: AuthorizationFailure) -> FailureKind {
        switch failure.code {
        case 1001:
            failure.localizedDescription.contains(Self.noCredentialsDescription) ? .noCredential : .userCancelled
        case 1005, 1009: .noCredential
        case 1004, 1006, 1007, 1008, 1010: .cannotWork
        default: .failedOnce
        }
    }

    private func sheetFailed(_ failure: AuthorizationFailure, style: AssertionStyle, allowed: [String]) {
        let kind = kind(of: failure)
        if style != .automaticSheet, kind == .userCancelled || kind == .noCredential {
            if mutations.contains(.errorAfterExplicitCancel) {
                alert = .passkeyFailed
                retryOffer = .sheet(style, allowed: allowed)
                return
            }
            // The user closed the sheet they opened: the screen stays as it was.
            if settings.automaticStart == .autoFill, screen == .login { armAutoFill() }
            return
        }
        switch kind {
        case .userCancelled:
            cancellations = min(cancellations + 1, 2)
            if cancellations == 1 {
                screen = .login
                if mutations.contains(.reopenAfterFirstCancel) {
                    presentSheet(style, allowed: allowed)
                } else {
                    retryOffer = .sheet(style, allowed: allowed)
                }
            } else {
                showFallback()
            }
        case .noCredential: showFallback()
        case .failedOnce: showProblem(.passkeyFailed, style: style, allowed: allowed)
        case .cannotWork: showProblem(.passkeysUnavailable, style: style, allowed: allowed)
        }
    }

    private func showProblem(_ problem: LoginAlert, style: AssertionStyle, allowed: [String]) {
        alert = problem
        if problem.buttons.contains(where: { $0.action == "retry" }) {
            retryOffer = style == .autoFill ? .sheet(.buttonSheet, allowed: []) : .sheet(style, allowed: allowed)
        } else {
            retryOffer = nil
        }
        // A failure is not a cancel: the cancels before it no longer count as in a row.
        if style == .automaticSheet, cancellations != 0 { cancellations = 0 }
    }

    private func armAutoFill() {
        autoFillPending = true
        service.fetchAssertionChallenge { [self] answer in
            // The user asked for nothing: without a challenge the suggestions just stay away.
            guard autoFillPending, case .challenge(let challenge) = answer else { return }
            autoFillPending = false
            offerAutoFill(challenge: challenge)
        }
    }

    private func offerAutoFill(challenge: String) {
        autoFillArmed = true
        authenticator.requestAssertion(style: .autoFill, allowedCredentialIDs: [], challenge: challenge) {
            [self] result in
            autoFillArmed = false
            switch result {
            case .success(let credentialID): verify(credentialID, from: .autoFill, allowed: [])
            case .failure(let failure):
                // Only a picked passkey matters: the user asked for nothing else.
                if mutations.contains(.alertForAutoFillFailure), kind(of: failure) == .failedOnce {
                    showProblem(.passkeyFailed, style: .autoFill, allowed: [])
                }
            }
        }
    }

    private func stopAutoFill() {
        autoFillPending = false
        guard autoFillArmed else { return }
        autoFillArmed = false
        authenticator.cancelAutoFill()
    }

    // MARK: - Verification and session

    private func verify(_ credentialID: String, from style: AssertionStyle, allowed: [String]) {
        isVerifying = true
        service.verifyAssertion(credentialID: credentialID) { [self] verdict in
            isVerifying = false
            switch verdict {
            case .accepted(let account): signIn(account)
            case .passkeyLoginNotOffered:
                alert = .cannotUsePasskeys
                retryOffer = nil
            case .unknownCredential:
                alert = .passkeyDeleted
                retryOffer = nil
                reporting.reportUnknownCredential(credentialID)
            case .rejectedAssertion:
                // Shown as an unknown passkey, but not reported: the server still has it.
                alert = .passkeyDeleted
                retryOffer = nil
            case .revokedCredential:
                alert = .passkeyRemoved
                retryOffer = nil
                if mutations.contains(.unknownSignalForRevokedPasskey) {
                    reporting.reportUnknownCredential(credentialID)
                }
            case .undetermined: showProblem(.passkeyFailed, style: style, allowed: allowed)
            case .staleChallenge where style == .autoFill:
                // The suggestions outlived their challenge: offer them again, with a fresh one.
                armAutoFill()
            case .staleChallenge: showProblem(.passkeyFailed, style: style, allowed: allowed)
            }
        }
    }

    private func signIn(_ account: SignedInAccount) {
        retryOffer = nil
        guard account.status == "active" || mutations.contains(.sessionForRestrictedAccount) else {
            alert = .accountUnavailable
            helpDestination = settings.helpDestinations[account.status] ?? "account-status"
            return
        }
        alert = nil
        screen = .signedIn
        isSignedIn = true
        stopAutoFill()
        reporting.reportAllAcceptedCredentials(account.acceptedCredentialIDs)
        if cancellations != 0 { cancellations = 0 }
    }

    private func showFallback() {
        stopAutoFill()
        alert = nil
        retryOffer = nil
        helpDestination = nil
        screen = .fallback
    }

    private func showHelp(_ destination: String) {
        stopAutoFill()
        alert = nil
        retryOffer = nil
        helpDestination = nil
        screen = .help(destination)
    }
}
