package androidx.credentials

import android.content.Context
import android.os.CancellationSignal
import android.view.View
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
import androidx.credentials.sample.AuthApi
import androidx.credentials.sample.FailureReason
import androidx.credentials.sample.PasskeySignInViewModel
import androidx.credentials.sample.SignInUiState
import java.util.Base64
import java.util.concurrent.Executor
import kotlin.coroutines.Continuation
import kotlin.coroutines.EmptyCoroutineContext
import kotlin.coroutines.resume
import kotlin.coroutines.startCoroutine
import kotlin.coroutines.suspendCoroutine
import org.junit.jupiter.api.AfterEach
import org.junit.jupiter.api.Assertions.assertEquals
import org.junit.jupiter.api.Assertions.assertFalse
import org.junit.jupiter.api.Assertions.assertNull
import org.junit.jupiter.api.Assertions.assertSame
import org.junit.jupiter.api.Assertions.assertThrows
import org.junit.jupiter.api.Assertions.assertTrue
import org.junit.jupiter.api.DynamicTest
import org.junit.jupiter.api.Test
import org.junit.jupiter.api.TestFactory
import passkeyspec.kit.AppConfiguration
import passkeyspec.kit.AppObservation
import passkeyspec.kit.AutomaticStart
import passkeyspec.kit.ConformanceRunner
import passkeyspec.kit.EnumerationPolicy
import passkeyspec.kit.FakePasskeyApi
import passkeyspec.kit.FakeServer
import passkeyspec.kit.FakeSignals
import passkeyspec.kit.FallbackMethod
import passkeyspec.kit.KitEnvironment
import passkeyspec.kit.KitJson
import passkeyspec.kit.KitLog
import passkeyspec.kit.KitScript
import passkeyspec.kit.KitScriptException
import passkeyspec.kit.KitStore
import passkeyspec.kit.KitWorld
import passkeyspec.kit.LoginHarness
import passkeyspec.kit.OptionsAnswer
import passkeyspec.kit.PasskeyRequest
import passkeyspec.kit.PasskeyResult
import passkeyspec.kit.PromptKind
import passkeyspec.kit.Screen
import passkeyspec.kit.UserEvent

/**
 * The androidx.credentials stand-ins, through a sign-in written as an Android app writes it
 * ([PasskeySignInViewModel]): what the kit's fakes see of its requests, and what it gets back.
 */
class CredentialManagerStandInTest {
    private val context = object : Context() {}

    @AfterEach
    fun leaveTheReplay() {
        KitEnvironment.current = null
    }

    @Test
    fun theAppsOwnRequestIsAutomaticAndCarriesTheServersChallenge() {
        val kit = replaying()
        val viewModel = PasskeySignInViewModel(context, KitAuthApi(kit))
        val signIn = launch { viewModel.signInWithPasskey() }
        assertTrue(kit.passkeys.requests.isEmpty(), "no request before the server's options arrive")
        kit.server.deliverNext()
        assertEquals(listOf(PasskeyRequest(PromptKind.AUTOMATIC, emptyList(), false, "challenge-1")), kit.passkeys.requests)
        assertEquals(PromptKind.AUTOMATIC, kit.passkeys.openPrompt)

        kit.passkeys.finishPrompt(PasskeyResult.Picked("phone"))
        assertTrue(signIn.done)
        val json = responseJson((viewModel.uiState as SignInUiState.PasskeyChosen).authenticationResponseJson)
        assertEquals(base64Url("phone"), json["id"])
        assertEquals(base64Url("phone"), json["rawId"])
        assertEquals("public-key", json["type"])
        val response = json["response"] as Map<*, *>
        val clientData = KitJson.parse(text(response["clientDataJSON"] as String)) as Map<*, *>
        assertEquals("webauthn.get", clientData["type"])
        assertEquals(base64Url("challenge-1"), clientData["challenge"])
        assertEquals(37, Base64.getUrlDecoder().decode(response["authenticatorData"] as String).size)
        assertNull(kit.passkeys.openPrompt)
    }

    @Test
    fun whatTheUserAsksForIsExplicitWithTheAllowListAndOnlyThisDevice() {
        val kit = replaying()
        val viewModel = PasskeySignInViewModel(context, KitAuthApi(kit, allow = listOf("laptop", "phone")))
        // What the runner sets while the app takes the passkey button.
        kit.passkeys.userActivation = true
        launch { viewModel.signInWithPasskey(username = "someone", onlyThisDevice = true) }
        kit.server.deliverNext()
        kit.passkeys.userActivation = false
        assertEquals(listOf(PasskeyRequest(PromptKind.EXPLICIT, listOf("laptop", "phone"), true, "challenge-1")), kit.passkeys.requests)

        kit.passkeys.finishPrompt(PasskeyResult.Picked("laptop"))
        assertEquals(base64Url("laptop"), responseJson((viewModel.uiState as SignInUiState.PasskeyChosen).authenticationResponseJson)["id"])
    }

    @Test
    fun aCancellation() {
        assertHandled(
            GetCredentialCancellationException::class.java,
            "android.credentials.GetCredentialException.TYPE_USER_CANCELED",
            "User cancelled",
            FailureReason.CANCELLED
        )
    }

    @Test
    fun noPasskey() {
        assertHandled(
            NoCredentialException::class.java,
            "android.credentials.GetCredentialException.TYPE_NO_CREDENTIAL",
            "No credentials available",
            FailureReason.NO_PASSKEY
        )
    }

    @Test
    fun anInterruption() {
        assertHandled(
            GetCredentialInterruptedException::class.java,
            "android.credentials.GetCredentialException.TYPE_INTERRUPTED",
            "Interrupted",
            FailureReason.INTERRUPTED
        )
    }

    @Test
    fun aProviderConfigurationError() {
        assertHandled(
            GetCredentialProviderConfigurationException::class.java,
            "androidx.credentials.TYPE_GET_CREDENTIAL_PROVIDER_CONFIGURATION_EXCEPTION",
            "getCredentialAsync no provider dependencies found",
            FailureReason.PROVIDER_CONFIGURATION
        )
    }

    @Test
    fun anUnknownError() {
        assertHandled(
            GetCredentialUnknownException::class.java,
            "android.credentials.GetCredentialException.TYPE_UNKNOWN",
            "Failed to get credential",
            FailureReason.UNKNOWN
        )
    }

    @Test
    fun anUnsupportedDeviceWithoutAMessage() {
        assertHandled(
            GetCredentialUnsupportedException::class.java,
            "androidx.credentials.TYPE_GET_CREDENTIAL_UNSUPPORTED_EXCEPTION",
            null,
            FailureReason.UNSUPPORTED
        )
    }

    @Test
    fun aThirdPartyError() {
        assertHandled(GetCredentialCustomException::class.java, "com.example.sdk.TYPE_RATE_LIMITED", "Try again later", FailureReason.THIRD_PARTY)
    }

    @Test
    fun aNotAllowedDomError() {
        val type = "androidx.credentials.TYPE_GET_PUBLIC_KEY_CREDENTIAL_DOM_EXCEPTION/androidx.credentials.TYPE_NOT_ALLOWED_ERROR"
        val failed = assertHandled(GetPublicKeyCredentialDomException::class.java, type, "Not allowed", FailureReason.NOT_ALLOWED)
        assertTrue((failed.error as GetPublicKeyCredentialDomException).domError is NotAllowedError)
    }

    /** Each DOM error androidx defines, with its type as the library spells it. */
    @TestFactory
    fun everyDomError(): List<DynamicTest> = listOf(
        AbortError::class.java to "androidx.credentials.TYPE_ABORT_ERROR",
        ConstraintError::class.java to "androidx.credentials.TYPE_CONSTRAINT_ERROR",
        DataCloneError::class.java to "androidx.credentials.TYPE_DATA_CLONE_ERROR",
        DataError::class.java to "androidx.credentials.TYPE_DATA_ERROR",
        EncodingError::class.java to "androidx.credentials.TYPE_ENCODING_ERROR",
        HierarchyRequestError::class.java to "androidx.credentials.TYPE_HIERARCHY_REQUEST_ERROR",
        InUseAttributeError::class.java to "androidx.credentials.TYPE_IN_USE_ATTRIBUTE_ERROR",
        InvalidCharacterError::class.java to "androidx.credentials.TYPE_INVALID_CHARACTER_ERROR",
        InvalidModificationError::class.java to "androidx.credentials.TYPE_INVALID_MODIFICATION_ERROR",
        InvalidNodeTypeError::class.java to "androidx.credentials.TYPE_INVALID_NODE_TYPE_ERROR",
        InvalidStateError::class.java to "androidx.credentials.TYPE_INVALID_STATE_ERROR",
        NamespaceError::class.java to "androidx.credentials.TYPE_NAMESPACE_ERROR",
        NetworkError::class.java to "androidx.credentials.TYPE_NETWORK_ERROR",
        NoModificationAllowedError::class.java to "androidx.credentials.TYPE_NO_MODIFICATION_ALLOWED_ERROR",
        NotAllowedError::class.java to "androidx.credentials.TYPE_NOT_ALLOWED_ERROR",
        NotFoundError::class.java to "androidx.credentials.TYPE_NOT_FOUND_ERROR",
        NotReadableError::class.java to "androidx.credentials.TYPE_NOT_READABLE_ERROR",
        NotSupportedError::class.java to "androidx.credentials.TYPE_NOT_SUPPORTED_ERROR",
        OperationError::class.java to "androidx.credentials.TYPE_OPERATION_ERROR",
        OptOutError::class.java to "androidx.credentials.TYPE_OPT_OUT_ERROR",
        QuotaExceededError::class.java to "androidx.credentials.TYPE_QUOTA_EXCEEDED_ERROR",
        ReadOnlyError::class.java to "androidx.credentials.TYPE_READ_ONLY_ERROR",
        SecurityError::class.java to "androidx.credentials.TYPE_SECURITY_ERROR",
        SyntaxError::class.java to "androidx.credentials.TYPE_SYNTAX_ERROR",
        TimeoutError::class.java to "androidx.credentials.TYPE_TIMEOUT_ERROR",
        TransactionInactiveError::class.java to "androidx.credentials.TYPE_TRANSACTION_INACTIVE_ERROR",
        UnknownError::class.java to "androidx.credentials.TYPE_UNKNOWN_ERROR",
        VersionError::class.java to "androidx.credentials.TYPE_VERSION_ERROR",
        WrongDocumentError::class.java to "androidx.credentials.TYPE_WRONG_DOCUMENT_ERROR"
    ).map { (domErrorClass, domType) ->
        DynamicTest.dynamicTest(domErrorClass.simpleName) {
            try {
                val type = "androidx.credentials.TYPE_GET_PUBLIC_KEY_CREDENTIAL_DOM_EXCEPTION/$domType"
                val reason = if (domErrorClass == NotAllowedError::class.java) FailureReason.NOT_ALLOWED else FailureReason.OTHER_DOM_ERROR
                val failed = assertHandled(GetPublicKeyCredentialDomException::class.java, type, "a ${domErrorClass.simpleName}", reason)
                val domError: DomError = (failed.error as GetPublicKeyCredentialDomException).domError
                assertSame(domErrorClass, domError.javaClass)
                assertEquals(domType, domError.type)
            } finally {
                leaveTheReplay()
            }
        }
    }

    @Test
    fun theUsernameFieldsSuggestionsAreAnAssistedRequestThatHearsOnlyOfAPick() {
        val kit = replaying()
        val viewModel = PasskeySignInViewModel(context, KitAuthApi(kit))
        val usernameField = View(context)
        launch { viewModel.offerPasskeysIn(usernameField) }
        kit.server.deliverNext()
        assertEquals(listOf(PasskeyRequest(PromptKind.ASSISTED, emptyList(), false, "challenge-1")), kit.passkeys.requests)
        assertTrue(kit.passkeys.suggestionsOffered)
        assertEquals("challenge-1", text(optionsOf(usernameField.pendingGetCredentialRequest!!.request)["challenge"] as String))

        // As on Android, an error does not reach the request's callback.
        val error = PasskeyResult.Failed("GetCredentialUnknownException", "android.credentials.GetCredentialException.TYPE_UNKNOWN")
        kit.passkeys.finishSuggestions(error)
        assertSame(SignInUiState.Idle, viewModel.uiState)

        launch { viewModel.offerPasskeysIn(usernameField) }
        kit.server.deliverNext()
        kit.passkeys.finishSuggestions(PasskeyResult.Picked("phone"))
        val json = responseJson((viewModel.uiState as SignInUiState.PasskeyChosen).authenticationResponseJson)
        assertEquals(base64Url("phone"), json["id"])
        val clientData = KitJson.parse(text((json["response"] as Map<*, *>)["clientDataJSON"] as String)) as Map<*, *>
        assertEquals(base64Url("challenge-2"), clientData["challenge"])
    }

    @Test
    fun clearingTheUsernameFieldsRequestWithdrawsTheSuggestions() {
        val kit = replaying()
        val viewModel = PasskeySignInViewModel(context, KitAuthApi(kit))
        val usernameField = View(context)
        launch { viewModel.offerPasskeysIn(usernameField) }
        kit.server.deliverNext()
        viewModel.stopOfferingPasskeysIn(usernameField)
        assertFalse(kit.passkeys.suggestionsOffered)
        assertNull(usernameField.pendingGetCredentialRequest)
    }

    @Test
    fun theSignalsReachTheFakeByPasskeyName() {
        val kit = replaying()
        val viewModel = PasskeySignInViewModel(context, KitAuthApi(kit))
        val unknown = launch { viewModel.onPasskeyUnknownToServer("example.com", base64Url("old")) }
        val accepted = launch {
            viewModel.reportAcceptedPasskeys("example.com", base64Url("user-1"), listOf(base64Url("laptop"), base64Url("phone")))
        }
        assertTrue(unknown.done && accepted.done)
        assertNull(unknown.error)
        assertEquals(listOf("unknown-credential old", "all-accepted-credentials laptop,phone"), kit.signals.signals)
    }

    @Test
    fun aSignalRequestChecksItsJsonAsAndroidxDoes() {
        val missingId = """{"rpId":"example.com"}"""
        assertEquals(
            "Structural/type validation failed for JSON: '$missingId'",
            assertThrows(IllegalArgumentException::class.java) { SignalUnknownCredentialRequest(missingId) }.message
        )
        assertThrows(IllegalArgumentException::class.java) {
            SignalAllAcceptedCredentialIdsRequest("""{"rpId":"example.com","userId":"dXNlcg","allAcceptedCredentialIds":["not base64url"]}""")
        }
        val request = SignalAllAcceptedCredentialIdsRequest("""{"rpId":"example.com","userId":"dXNlcg","allAcceptedCredentialIds":[]}""")
        assertEquals("androidx.credentials.SIGNAL_ALL_ACCEPTED_CREDENTIALS_REQUEST_TYPE", request.type)
        val unknown = SignalUnknownCredentialRequest("""{"rpId":"example.com","credentialId":"b2xk"}""")
        assertEquals("androidx.credentials.SIGNAL_UNKNOWN_CREDENTIAL_STATE_REQUEST_TYPE", unknown.type)
    }

    @Test
    fun theCallbackApiAnswersOnTheExecutor() {
        val kit = replaying()
        val queued = ArrayList<Runnable>()
        val callback = RecordingCallback()
        CredentialManager.create(context).getCredentialAsync(context, request(kit), null, Executor { queued.add(it) }, callback)
        kit.passkeys.finishPrompt(PasskeyResult.Failed("NoCredentialException", "android.credentials.GetCredentialException.TYPE_NO_CREDENTIAL", "none"))
        assertTrue(callback.errors.isEmpty(), "nothing before the executor runs the answer")
        queued.forEach { it.run() }
        assertEquals(listOf(NoCredentialException::class.java), callback.errors.map { it.javaClass })
        assertEquals("none", callback.errors.single().errorMessage)
    }

    @Test
    fun aCancelledSignalSilencesTheCallback() {
        val kit = replaying()
        val callback = RecordingCallback()
        val manager = CredentialManager.create(context)

        val cancelledBefore = CancellationSignal().apply { cancel() }
        manager.getCredentialAsync(context, request(kit), cancelledBefore, Executor { it.run() }, callback)
        assertTrue(kit.passkeys.requests.isEmpty(), "a request cancelled before it starts starts nothing")

        // The call sets the signal's listener, as androidx does: cancelling withdraws the prompt.
        val cancelledLater = CancellationSignal()
        manager.getCredentialAsync(context, request(kit), cancelledLater, Executor { it.run() }, callback)
        assertEquals(PromptKind.AUTOMATIC, kit.passkeys.openPrompt)
        cancelledLater.cancel()
        cancelledLater.cancel()
        assertEquals(null, kit.passkeys.openPrompt, "the cancelled call's prompt is no longer open")
        assertFalse(kit.passkeys.finishPrompt(PasskeyResult.Picked("phone")))
        assertTrue(callback.results.isEmpty() && callback.errors.isEmpty())
    }

    @Test
    fun creatingACredentialManagerOutsideAReplayFailsLoudly() {
        val error = assertThrows(IllegalStateException::class.java) { CredentialManager.create(context) }
        assertTrue(
            error.message!!.startsWith("CredentialManager.create(context): no check is being replayed on this thread."),
            error.message
        )
        assertThrows(IllegalStateException::class.java) {
            View(context).pendingGetCredentialRequest = PendingGetCredentialRequest(GetCredentialRequest(listOf(GetPublicKeyCredentialOption("{}")))) {}
        }
    }

    @Test
    fun aRequestTheFakesCannotReadFailsLoudly() {
        val kit = replaying()
        val manager = CredentialManager.create(context)
        issue(kit)
        fun get(requestJson: String) = assertThrows(IllegalArgumentException::class.java) {
            val request = GetCredentialRequest(listOf(GetPublicKeyCredentialOption(requestJson)))
            manager.getCredentialAsync(context, request, null, Executor { it.run() }, RecordingCallback())
        }.message

        assertEquals(
            "GetPublicKeyCredentialOption.requestJson has the challenge \"challenge-1\" as the server issued it; " +
                "WebAuthn's JSON carries it as base64url of its UTF-8 bytes (\"${base64Url("challenge-1")}\")",
            get("""{"challenge":"challenge-1"}""")
        )
        assertEquals(
            "\"allowCredentials[0].id\" is not base64url of UTF-8 text (\"phone!\"): the kit's challenges and passkey names " +
                "go into WebAuthn's JSON as base64url of their UTF-8 bytes",
            get("""{"challenge":"${base64Url("challenge-1")}","allowCredentials":[{"type":"public-key","id":"phone!"}]}""")
        )
        assertEquals("GetPublicKeyCredentialOption.requestJson has no \"challenge\" string: {\"rpId\":\"example.com\"}", get("""{"rpId":"example.com"}"""))
        assertTrue(kit.passkeys.requests.isEmpty())
        assertEquals(
            "requestJson must not be empty",
            assertThrows(IllegalArgumentException::class.java) { GetPublicKeyCredentialOption("") }.message
        )
        assertEquals(
            "credentialOptions should not be empty",
            assertThrows(IllegalArgumentException::class.java) { GetCredentialRequest.Builder().build() }.message
        )
    }

    @Test
    fun aResultTheStandInsCannotExpressStopsTheReplay() {
        val kit = replaying()
        CredentialManager.create(context).getCredentialAsync(context, request(kit), null, Executor { it.run() }, RecordingCallback())
        val error = assertThrows(KitScriptException::class.java) {
            kit.passkeys.finishPrompt(PasskeyResult.Failed("GetCredentialFutureException", "androidx.credentials.TYPE_FUTURE"))
        }
        assertEquals("the passkey API ends the request with GetCredentialFutureException, which the androidx.credentials stand-ins do not have", error.message)

        CredentialManager.create(context).getCredentialAsync(context, request(kit), null, Executor { it.run() }, RecordingCallback())
        val type = "androidx.credentials.TYPE_GET_PUBLIC_KEY_CREDENTIAL_DOM_EXCEPTION/androidx.credentials.TYPE_FUTURE_ERROR"
        val domError = assertThrows(KitScriptException::class.java) {
            kit.passkeys.finishPrompt(PasskeyResult.Failed("GetPublicKeyCredentialDomException", type))
        }
        assertEquals(
            "the passkey API ends the request with GetPublicKeyCredentialDomException of type \"$type\", " +
                "whose DOM error the androidx.credentials stand-ins do not have",
            domError.message
        )
    }

    @Test
    fun theRunnerTellsTheAppsOwnPromptFromTheOneTheUserAskedFor() {
        val expect = { prompt: String?, signedIn: Boolean ->
            """{"screen": "${if (signedIn) "signed-in" else "login"}", "actions": [], ${prompt?.let { "\"prompt\": \"$it\", " } ?: ""}""" +
                """"suggestions": false, "session": $signedIn, "signals": [], "lookups": 0}"""
        }
        val steps = listOf(
            """{"keyword": "Given", "text": "the app starts passkey login automatically", "line": 11, "kind": "setup",
               "configuration": {"automaticStart": "prompt", "enumerationPolicy": "conceal", "fallback": "password",
                                 "accountRoutes": {}, "entry": "discoverable"},
               "world": {"account": "active", "routeAvailable": true, "devicePasskeys": ["phone"],
                         "serverPasskeys": {"phone": "active"}, "verificationInconclusive": false}}""",
            """{"keyword": "When", "text": "the login screen appears", "line": 12, "kind": "action", "inputs": [{"event": "screen-appeared"}]}""",
            """{"keyword": "Then", "text": "the automatic prompt is open", "line": 13, "kind": "outcome", "expect": ${expect("automatic", false)}}""",
            """{"keyword": "When", "text": "the user cancels it", "line": 14, "kind": "action", "inputs": [{"event": "prompt-result",
               "result": {"name": "GetCredentialCancellationException", "code": "android.credentials.GetCredentialException.TYPE_USER_CANCELED"}}]}""",
            """{"keyword": "And", "text": "the user taps the passkey button", "line": 15, "kind": "action", "inputs": [{"event": "passkey-button-tapped"}]}""",
            """{"keyword": "Then", "text": "the explicit prompt is open", "line": 16, "kind": "outcome", "expect": ${expect("explicit", false)}}""",
            """{"keyword": "When", "text": "the user selects passkey phone", "line": 17, "kind": "action", "inputs": [{"event": "prompt-result",
               "result": {"name": "GetCredentialResponse(PublicKeyCredential)", "code": "success", "passkey": "phone"}}]}""",
            """{"keyword": "Then", "text": "the user is signed in", "line": 18, "kind": "outcome", "expect": ${expect(null, true)}}"""
        )
        val script = """
            {"version": 1, "platform": "android", "copy": {},
             "spec": {"id": "T1", "title": "Test", "file": "native/test.md", "fingerprint": "abc"},
             "checks": [{"id": "T1-AC01/first", "name": "The first check", "line": 10, "steps": [${steps.joinToString(",")}]}]}
        """
        val states = ArrayList<String>()
        ConformanceRunner(KitScript.parse(script)).run("T1-AC01/first") { kit ->
            val viewModel = PasskeySignInViewModel(context, KitAuthApi(kit))
            object : LoginHarness {
                override fun send(event: UserEvent) {
                    if (event == UserEvent.ScreenAppeared || event == UserEvent.PasskeyButtonTapped) launch { viewModel.signInWithPasskey() }
                }

                override fun observe(): AppObservation {
                    val state = viewModel.uiState
                    states.add((state as? SignInUiState.Failed)?.reason?.name ?: state.javaClass.simpleName)
                    val signedIn = state is SignInUiState.PasskeyChosen
                    return AppObservation(if (signedIn) Screen.SIGNED_IN else Screen.LOGIN, session = signedIn)
                }
            }
        }
        assertEquals(listOf("Idle", "CANCELLED", "PasskeyChosen"), states)
        assertNull(KitEnvironment.current, "the runner leaves no environment behind")
    }

    /** A check's environment as the runner makes it, current on this thread. */
    private fun replaying(): KitEnvironment {
        var world = KitWorld(
            account = "active",
            routeAvailable = true,
            devicePasskeys = listOf("laptop", "phone"),
            serverPasskeys = mapOf("laptop" to "active", "phone" to "active"),
            lookupFault = null,
            verificationInconclusive = false
        )
        val log = KitLog()
        val server = FakeServer({ world }, { world = it }, log)
        val configuration = AppConfiguration(AutomaticStart.NONE, EnumerationPolicy.REVEAL, FallbackMethod.PASSWORD, emptyMap())
        val environment = KitEnvironment(configuration, FakePasskeyApi(log, server), server, FakeSignals(), KitStore())
        KitEnvironment.current = environment
        return environment
    }

    /**
     * Runs the sample's sign-in until the fakes end its request with [exceptionClass] (by its
     * simple name, as the kit's scripts name it), [type] and [message]; asserts that the sample
     * got that exception, with them, and showed the message. The sample's state.
     */
    private fun assertHandled(
        exceptionClass: Class<out GetCredentialException>,
        type: String,
        message: String?,
        reason: FailureReason
    ): SignInUiState.Failed {
        val kit = replaying()
        val viewModel = PasskeySignInViewModel(context, KitAuthApi(kit))
        val signIn = launch { viewModel.signInWithPasskey() }
        kit.server.deliverNext()
        kit.passkeys.finishPrompt(PasskeyResult.Failed(exceptionClass.simpleName, type, message))
        assertTrue(signIn.done)
        assertNull(signIn.error, "the sample handles every GetCredentialException")
        val failed = viewModel.uiState as SignInUiState.Failed
        assertEquals(reason, failed.reason)
        assertSame(exceptionClass, failed.error.javaClass)
        assertEquals(type, failed.error.type)
        assertEquals(message, failed.error.message)
        assertEquals(message, failed.error.errorMessage?.toString())
        assertEquals(message, failed.text)
        return failed
    }

    /** A request with a challenge the kit's server issued. */
    private fun request(kit: KitEnvironment): GetCredentialRequest =
        GetCredentialRequest(listOf(GetPublicKeyCredentialOption("""{"challenge":"${base64Url(issue(kit))}","rpId":"example.com"}""")))

    /** Asks the kit's server for options, as an app must before each request; their challenge. */
    private fun issue(kit: KitEnvironment): String {
        var challenge: String? = null
        kit.server.requestOptions { challenge = (it as OptionsAnswer.Options).challenge }
        kit.server.deliverNext()
        return challenge!!
    }

    private fun optionsOf(request: GetCredentialRequest): Map<*, *> =
        KitJson.parse((request.credentialOptions.single() as GetPublicKeyCredentialOption).requestJson) as Map<*, *>

    private fun responseJson(json: String): Map<*, *> = KitJson.parse(json) as Map<*, *>

    /** The app's server client over the kit's server: the options' challenge and IDs in base64url, as WebAuthn's JSON has them. */
    private class KitAuthApi(private val kit: KitEnvironment, private val allow: List<String> = emptyList()) : AuthApi {
        override suspend fun authenticationOptions(username: String?): String = suspendCoroutine { continuation ->
            kit.server.requestOptions { answer ->
                val challenge = base64Url((answer as OptionsAnswer.Options).challenge)
                val credentials = allow.joinToString(",") { """{"type":"public-key","id":"${base64Url(it)}"}""" }
                continuation.resume("""{"challenge":"$challenge","rpId":"example.com","allowCredentials":[$credentials],"userVerification":"required"}""")
            }
        }
    }

    private class RecordingCallback : CredentialManagerCallback<GetCredentialResponse, GetCredentialException> {
        val results = ArrayList<GetCredentialResponse>()
        val errors = ArrayList<GetCredentialException>()

        override fun onResult(result: GetCredentialResponse) {
            results.add(result)
        }

        override fun onError(e: GetCredentialException) {
            errors.add(e)
        }
    }

    /** A coroutine started here, as `viewModelScope.launch` starts one in the app: it runs until it waits for an answer. */
    private class Launched {
        var done = false
        var error: Throwable? = null
    }

    private fun launch(block: suspend () -> Unit): Launched {
        val launched = Launched()
        block.startCoroutine(Continuation(EmptyCoroutineContext) { result ->
            launched.done = true
            launched.error = result.exceptionOrNull()
        })
        return launched
    }

    private companion object {
        fun base64Url(text: String): String = Base64.getUrlEncoder().withoutPadding().encodeToString(text.toByteArray(Charsets.UTF_8))

        fun text(encoded: String): String = String(Base64.getUrlDecoder().decode(encoded), Charsets.UTF_8)
    }
}
