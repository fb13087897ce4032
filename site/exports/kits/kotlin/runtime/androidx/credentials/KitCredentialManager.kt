package androidx.credentials

import android.content.Context
import android.os.CancellationSignal
import androidx.credentials.exceptions.GetCredentialCancellationException
import androidx.credentials.exceptions.GetCredentialCustomException
import androidx.credentials.exceptions.GetCredentialException
import androidx.credentials.exceptions.GetCredentialInterruptedException
import androidx.credentials.exceptions.GetCredentialProviderConfigurationException
import androidx.credentials.exceptions.GetCredentialUnknownException
import androidx.credentials.exceptions.GetCredentialUnsupportedException
import androidx.credentials.exceptions.NoCredentialException
import androidx.credentials.exceptions.domerrors.AbortError
import androidx.credentials.exceptions.domerrors.ConstraintError
import androidx.credentials.exceptions.domerrors.DataCloneError
import androidx.credentials.exceptions.domerrors.DataError
import androidx.credentials.exceptions.domerrors.DomError
import androidx.credentials.exceptions.domerrors.EncodingError
import androidx.credentials.exceptions.domerrors.HierarchyRequestError
import androidx.credentials.exceptions.domerrors.InUseAttributeError
import androidx.credentials.exceptions.domerrors.InvalidCharacterError
import androidx.credentials.exceptions.domerrors.InvalidModificationError
import androidx.credentials.exceptions.domerrors.InvalidNodeTypeError
import androidx.credentials.exceptions.domerrors.InvalidStateError
import androidx.credentials.exceptions.domerrors.NamespaceError
import androidx.credentials.exceptions.domerrors.NetworkError
import androidx.credentials.exceptions.domerrors.NoModificationAllowedError
import androidx.credentials.exceptions.domerrors.NotAllowedError
import androidx.credentials.exceptions.domerrors.NotFoundError
import androidx.credentials.exceptions.domerrors.NotReadableError
import androidx.credentials.exceptions.domerrors.NotSupportedError
import androidx.credentials.exceptions.domerrors.OperationError
import androidx.credentials.exceptions.domerrors.OptOutError
import androidx.credentials.exceptions.domerrors.QuotaExceededError
import androidx.credentials.exceptions.domerrors.ReadOnlyError
import androidx.credentials.exceptions.domerrors.SecurityError
import androidx.credentials.exceptions.domerrors.SyntaxError
import androidx.credentials.exceptions.domerrors.TimeoutError
import androidx.credentials.exceptions.domerrors.TransactionInactiveError
import androidx.credentials.exceptions.domerrors.UnknownError
import androidx.credentials.exceptions.domerrors.VersionError
import androidx.credentials.exceptions.domerrors.WrongDocumentError
import androidx.credentials.exceptions.publickeycredential.GetPublicKeyCredentialDomException
import androidx.credentials.exceptions.publickeycredential.SignalCredentialStateException
import java.nio.ByteBuffer
import java.nio.charset.CharacterCodingException
import java.nio.charset.CodingErrorAction
import java.util.Base64
import java.util.concurrent.Executor
import passkeyspec.kit.KitEnvironment
import passkeyspec.kit.KitJson
import passkeyspec.kit.KitJsonException
import passkeyspec.kit.KitScriptException
import passkeyspec.kit.PasskeyRequest
import passkeyspec.kit.PasskeyResult
import passkeyspec.kit.PromptKind

// Where the stand-ins meet the kit: a get request becomes a PasskeyRequest for the fakes, and
// the fakes' PasskeyResult becomes the response or the exception androidx would deliver.

/** The CredentialManager [CredentialManager.create] makes: the fakes of one check's replay. */
internal class KitCredentialManager(private val environment: KitEnvironment) : CredentialManager {
    override fun getCredentialAsync(
        context: Context,
        request: GetCredentialRequest,
        cancellationSignal: CancellationSignal?,
        executor: Executor,
        callback: CredentialManagerCallback<GetCredentialResponse, GetCredentialException>
    ) {
        // As androidx does, a request cancelled before it starts starts nothing.
        if (cancellationSignal?.isCanceled == true) return
        val options = KitCredentials.requestOptions(request, environment)
        val passkeys = environment.passkeys
        // The fakes tell a prompt the user asked for from one the app opened by itself.
        passkeys.request(KitCredentials.passkeyRequest(passkeys.modalKind, request, options)) { result ->
            // Cancelled since: the answer reaches no one (the prompt was withdrawn).
            if (cancellationSignal?.isCanceled == true) return@request
            when (result) {
                is PasskeyResult.Picked -> {
                    val response = KitCredentials.response(result.passkey, options)
                    executor.execute { callback.onResult(response) }
                }
                is PasskeyResult.Failed -> {
                    // Made before the executor runs, so that a result the stand-ins cannot
                    // express stops the replay instead of reaching the app.
                    val error = KitCredentials.exception(result)
                    executor.execute { callback.onError(error) }
                }
            }
        }
        // Cancelling the call withdraws its prompt, which the kit then no longer reports open.
        cancellationSignal?.setOnCancelListener(object : CancellationSignal.OnCancelListener {
            override fun onCancel() = passkeys.cancelPrompt()
        })
    }

    override fun signalCredentialStateAsync(
        request: SignalCredentialStateRequest,
        executor: Executor,
        callback: CredentialManagerCallback<SignalCredentialStateResponse, SignalCredentialStateException>
    ) {
        when (request) {
            is SignalUnknownCredentialRequest -> environment.signals.unknownCredential(KitCredentials.unknownPasskey(request))
            is SignalAllAcceptedCredentialIdsRequest -> environment.signals.allAcceptedCredentials(KitCredentials.acceptedPasskeys(request))
            else -> throw IllegalArgumentException("Request type is not supported")
        }
        executor.execute { callback.onResult(SignalCredentialStateResponse()) }
    }
}

/**
 * Translations between androidx's forms and the kit's: the WebAuthn JSON of requests and
 * responses, where a passkey's credential ID is the base64url of its name's UTF-8 bytes and a
 * challenge the base64url of the UTF-8 bytes of the one the kit's server issued (`challenge-1`).
 */
internal object KitCredentials {
    /** What the fakes need of a request's `requestJson`. */
    class RequestOptions(
        /** The challenge as the JSON has it, which the client data of a response repeats. */
        val encodedChallenge: String,
        /** The challenge the kit's server issued. */
        val challenge: String,
        /** The names of the passkeys `allowCredentials` lists. */
        val allowedPasskeys: List<String>
    )

    /** The environment of the check being replayed on this thread, for [caller]. */
    fun environment(caller: String): KitEnvironment = KitEnvironment.current ?: throw IllegalStateException(
        "$caller: no check is being replayed on this thread. The androidx.credentials stand-ins answer from the fakes " +
            "of the check the kit replays (KitEnvironment.current), which the kit sets while it creates and drives your " +
            "controller: call this from your controller, on the thread that replays the check"
    )

    /** The passkey request [request] asks for, as the fakes take it. */
    fun passkeyRequest(kind: PromptKind, request: GetCredentialRequest, options: RequestOptions) =
        PasskeyRequest(kind, options.allowedPasskeys, request.preferImmediatelyAvailableCredentials, options.challenge)

    /**
     * Reads the challenge and the allowed passkeys of [request]'s one option.
     *
     * @throws IllegalArgumentException when the request is not one the kit's fakes can answer
     */
    fun requestOptions(request: GetCredentialRequest, environment: KitEnvironment): RequestOptions {
        val option = request.credentialOptions.singleOrNull() as? GetPublicKeyCredentialOption
            ?: throw IllegalArgumentException(
                "GetCredentialRequest: the kit's fakes answer one GetPublicKeyCredentialOption per request; " +
                    "this one has ${request.credentialOptions.size} options"
            )
        val json = jsonObject(option.requestJson)
            ?: throw IllegalArgumentException("GetPublicKeyCredentialOption.requestJson is not a JSON object: ${option.requestJson}")
        val encoded = json["challenge"] as? String
            ?: throw IllegalArgumentException("GetPublicKeyCredentialOption.requestJson has no \"challenge\" string: ${option.requestJson}")
        // A challenge put in as the server issued it would decode to noise the fakes report as
        // never issued; say what went wrong instead.
        if (environment.server.issued(encoded)) {
            throw IllegalArgumentException(
                "GetPublicKeyCredentialOption.requestJson has the challenge \"$encoded\" as the server issued it; " +
                    "WebAuthn's JSON carries it as base64url of its UTF-8 bytes (\"${base64Url(encoded)}\")"
            )
        }
        val allowed = when (val list = json["allowCredentials"]) {
            null -> emptyList<Any?>()
            is List<*> -> list
            else -> throw IllegalArgumentException("GetPublicKeyCredentialOption.requestJson: \"allowCredentials\" is not an array")
        }
        val allowedPasskeys = allowed.mapIndexed { index, credential ->
            val id = (credential as? Map<*, *>)?.get("id") as? String
                ?: throw IllegalArgumentException("GetPublicKeyCredentialOption.requestJson: allowCredentials[$index] has no \"id\" string")
            text(id, "allowCredentials[$index].id")
        }
        return RequestOptions(encoded, text(encoded, "challenge"), allowedPasskeys)
    }

    /**
     * The response to a request for which the user picked [passkey]: an `AuthenticationResponseJSON`
     * whose `id` is the passkey's credential ID and whose client data holds the request's challenge.
     * The authenticator data and the signature are placeholders of the right form: the kit's
     * server verifies none of it.
     */
    fun response(passkey: String, options: RequestOptions): GetCredentialResponse {
        val id = base64Url(passkey)
        val clientData = base64Url("{\"type\":\"webauthn.get\",\"challenge\":\"${options.encodedChallenge}\",\"origin\":\"$ORIGIN\"}")
        return GetCredentialResponse(
            PublicKeyCredential(
                "{\"id\":\"$id\",\"rawId\":\"$id\",\"type\":\"public-key\",\"authenticatorAttachment\":\"platform\"," +
                    "\"response\":{\"clientDataJSON\":\"$clientData\",\"authenticatorData\":\"$AUTHENTICATOR_DATA\"," +
                    "\"signature\":\"$SIGNATURE\"},\"clientExtensionResults\":{}}"
            )
        )
    }

    /**
     * The exception androidx throws for [result]: the class it names, with the class's own type
     * (a custom exception takes the result's; a DOM exception's [DomError] is the one its type
     * ends with) and the result's message.
     *
     * @throws KitScriptException when the stand-ins have no such exception or DOM error
     */
    fun exception(result: PasskeyResult.Failed): GetCredentialException {
        val message = result.message
        return when (result.exceptionClass) {
            "GetCredentialCancellationException" -> GetCredentialCancellationException(message)
            "GetCredentialInterruptedException" -> GetCredentialInterruptedException(message)
            "GetCredentialProviderConfigurationException" -> GetCredentialProviderConfigurationException(message)
            "GetCredentialUnknownException" -> GetCredentialUnknownException(message)
            "GetCredentialUnsupportedException" -> GetCredentialUnsupportedException(message)
            "NoCredentialException" -> NoCredentialException(message)
            "GetCredentialCustomException" -> GetCredentialCustomException(result.type, message)
            "GetPublicKeyCredentialDomException" -> GetPublicKeyCredentialDomException(domError(result.type), message)
            else -> throw KitScriptException(
                "the passkey API ends the request with ${result.exceptionClass}, which the androidx.credentials stand-ins do not have"
            )
        }
    }

    /** Whether [requestJson] is an object with [required] keys, [encodedKeys] base64url, and [encodedList] an array of base64url. */
    fun isValidSignal(requestJson: String, required: List<String>, encodedKeys: List<String>, encodedList: String?): Boolean {
        val json = jsonObject(requestJson) ?: return false
        if (required.any { !json.containsKey(it) } || encodedKeys.any { !isBase64Url(json[it]) }) return false
        if (encodedList == null) return true
        val list = json[encodedList] as? List<*> ?: return false
        return list.all { isBase64Url(it) }
    }

    /** The passkey a [SignalUnknownCredentialRequest] names. */
    fun unknownPasskey(request: SignalUnknownCredentialRequest): String =
        text(jsonObject(request.requestJson)!!["credentialId"] as String, "credentialId")

    /** The passkeys a [SignalAllAcceptedCredentialIdsRequest] lists, in its order. */
    fun acceptedPasskeys(request: SignalAllAcceptedCredentialIdsRequest): List<String> =
        (jsonObject(request.requestJson)!!["allAcceptedCredentialIds"] as List<*>).mapIndexed { index, id ->
            text(id as String, "allAcceptedCredentialIds[$index]")
        }

    private fun domError(type: String): DomError {
        val prefix = GetPublicKeyCredentialDomException.TYPE_GET_PUBLIC_KEY_CREDENTIAL_DOM_EXCEPTION + GetPublicKeyCredentialDomException.SEPARATOR
        val errorType = type.takeIf { it.startsWith(prefix) }?.substring(prefix.length)
        return DOM_ERRORS.map { it() }.firstOrNull { it.type == errorType } ?: throw KitScriptException(
            "the passkey API ends the request with GetPublicKeyCredentialDomException of type \"$type\", " +
                "whose DOM error the androidx.credentials stand-ins do not have"
        )
    }

    private fun jsonObject(text: String): Map<*, *>? = try {
        KitJson.parse(text) as? Map<*, *>
    } catch (unreadable: KitJsonException) {
        null
    }

    private fun isBase64Url(value: Any?): Boolean = value is String && try {
        Base64.getUrlDecoder().decode(value)
        true
    } catch (notBase64Url: IllegalArgumentException) {
        false
    }

    /** The UTF-8 text whose base64url is [encoded], the JSON's [field]. */
    private fun text(encoded: String, field: String): String {
        val problem = "\"$field\" is not base64url of UTF-8 text (\"$encoded\"): the kit's challenges and passkey names " +
            "go into WebAuthn's JSON as base64url of their UTF-8 bytes"
        val bytes = try {
            Base64.getUrlDecoder().decode(encoded)
        } catch (notBase64Url: IllegalArgumentException) {
            throw IllegalArgumentException(problem)
        }
        return try {
            Charsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT)
                .onUnmappableCharacter(CodingErrorAction.REPORT)
                .decode(ByteBuffer.wrap(bytes))
                .toString()
        } catch (notText: CharacterCodingException) {
            throw IllegalArgumentException(problem)
        }
    }

    private fun base64Url(text: String): String = base64Url(text.toByteArray(Charsets.UTF_8))

    private fun base64Url(bytes: ByteArray): String = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes)

    /** Every DOM error androidx defines. */
    private val DOM_ERRORS: List<() -> DomError> = listOf(
        ::AbortError, ::ConstraintError, ::DataCloneError, ::DataError, ::EncodingError, ::HierarchyRequestError,
        ::InUseAttributeError, ::InvalidCharacterError, ::InvalidModificationError, ::InvalidNodeTypeError,
        ::InvalidStateError, ::NamespaceError, ::NetworkError, ::NoModificationAllowedError, ::NotAllowedError,
        ::NotFoundError, ::NotReadableError, ::NotSupportedError, ::OperationError, ::OptOutError,
        ::QuotaExceededError, ::ReadOnlyError, ::SecurityError, ::SyntaxError, ::TimeoutError,
        ::TransactionInactiveError, ::UnknownError, ::VersionError, ::WrongDocumentError
    )

    /** An Android app's origin has this form; the hash of a signing certificate the kit does not have is zeros. */
    private val ORIGIN = "android:apk-key-hash:" + base64Url(ByteArray(32))

    /** An RP ID hash of zeros, the user-present and user-verified flags, a zero signature counter. */
    private val AUTHENTICATOR_DATA = base64Url(ByteArray(37).also { it[32] = 0x05 })

    private val SIGNATURE = base64Url(ByteArray(64))
}
