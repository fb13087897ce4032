@file:JvmName("CredentialManagerViewHandler")

package androidx.credentials

import android.view.View
import passkeyspec.kit.KitEnvironment
import passkeyspec.kit.PasskeyResult
import passkeyspec.kit.PromptKind

// The identifier field's passkey suggestions (androidx.credentials 1.5): the request set on the
// view goes to the kit's fakes as an assisted request.

/** The tag the request is kept under, as androidx keeps it under a resource ID. */
private const val PENDING_REQUEST_TAG = 0x7f0c0001

/**
 * The request whose passkeys the system offers when the view is focused. Setting one starts an
 * assisted request with the fakes of the check the kit replays (`KitEnvironment.current`);
 * `null` withdraws it. As on Android, only a passkey the user picks reaches the request's
 * callback; an error does not.
 *
 * @throws IllegalStateException when a request is set and no check is being replayed on this thread
 */
var View.pendingGetCredentialRequest: PendingGetCredentialRequest?
    get() = getTag(PENDING_REQUEST_TAG) as? PendingGetCredentialRequest
    set(value) {
        setTag(PENDING_REQUEST_TAG, value)
        if (value == null) {
            // Outside a check there is no request to withdraw.
            KitEnvironment.current?.passkeys?.cancelAssistedRequest()
            return
        }
        val environment = KitCredentials.environment("View.pendingGetCredentialRequest")
        val options = KitCredentials.requestOptions(value.request, environment)
        environment.passkeys.request(KitCredentials.passkeyRequest(PromptKind.ASSISTED, value.request, options)) { result ->
            if (result is PasskeyResult.Picked) value.callback(KitCredentials.response(result.passkey, options))
        }
    }
