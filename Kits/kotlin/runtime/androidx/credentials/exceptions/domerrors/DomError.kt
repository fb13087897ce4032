package androidx.credentials.exceptions.domerrors

// The WebAuthn `DOMException` names (https://webidl.spec.whatwg.org/#idl-DOMException-error-names)
// as androidx.credentials defines them (`credentials/src/main/java/androidx/credentials/exceptions/
// domerrors/`), each with its type string. The library's documentation speaks of the create flow
// for all of them, but the same classes describe a sign-in's `GetPublicKeyCredentialDomException`.

/**
 * A DOM error a passkey request can end with, carried by
 * `androidx.credentials.exceptions.publickeycredential.GetPublicKeyCredentialDomException`.
 */
abstract class DomError(
    /** Which error this is, e.g. `androidx.credentials.TYPE_NOT_ALLOWED_ERROR`. */
    open val type: String
)

/** The authenticator reported an abort_err: the operation was aborted. */
class AbortError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_ABORT_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_ABORT_ERROR = "androidx.credentials.TYPE_ABORT_ERROR"
    }
}

/** The authenticator reported a constraint_err: a mutation in a transaction did not satisfy its constraints. */
class ConstraintError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_CONSTRAINT_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_CONSTRAINT_ERROR = "androidx.credentials.TYPE_CONSTRAINT_ERROR"
    }
}

/** The authenticator reported a data_clone_err: the object cannot be cloned. */
class DataCloneError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_DATA_CLONE_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_DATA_CLONE_ERROR = "androidx.credentials.TYPE_DATA_CLONE_ERROR"
    }
}

/** The authenticator reported a data_err: the data provided was inadequate. */
class DataError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_DATA_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_DATA_ERROR = "androidx.credentials.TYPE_DATA_ERROR"
    }
}

/** The authenticator reported an encoding_err: encoding or decoding failed. */
class EncodingError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_ENCODING_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_ENCODING_ERROR = "androidx.credentials.TYPE_ENCODING_ERROR"
    }
}

/** The authenticator reported a hierarchy_request_err: the operation would yield an incorrect node tree. */
class HierarchyRequestError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_HIERARCHY_REQUEST_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_HIERARCHY_REQUEST_ERROR = "androidx.credentials.TYPE_HIERARCHY_REQUEST_ERROR"
    }
}

/** The authenticator reported an inuse_attribute_err: another element uses the attribute. */
class InUseAttributeError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_IN_USE_ATTRIBUTE_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_IN_USE_ATTRIBUTE_ERROR = "androidx.credentials.TYPE_IN_USE_ATTRIBUTE_ERROR"
    }
}

/** The authenticator reported an invalid_character_err: a string contains invalid characters. */
class InvalidCharacterError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_INVALID_CHARACTER_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_INVALID_CHARACTER_ERROR = "androidx.credentials.TYPE_INVALID_CHARACTER_ERROR"
    }
}

/** The authenticator reported an invalid_modification_err: an object was modified incorrectly. */
class InvalidModificationError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_INVALID_MODIFICATION_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_INVALID_MODIFICATION_ERROR = "androidx.credentials.TYPE_INVALID_MODIFICATION_ERROR"
    }
}

/** The authenticator reported an invalid_node_type_err: the node, or its ancestor, is wrong for the operation. */
class InvalidNodeTypeError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_INVALID_NODE_TYPE_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_INVALID_NODE_TYPE_ERROR = "androidx.credentials.TYPE_INVALID_NODE_TYPE_ERROR"
    }
}

/** The authenticator reported an invalid_state_err: the object is in an invalid state. */
class InvalidStateError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_INVALID_STATE_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_INVALID_STATE_ERROR = "androidx.credentials.TYPE_INVALID_STATE_ERROR"
    }
}

/** The authenticator reported a namespace_err: XML namespaces do not allow the operation. */
class NamespaceError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_NAMESPACE_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_NAMESPACE_ERROR = "androidx.credentials.TYPE_NAMESPACE_ERROR"
    }
}

/** The authenticator reported a network_err: a network error occurred. */
class NetworkError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_NETWORK_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_NETWORK_ERROR = "androidx.credentials.TYPE_NETWORK_ERROR"
    }
}

/** The authenticator reported a no_modification_allowed_err: the object cannot be modified. */
class NoModificationAllowedError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_NO_MODIFICATION_ALLOWED_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_NO_MODIFICATION_ALLOWED_ERROR = "androidx.credentials.TYPE_NO_MODIFICATION_ALLOWED_ERROR"
    }
}

/**
 * The authenticator reported a not_allowed_err: the user agent or the platform does not allow the
 * request in the current context, possibly because the user denied permission.
 */
class NotAllowedError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_NOT_ALLOWED_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_NOT_ALLOWED_ERROR = "androidx.credentials.TYPE_NOT_ALLOWED_ERROR"
    }
}

/** The authenticator reported a not_found_err: the object could not be found. */
class NotFoundError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_NOT_FOUND_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_NOT_FOUND_ERROR = "androidx.credentials.TYPE_NOT_FOUND_ERROR"
    }
}

/** The authenticator reported a NotReadableError: an I/O read operation failed. */
class NotReadableError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_NOT_READABLE_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_NOT_READABLE_ERROR = "androidx.credentials.TYPE_NOT_READABLE_ERROR"
    }
}

/** The authenticator reported a not_supported_err: the operation is not supported. */
class NotSupportedError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_NOT_SUPPORTED_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_NOT_SUPPORTED_ERROR = "androidx.credentials.TYPE_NOT_SUPPORTED_ERROR"
    }
}

/** The authenticator reported an operation_err: the operation failed for a reason of its own. */
class OperationError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_OPERATION_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_OPERATION_ERROR = "androidx.credentials.TYPE_OPERATION_ERROR"
    }
}

/** The authenticator reported an opt_out_error: the user opted out of the process. */
class OptOutError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_OPT_OUT_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_OPT_OUT_ERROR = "androidx.credentials.TYPE_OPT_OUT_ERROR"
    }
}

/** The authenticator reported a quota_exceeded_err: the quota has been exceeded. */
class QuotaExceededError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_QUOTA_EXCEEDED_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_QUOTA_EXCEEDED_ERROR = "androidx.credentials.TYPE_QUOTA_EXCEEDED_ERROR"
    }
}

/** The authenticator reported a read_only_err: a mutating operation was attempted in a read-only transaction. */
class ReadOnlyError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_READ_ONLY_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_READ_ONLY_ERROR = "androidx.credentials.TYPE_READ_ONLY_ERROR"
    }
}

/** The authenticator reported a security_err: the operation is not secure. */
class SecurityError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_SECURITY_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_SECURITY_ERROR = "androidx.credentials.TYPE_SECURITY_ERROR"
    }
}

/** The authenticator reported a syntax_err: a string did not match the expected pattern. */
class SyntaxError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_SYNTAX_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_SYNTAX_ERROR = "androidx.credentials.TYPE_SYNTAX_ERROR"
    }
}

/** The authenticator reported a timeout_err: the operation timed out. */
class TimeoutError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_TIMEOUT_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_TIMEOUT_ERROR = "androidx.credentials.TYPE_TIMEOUT_ERROR"
    }
}

/**
 * The authenticator reported a transaction_inactive_err: a request was placed against a
 * transaction that is not active.
 */
class TransactionInactiveError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_TRANSACTION_INACTIVE_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_TRANSACTION_INACTIVE_ERROR = "androidx.credentials.TYPE_TRANSACTION_INACTIVE_ERROR"
    }
}

/**
 * The operation failed with no more detailed information, such as running out of memory or
 * another transient reason.
 */
class UnknownError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_UNKNOWN_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_UNKNOWN_ERROR = "androidx.credentials.TYPE_UNKNOWN_ERROR"
    }
}

/** The authenticator reported a version_err: a database was opened with a lower version than the existing one. */
class VersionError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_VERSION_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_VERSION_ERROR = "androidx.credentials.TYPE_VERSION_ERROR"
    }
}

/** The authenticator reported a wrong_document_err: the object is in the wrong document. */
class WrongDocumentError : DomError(TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_WRONG_DOCUMENT_ERROR) {
    internal companion object {
        internal const val TYPE_CREATE_PUBLIC_KEY_CREDENTIAL_WRONG_DOCUMENT_ERROR = "androidx.credentials.TYPE_WRONG_DOCUMENT_ERROR"
    }
}
