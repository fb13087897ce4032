import Foundation
import PasskeyLoginKit

// The Signal API: what the app tells credential managers about its passkeys. iOS 26.0 has it
// on `ASCredentialUpdater`; 26.2 deprecates that for `ASCredentialDataManager`, with the same
// methods. Both send to the check's `FakeSignals`, taken when they are created. The methods
// run on the main actor, where the kit replays a check (the SDK's are nonisolated): a signal
// the app's task sends is recorded before the kit next looks, and never from another thread.

/// Tells credential managers which passkeys the relying party still accepts (iOS 26.2).
public final class ASCredentialDataManager: @unchecked Sendable {
    // @unchecked: it holds the check's fakes, which the check uses on one task at a time; apps
    // call it from the main actor, so it must cross into its nonisolated async methods.
    private let signals: Signals

    /// A data manager for the check being replayed.
    public init() {
        signals = Signals(type: "ASCredentialDataManager")
    }

    /// The relying party no longer accepts the passkey with `credentialID`: credential managers
    /// may hide or remove it.
    @MainActor public final func reportUnknownPublicKeyCredential(
        relyingPartyIdentifier: String, credentialID: Data
    ) async throws {
        signals.unknown(credentialID)
    }

    /// The relying party accepts exactly `acceptedCredentialIDs` for `userHandle`: credential
    /// managers may hide or remove the user's other passkeys.
    @MainActor public final func reportAllAcceptedPublicKeyCredentials(
        relyingPartyIdentifier: String, userHandle: Data, acceptedCredentialIDs: [Data]
    ) async throws {
        signals.allAccepted(acceptedCredentialIDs)
    }
}

/// `ASCredentialDataManager` as iOS 26.0 and 26.1 name it.
public final class ASCredentialUpdater: @unchecked Sendable {
    // @unchecked: as `ASCredentialDataManager`.
    private let signals: Signals

    /// An updater for the check being replayed.
    public init() {
        signals = Signals(type: "ASCredentialUpdater")
    }

    /// The relying party no longer accepts the passkey with `credentialID`: credential managers
    /// may hide or remove it.
    @MainActor public final func reportUnknownPublicKeyCredential(
        relyingPartyIdentifier: String, credentialID: Data
    ) async throws {
        signals.unknown(credentialID)
    }

    /// The relying party accepts exactly `acceptedCredentialIDs` for `userHandle`: credential
    /// managers may hide or remove the user's other passkeys.
    @MainActor public final func reportAllAcceptedPublicKeyCredentials(
        relyingPartyIdentifier: String, userHandle: Data, acceptedCredentialIDs: [Data]
    ) async throws {
        signals.allAccepted(acceptedCredentialIDs)
    }
}

/// The check's signals fake, as the Signal API's classes reach it. The fake records passkey
/// names only: the relying party and the user handle are the app's own.
private struct Signals {
    /// The class, for the message when it was created outside a check.
    let type: String
    let fake: FakeSignals?

    init(type: String) {
        self.type = type
        fake = KitEnvironment.current?.signals
    }

    func unknown(_ credentialID: Data) {
        required().unknownCredential(passkeyName(credentialID))
    }

    func allAccepted(_ credentialIDs: [Data]) {
        required().allAcceptedCredentials(credentialIDs.map(passkeyName))
    }

    /// The fake; without it the test stops with a message, as the controller's does.
    private func required() -> FakeSignals {
        guard let fake else {
            fatalError(
                "\(type) was created outside a kit check (KitEnvironment.current was nil): create it while the check replays, in the harness or the code it calls, or inside KitEnvironment.$current.withValue(_:operation:)"
            )
        }
        return fake
    }
}
