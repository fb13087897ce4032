package example.login

// Stand-ins for `androidx.credentials.exceptions`, which cannot be used outside an Android
// build: the same class names, `type` strings and `DomError` types, so the controller matches
// on them exactly as it would on the real ones. In the app these are the androidx classes.

/** `androidx.credentials.exceptions.GetCredentialException`. */
abstract class GetCredentialException(val type: String, val errorMessage: CharSequence? = null) : Exception(errorMessage?.toString())

class GetCredentialCancellationException(errorMessage: CharSequence? = null) :
    GetCredentialException("android.credentials.GetCredentialException.TYPE_USER_CANCELED", errorMessage)

class GetCredentialInterruptedException(errorMessage: CharSequence? = null) :
    GetCredentialException("android.credentials.GetCredentialException.TYPE_INTERRUPTED", errorMessage)

class GetCredentialProviderConfigurationException(errorMessage: CharSequence? = null) :
    GetCredentialException("androidx.credentials.TYPE_GET_CREDENTIAL_PROVIDER_CONFIGURATION_EXCEPTION", errorMessage)

class GetCredentialUnknownException(errorMessage: CharSequence? = null) :
    GetCredentialException("android.credentials.GetCredentialException.TYPE_UNKNOWN", errorMessage)

class GetCredentialUnsupportedException(errorMessage: CharSequence? = null) :
    GetCredentialException("androidx.credentials.TYPE_GET_CREDENTIAL_UNSUPPORTED_EXCEPTION", errorMessage)

class NoCredentialException(errorMessage: CharSequence? = null) :
    GetCredentialException("android.credentials.GetCredentialException.TYPE_NO_CREDENTIAL", errorMessage)

class GetCredentialCustomException(type: String, errorMessage: CharSequence? = null) : GetCredentialException(type, errorMessage)

/** `androidx.credentials.exceptions.publickeycredential.GetPublicKeyCredentialDomException`. */
class GetPublicKeyCredentialDomException(val domError: DomError, errorMessage: CharSequence? = null) :
    GetCredentialException("androidx.credentials.TYPE_GET_PUBLIC_KEY_CREDENTIAL_DOM_EXCEPTION/${domError.type}", errorMessage)

/** `androidx.credentials.exceptions.domerrors.DomError` and the subclasses this app tells apart. */
open class DomError(val type: String)

class NotAllowedError : DomError("androidx.credentials.TYPE_NOT_ALLOWED_ERROR")

class DataError : DomError("androidx.credentials.TYPE_DATA_ERROR")

class SecurityError : DomError("androidx.credentials.TYPE_SECURITY_ERROR")
