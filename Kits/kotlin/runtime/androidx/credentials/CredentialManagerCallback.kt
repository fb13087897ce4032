package androidx.credentials

/**
 * Receives the end of an asynchronous Credential Manager call: a [R] result or an [E] error.
 * (Kotlin 1.3 converts no lambda to it: implement it with `object :`.)
 */
interface CredentialManagerCallback<R : Any?, E : Any> {
    /** The call succeeded. */
    fun onResult(result: R)

    /** The call failed. */
    fun onError(e: E)
}
