package passkeyspec.kit

import java.io.File

// The checks of one spec on one platform as the kit replays them: `scripts/<spec>.<platform>.json`,
// written by `passkey-spec export --format kotlin-kit` from the reference engine's own run of
// each check. The format is docs/conformance-kits.md's, version 1.

/** A spec's checks on one platform. */
class KitScript(
    val version: Int,
    val spec: KitSpec,
    val platform: String,
    /** The copy each scenario shows on this platform, by scenario ID. */
    val copy: Map<String, KitCopy>,
    val checks: List<KitCheck>,
    /** Checks of the spec left out on this platform, with why. */
    val skipped: List<KitSkip>
) {
    /** The check with [id]; fails when the script has none, e.g. after a change of the spec. */
    fun check(id: String): KitCheck = checks.firstOrNull { it.id == id }
        ?: throw KitScriptException(
            "${spec.id} on $platform has no check \"$id\"" +
                (skipped.firstOrNull { it.check == id }?.let { ": it is skipped, ${it.reason}" } ?: "; export the kit again")
        )

    /** `content/native/login-error-states.md:85`: where a line of the spec is. */
    fun location(line: Int): String = "${spec.file}:$line"

    companion object {
        /** The only version of the format this kit reads. */
        const val VERSION = 1

        /** Reads a script; refuses one of another version or platform. */
        fun parse(text: String, source: String = "the script"): KitScript {
            val root = try {
                KitJson.parse(text)
            } catch (error: KitJsonException) {
                throw KitScriptException("$source is not valid JSON: ${error.message}")
            }
            val json = JsonNode(root, source)
            val version = json["version"].int()
            if (version != VERSION) {
                throw KitScriptException(
                    "$source is a script of version $version; this kit reads version $VERSION. " +
                        "Export the kit and its scripts again with the same passkey-spec."
                )
            }
            val platform = json["platform"].string()
            if (platform != "android") {
                throw KitScriptException("$source holds the checks for $platform; the Kotlin kit replays Android's")
            }
            return KitScript(
                version = version,
                spec = json["spec"].let { KitSpec(it["id"].string(), it["title"].string(), it["file"].string(), it["fingerprint"].string()) },
                platform = platform,
                copy = json["copy"].entries().mapValues { (_, copy) ->
                    KitCopy(
                        copy["title"].string(), copy["message"].string(),
                        copy["buttons"].list().map { KitButton(it["action"].string(), it["label"].string()) },
                        copy.optional("presentation")?.string()
                    )
                },
                checks = json["checks"].list().map(::check),
                skipped = json.optional("skipped")?.list()?.map { KitSkip(it["check"].string(), it["reason"].string()) } ?: emptyList()
            )
        }

        /**
         * Reads `scripts/[fileName]` in the kit's folder: the system property `passkeyspec.kit`,
         * else `passkey-kit` in the working directory.
         */
        fun load(fileName: String): KitScript {
            val kitFolder = File(System.getProperty(KIT_FOLDER_PROPERTY) ?: "passkey-kit")
            val file = File(File(kitFolder, "scripts"), fileName)
            if (!file.isFile) {
                throw KitScriptException(
                    "no script at ${file.absolutePath}: set the system property $KIT_FOLDER_PROPERTY to the kit's folder " +
                        "(the one holding scripts/), e.g. systemProperty(\"$KIT_FOLDER_PROPERTY\", file(\"passkey-kit\").absolutePath) in Gradle"
                )
            }
            return parse(file.readText(Charsets.UTF_8), "scripts/$fileName")
        }

        /** The system property naming the kit's folder. */
        const val KIT_FOLDER_PROPERTY = "passkeyspec.kit"

        private fun check(json: JsonNode) = KitCheck(
            id = json["id"].string(),
            name = json["name"].string(),
            criterion = json.optional("criterion")?.string(),
            line = json["line"].int(),
            configuration = json.optional("configuration")?.let(::configuration),
            world = json.optional("world")?.let(::world),
            steps = json["steps"].list().map(::step),
            requires = json.optional("requires")?.let {
                KitRequirements(
                    it["entry"].list().map { value -> value.string() },
                    it["automaticStart"].list().map { value -> value.string() },
                    it["enumerationPolicy"].list().map { value -> value.string() },
                    it["fallback"].list().map { value -> value.string() },
                    it["accountRoutes"].entries().mapValues { (_, route) -> route.string() }
                )
            }
        )

        internal fun configuration(json: JsonNode) = ScriptConfiguration(
            json["automaticStart"].string(), json["enumerationPolicy"].string(), json["fallback"].string(),
            json["accountRoutes"].entries().mapValues { (_, route) -> route.string() },
            // Scripts exported before the entry existed all start from an identifier.
            entry = json.optional("entry")?.string() ?: ScriptConfiguration.IDENTIFIER_FIRST
        )

        private fun step(json: JsonNode) = KitStep(
            keyword = json["keyword"].string(),
            text = json["text"].string(),
            line = json["line"].int(),
            kind = json["kind"].string(),
            configuration = json.optional("configuration")?.let(::configuration),
            world = json.optional("world")?.let(::world),
            inputs = json.optional("inputs")?.list()?.map(::input) ?: emptyList(),
            expect = json.optional("expect")?.let(::expectation)
        )

        internal fun input(json: JsonNode) = KitInput(
            json["event"].string(), json.optional("action")?.string(),
            json.optional("result")?.let {
                KitNativeResult(it["name"].string(), it["code"].string(), it.optional("message")?.string(), it.optional("passkey")?.string())
            },
            passkey = json.optional("passkey")?.string(),
            prompt = json.optional("prompt")?.string(),
            opens = json.optional("opens")?.string()
        )

        internal fun world(json: JsonNode) = KitWorld(
            account = json.optional("account")?.string(),
            routeAvailable = json["routeAvailable"].bool(),
            devicePasskeys = json["devicePasskeys"].list().map { it.string() },
            serverPasskeys = json["serverPasskeys"].entries().mapValues { (_, state) -> state.string() },
            lookupFault = json.optional("lookupFault")?.let {
                KitLookupFault(it["dependency"].string(), it["fault"].string(), it["failingLookups"].int())
            },
            verificationInconclusive = json["verificationInconclusive"].bool(),
            // Scripts exported before challenges could expire have none that do.
            challengeExpires = json.optional("challengeExpires")?.bool() ?: false
        )

        internal fun expectation(json: JsonNode) = KitExpectation(
            screen = json["screen"].string(),
            route = json.optional("route")?.string(),
            notice = json.optional("notice")?.let {
                KitNotice(
                    it["scenario"].string(), it["title"].string(), it["message"].string(), it["buttons"].list().map { label -> label.string() },
                    it.optional("presentation")?.string()
                )
            },
            actions = json["actions"].list().map { it.string() },
            prompt = json.optional("prompt")?.string(),
            suggestions = json["suggestions"].bool(),
            session = json["session"].bool(),
            signals = json["signals"].list().map { it.string() },
            lookups = json.optional("lookups")?.int(),
            optionsCalls = json.optional("optionsCalls")?.int(),
            named = json.optional("named")?.list()?.map { it.string() }
        )
    }
}

data class KitSpec(val id: String, val title: String, val file: String, val fingerprint: String)

data class KitSkip(val check: String, val reason: String)

/** A scenario's copy; [presentation] is `blocking` or `non-blocking`, as the spec's Presentation row says. */
data class KitCopy(val title: String, val message: String, val buttons: List<KitButton>, val presentation: String? = null)

data class KitButton(val action: String, val label: String)

/** A check: its ID, name, criterion and line, the configuration and world it starts with, and its steps. */
data class KitCheck(
    val id: String,
    val name: String,
    val criterion: String?,
    val line: Int,
    val configuration: ScriptConfiguration?,
    val world: KitWorld?,
    val steps: List<KitStep>,
    /** What the app must support for the check to apply to it (see [AppCapabilities]). */
    val requires: KitRequirements? = null
)

/**
 * What an app must support for a check to apply to it: for each part of the configuration, the
 * values under which the check holds as written (the check's own first), and the route of each
 * account status it meets that may not sign in.
 */
data class KitRequirements(
    val entry: List<String>,
    val automaticStart: List<String>,
    val enumerationPolicy: List<String>,
    val fallback: List<String>,
    val accountRoutes: Map<String, String>
)

/** A step: `setup` (configuration and world), `action` (inputs) or `outcome` (expect). */
data class KitStep(
    val keyword: String,
    val text: String,
    val line: Int,
    val kind: String,
    val configuration: ScriptConfiguration?,
    val world: KitWorld?,
    val inputs: List<KitInput>,
    val expect: KitExpectation?
) {
    /** The step as the spec words it: `And no passkey prompt opens`. */
    val words: String get() = "$keyword $text"
}

data class ScriptConfiguration(
    val automaticStart: String,
    val enumerationPolicy: String,
    val fallback: String,
    val accountRoutes: Map<String, String>,
    /**
     * `identifier-first` (the user enters an identifier, which the app looks up) or
     * `discoverable` (no identifier field: the app asks for any passkey and looks nothing up).
     */
    val entry: String = IDENTIFIER_FIRST
) {
    /** As your controller gets it; made once, since a lockstep run makes a controller per sequence. */
    internal val appConfiguration: AppConfiguration by lazy { AppConfiguration.of(this) }

    companion object {
        /** The entry of a script that names none. */
        const val IDENTIFIER_FIRST = "identifier-first"
    }
}

/** The account's status (nil: no account), the passkeys on the device and the server, faults. */
data class KitWorld(
    val account: String?,
    val routeAvailable: Boolean,
    val devicePasskeys: List<String>,
    val serverPasskeys: Map<String, String>,
    val lookupFault: KitLookupFault?,
    val verificationInconclusive: Boolean,
    /**
     * Whether the server finds the challenge of the check's first assertion expired or
     * already used (`challenge-expired`); later assertions verify as usual.
     */
    val challengeExpires: Boolean = false
)

/**
 * A failing dependency: `account-directory` and `credential-list` fail route lookups,
 * `request-options` fails the call for a passkey request's options. The first
 * [failingLookups] calls it applies to fail with [fault].
 */
data class KitLookupFault(val dependency: String, val fault: String, val failingLookups: Int)

/**
 * Something the user, the system or the passkey API does: `screen-appeared`,
 * `identifier-entered`, `passkey-button-tapped`, `suggestions-challenge-expiring`, `choose`
 * (with [action]), `fallback-sign-in-succeeded`, `passkey-revoked-in-settings` (with
 * [passkey]), `app-relaunched`, `signed-out`; or `prompt-result` / `suggestion-result` (with
 * [result]): the passkey API ends the open prompt, or the identifier field's request.
 */
data class KitInput(
    val event: String,
    val action: String?,
    val result: KitNativeResult?,
    /** The passkey the signed-in user revokes in the account settings. */
    val passkey: String? = null,
    /** For `prompt-result`: the prompt the step ends, `automatic` or `explicit`. */
    val prompt: String? = null,
    /** The prompt your app opens while it takes this input, when it opens one. */
    val opens: String? = null
) {
    /**
     * The input in words, as a lockstep divergence lists it: `choose "retry"`,
     * `prompt-result: GetCredentialCancellationException (android.credentials.GetCredentialException.TYPE_USER_CANCELED)`.
     */
    val description: String
        get() {
            if (action != null) return "$event \"$action\""
            if (result == null) return if (passkey != null) "$event \"$passkey\"" else event
            val text = StringBuilder("$event: ${result.name} (${result.code})")
            result.message?.let { text.append(" \"$it\"") }
            result.passkey?.let { text.append(" passkey \"$it\"") }
            return text.toString()
        }
}

/** A result of the passkey API as Android reports it: the exception class and its `type`, or the passkey picked. */
data class KitNativeResult(val name: String, val code: String, val message: String?, val passkey: String?)

/** What the app must show after an outcome step. */
data class KitExpectation(
    val screen: String,
    val route: String?,
    val notice: KitNotice?,
    val actions: List<String>,
    val prompt: String?,
    val suggestions: Boolean,
    val session: Boolean,
    val signals: List<String>,
    /** Route lookups so far, where the step's words name them. */
    val lookups: Int?,
    /** Request-options calls so far, where the step's words name them. */
    val optionsCalls: Int? = null,
    /** What the step's words assert, by field (`screen`, `notice`, …); null for the engine's whole state. */
    val named: List<String>? = null
)

data class KitNotice(
    val scenario: String,
    val title: String,
    val message: String,
    val buttons: List<String>,
    /** `blocking` or `non-blocking`, as the spec's Presentation row says; null without one. */
    val presentation: String? = null
)

/** A script the kit cannot replay: unreadable, of another version, or without the check asked for. */
class KitScriptException(message: String) : RuntimeException(message)

/** A JSON value and where it is in the script, for messages that say which field is wrong. */
internal class JsonNode(private val value: Any?, private val path: String) {
    operator fun get(key: String): JsonNode =
        optional(key) ?: throw KitScriptException("$path has no \"$key\"")

    fun optional(key: String): JsonNode? {
        val map = value as? Map<*, *> ?: throw KitScriptException("$path is not an object")
        return map[key]?.let { JsonNode(it, "$path.$key") }
    }

    fun string(): String = value as? String ?: throw KitScriptException("$path is not a string")

    fun int(): Int = (value as? Long)?.toInt() ?: throw KitScriptException("$path is not a whole number")

    fun bool(): Boolean = value as? Boolean ?: throw KitScriptException("$path is not true or false")

    fun list(): List<JsonNode> = (value as? List<*> ?: throw KitScriptException("$path is not an array"))
        .mapIndexed { index, item -> JsonNode(item, "$path[$index]") }

    fun entries(): Map<String, JsonNode> = (value as? Map<*, *> ?: throw KitScriptException("$path is not an object"))
        .entries.associate { (key, item) -> key as String to JsonNode(item, "$path.$key") }
}
