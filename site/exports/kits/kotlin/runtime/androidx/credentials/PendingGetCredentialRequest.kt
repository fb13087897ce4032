package androidx.credentials

/**
 * A request set on a view, the identifier field, through `View.pendingGetCredentialRequest`:
 * the system offers the user's passkeys when the field is focused. Only a credential the user
 * picks reaches [callback]; no error does.
 */
class PendingGetCredentialRequest(
    /** The request the system makes when the view is focused. */
    val request: GetCredentialRequest,
    /** Receives the credential the user picked. */
    val callback: (GetCredentialResponse) -> Unit
)
