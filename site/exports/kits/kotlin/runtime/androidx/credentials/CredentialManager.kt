package androidx.credentials

import android.content.Context
import android.os.CancellationSignal
import androidx.credentials.exceptions.GetCredentialException
import androidx.credentials.exceptions.publickeycredential.SignalCredentialStateException
import java.util.concurrent.Executor
import kotlin.coroutines.resume
import kotlin.coroutines.resumeWithException
import kotlin.coroutines.suspendCoroutine

// Jetpack's CredentialManager for code that runs on the JVM without the Android SDK: the same
// package, names and signatures for a passkey sign-in, answered by the fakes of the check the kit
// replays. Registration, clearing the credential state and prepared requests are left out.

/**
 * Stands for `androidx.credentials.CredentialManager`: passkey requests and signals go to the
 * kit's fakes (`KitEnvironment.passkeys`, `KitEnvironment.signals`) of the check being replayed
 * when [create] is called.
 */
interface CredentialManager {
    /** How to get one. */
    companion object {
        /**
         * A CredentialManager over the fakes of the check the kit replays on this thread
         * (`KitEnvironment.current`): call it while the kit creates or drives your controller.
         *
         * @throws IllegalStateException when no check is being replayed on this thread
         */
        @JvmStatic
        @Suppress("UNUSED_PARAMETER") // The fakes need nothing of the context.
        fun create(context: Context): CredentialManager =
            KitCredentialManager(KitCredentials.environment("CredentialManager.create(context)"))
    }

    /**
     * Asks the user for a passkey: resumes with the one they chose, or throws the
     * [GetCredentialException] the request ended with.
     *
     * @throws GetCredentialException if the request fails
     */
    suspend fun getCredential(context: Context, request: GetCredentialRequest): GetCredentialResponse =
        suspendCoroutine { continuation ->
            getCredentialAsync(
                context,
                request,
                null,
                // The caller resumes where the answer arrives; nothing to dispatch to.
                Executor { it.run() },
                object : CredentialManagerCallback<GetCredentialResponse, GetCredentialException> {
                    override fun onResult(result: GetCredentialResponse) = continuation.resume(result)

                    override fun onError(e: GetCredentialException) = continuation.resumeWithException(e)
                }
            )
        }

    /**
     * [getCredential] with a callback, run on [executor]. A [cancellationSignal] cancelled before
     * the call starts nothing; cancelled later, the callback hears nothing.
     */
    fun getCredentialAsync(
        context: Context,
        request: GetCredentialRequest,
        cancellationSignal: CancellationSignal?,
        executor: Executor,
        callback: CredentialManagerCallback<GetCredentialResponse, GetCredentialException>
    )

    /**
     * Passes a signal on to the user's credential providers.
     *
     * @throws SignalCredentialStateException if the signal fails
     */
    suspend fun signalCredentialState(request: SignalCredentialStateRequest): SignalCredentialStateResponse =
        suspendCoroutine { continuation ->
            signalCredentialStateAsync(
                request,
                Executor { it.run() },
                object : CredentialManagerCallback<SignalCredentialStateResponse, SignalCredentialStateException> {
                    override fun onResult(result: SignalCredentialStateResponse) = continuation.resume(result)

                    override fun onError(e: SignalCredentialStateException) = continuation.resumeWithException(e)
                }
            )
        }

    /** [signalCredentialState] with a callback, run on [executor]. */
    fun signalCredentialStateAsync(
        request: SignalCredentialStateRequest,
        executor: Executor,
        callback: CredentialManagerCallback<SignalCredentialStateResponse, SignalCredentialStateException>
    )
}
