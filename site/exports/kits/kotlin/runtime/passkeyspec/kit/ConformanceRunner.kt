package passkeyspec.kit

/**
 * Replays a script's checks against your app: for each step, arranges what the spec says
 * (configuration, world), does what it says (your harness's events, the passkey API's results)
 * and compares what your app shows with what the spec expects.
 */
class ConformanceRunner(val script: KitScript) {
    /**
     * Replays the check [checkId] against controllers made by [harness]; throws a
     * [ConformanceFailure] at the first step where your app differs from the spec.
     */
    fun run(checkId: String, harness: (KitEnvironment) -> LoginHarness) {
        run(checkId, AppCapabilities.EVERYTHING, harness)
    }

    /**
     * Replays the check [checkId] against controllers made by [harness]; throws a
     * [CheckNotApplicable] when the check needs what [capabilities] do not declare, and a
     * [ConformanceFailure] at the first step where your app differs from the spec.
     */
    fun run(checkId: String, capabilities: AppCapabilities, harness: (KitEnvironment) -> LoginHarness) {
        val check = script.check(checkId)
        reasonToSkip(check, capabilities)?.let { throw CheckNotApplicable(checkId, it) }
        Replay(script, check, harness, capabilities).run()
    }

    /** Why [check] does not apply to an app with [capabilities]; null when it does. */
    fun reasonToSkip(check: KitCheck, capabilities: AppCapabilities): String? =
        check.requires?.let { capabilities.reasonToSkip(it) }
}

/** The check [checkId] needs what your app's capabilities do not declare: [reason] says what. */
class CheckNotApplicable(val checkId: String, val reason: String) : RuntimeException("skipped: $reason")

/**
 * Your app differs from the spec: at the step at [location] (`content/native/login-error-states.md:85`)
 * of the check [checkId], in each of [differences].
 */
class ConformanceFailure(
    message: String,
    val checkId: String,
    val location: String,
    val differences: List<String>,
    cause: Throwable? = null
) : AssertionError(message, cause)

/** One check's replay: its steps against one [ReplayedApp], failing at the first step that differs. */
private class Replay(
    private val script: KitScript,
    private val check: KitCheck,
    makeHarness: (KitEnvironment) -> LoginHarness,
    capabilities: AppCapabilities
) {
    private val app = ReplayedApp(check.configuration, check.world, makeHarness, capabilities)
    private val replayed = ArrayList<KitStep>()

    fun run() {
        try {
            replay()
        } finally {
            app.close()
        }
    }

    private fun replay() {
        for (step in check.steps) {
            replayed.add(step)
            try {
                when (step.kind) {
                    "setup" -> app.setUp(step.configuration, step.world)
                    "action" -> step.inputs.forEach { input ->
                        val problems = app.take(input)
                        if (problems.isNotEmpty()) throw failure(step, problems)
                    }
                    "outcome" -> {
                        val differences = app.differences(step.expect ?: throw KitScriptException("an outcome step without \"expect\""))
                        if (differences.isNotEmpty()) throw failure(step, differences)
                    }
                    else -> throw KitScriptException("a step of kind \"${step.kind}\", which this kit does not know")
                }
            } catch (failure: ConformanceFailure) {
                throw failure
            } catch (thrown: Exception) {
                throw failure(step, listOf(ReplayedApp.problem(thrown, "this step")), thrown.takeUnless { it is KitScriptException })
            }
        }
    }

    private fun failure(step: KitStep, differences: List<String>, cause: Throwable? = null): ConformanceFailure {
        val location = script.location(step.line)
        val message = buildString {
            append("$location: ${step.words}\n")
            differences.forEach { append("  - $it\n") }
            append("in ${script.spec.id} (${script.platform}) ${check.id}: ${check.name} (${script.location(check.line)})\n")
            append("steps replayed:\n")
            replayed.forEach { append(if (it === step) "  > " else "    ").append("${it.line}  ${it.words}\n") }
        }
        return ConformanceFailure(message.trimEnd(), check.id, location, differences, cause)
    }
}

/**
 * An app as the kit replays inputs on it: the fakes, the store and the harness, which live as
 * long as one check's replay or one lockstep sequence's. A written check and the lockstep give
 * it each input the same way, and compare what it shows the same way.
 */
internal class ReplayedApp(
    // The start; a check's setup steps change it.
    private var configuration: ScriptConfiguration?,
    private var world: KitWorld?,
    private val makeHarness: (KitEnvironment) -> LoginHarness,
    private val capabilities: AppCapabilities
) {
    private val log = KitLog()
    // The server changes the world too: a passkey revoked in the account settings stays revoked
    // until a setup step sets the world again.
    private val server = FakeServer(
        { world ?: throw KitScriptException("a step needs the server before any step sets the world") },
        { changed -> world = changed },
        log
    )
    // It asks the server which challenges it issued.
    private val passkeys = FakePasskeyApi(log, server)
    private val signals = FakeSignals()
    private val store = KitStore()
    private var harness: LoginHarness? = null

    /** More answers than this after one input means the app keeps calling the server. */
    private val answersPerInput = 100

    /** A setup step: its configuration applies when the controller is made, its world at once. */
    fun setUp(configuration: ScriptConfiguration?, world: KitWorld?) {
        configuration?.let { this.configuration = it }
        world?.let { this.world = it }
    }

    /** Ends the replay: code on this thread no longer reaches its fakes. */
    fun close() {
        KitEnvironment.current = null
    }

    /**
     * Gives the app [input] and lets it finish its work; what is wrong at once (an action not
     * offered, no prompt to end, a request without fresh options), empty when nothing is. An
     * exception of the app, or a [KitScriptException], propagates: [problem] words it.
     */
    fun take(input: KitInput): List<String> {
        // A prompt the app opens while it takes the passkey button or a chosen action, its
        // server calls included, is the user's: explicit.
        passkeys.userActivation = input.event == "passkey-button-tapped" || input.event == "choose"
        passkeys.opens = input.opens?.let { PromptKind.of(it) }
        try {
            return deliver(input)
        } finally {
            passkeys.userActivation = false
            passkeys.opens = null
        }
    }

    private fun deliver(input: KitInput): List<String> {
        // The identifier field's request whose challenge is about to run out, which the app must replace.
        var expiring: PasskeyRequest? = null
        when (input.event) {
            // An app without an identifier field never gets one: the checks it runs hold whatever
            // the entry, so the identifier changes nothing the kit compares.
            "identifier-entered" -> if (LoginEntry.IDENTIFIER_FIRST in capabilities.entries) {
                currentHarness().send(UserEvent.IdentifierEntered)
            } else {
                currentHarness()
            }
            "app-relaunched" -> {
                passkeys.dropAll()
                harness = newHarness()
            }
            "prompt-result" -> {
                val result = passkeyResult(input)
                val request = passkeys.openPromptRequest
                    ?: return listOf("the step ends the passkey prompt with $result, but the app has no passkey prompt open")
                input.prompt?.let { kind ->
                    if (request.kind.id != kind) {
                        return listOf("the step ends the $kind passkey prompt with $result, but the app's open prompt is ${request.kind.id}")
                    }
                }
                unoffered(result, request)?.let { return listOf(it) }
                passkeys.finishPrompt(result)
            }
            "suggestion-result" -> {
                val result = passkeyResult(input)
                val request = passkeys.suggestionsRequest
                    ?: return listOf("the step picks from the identifier field's suggestions ($result), but the app offers none")
                unoffered(result, request)?.let { return listOf(it) }
                passkeys.finishSuggestions(result)
            }
            "choose" -> {
                val action = UserAction.of(input.action ?: throw KitScriptException("\"choose\" without an action"))
                val app = currentHarness().observe()
                // The login screen's other sign-in methods are the fallback, offered or not, unless a blocking notice covers them.
                val onLoginScreen = action == UserAction.FALLBACK && app.screen == Screen.LOGIN &&
                    (app.notice == null || app.notice.presentation == NoticePresentation.NON_BLOCKING)
                if (action !in app.actions && !onLoginScreen) {
                    return listOf("the step chooses \"${action.id}\", but the app offers ${list(app.actions.map { it.id })}")
                }
                currentHarness().send(UserEvent.Choose(action))
            }
            else -> {
                val event = userEvent(input)
                if (event == UserEvent.SuggestionsChallengeExpiring) expiring = passkeys.suggestionsRequest
                currentHarness().send(event)
            }
        }
        settle()
        // A request without fresh options is wrong whatever the next outcome step expects, and
        // the step that made it is the one to fix: it fails here, not at the next outcome.
        val requests = passkeys.takeChallengeProblems()
        if (requests.isNotEmpty()) return requests
        val stillPending = expiring?.let { notRenewed(it) }
        return if (stillPending == null) emptyList() else listOf(stillPending)
    }

    /**
     * Why the step fails when the identifier field's request whose challenge is about to run
     * out is still the one pending: the app must cancel it and set a new one with fresh
     * options. (A new request with the same challenge is a challenge used again, reported before.)
     */
    private fun notRenewed(request: PasskeyRequest): String? =
        if (passkeys.suggestionsRequest === request) {
            "expected the identifier field's request armed again with fresh options; it still carries challenge \"${request.challenge}\""
        } else {
            null
        }

    /** Lets the app finish its work, delivering the server's answers one by one. */
    private fun settle() {
        val harness = harness ?: return
        var delivered = 0
        while (true) {
            harness.awaitIdle()
            if (!server.deliverNext()) return
            if (++delivered > answersPerInput) throw KitScriptException("the app made more than $answersPerInput server calls after one input")
        }
    }

    private fun currentHarness(): LoginHarness = harness ?: newHarness().also { harness = it }

    private fun newHarness(): LoginHarness {
        val configuration = configuration ?: throw KitScriptException("the check sets no configuration before its first event")
        val environment = KitEnvironment(configuration.appConfiguration, passkeys, server, signals, store)
        KitEnvironment.current = environment
        return makeHarness(environment)
    }

    private fun userEvent(input: KitInput): UserEvent = when (input.event) {
        "screen-appeared" -> UserEvent.ScreenAppeared
        "identifier-entered" -> UserEvent.IdentifierEntered
        "passkey-button-tapped" -> UserEvent.PasskeyButtonTapped
        "suggestions-challenge-expiring" -> UserEvent.SuggestionsChallengeExpiring
        "fallback-sign-in-succeeded" -> UserEvent.FallbackSignInSucceeded
        "passkey-revoked-in-settings" ->
            UserEvent.PasskeyRevokedInSettings(input.passkey ?: throw KitScriptException("\"${input.event}\" without a passkey"))
        "signed-out" -> UserEvent.SignedOut
        else -> throw KitScriptException("the event \"${input.event}\", which this kit does not know; export the kit again")
    }

    /** Why the step fails when it picks a passkey the request does not allow (an empty list allows any). */
    private fun unoffered(result: PasskeyResult, request: PasskeyRequest): String? =
        if (result is PasskeyResult.Picked && request.allowedPasskeys.isNotEmpty() && result.passkey !in request.allowedPasskeys) {
            "the step picks passkey \"${result.passkey}\", but the app's ${request.kind.id} request allows only ${list(request.allowedPasskeys)}"
        } else {
            null
        }

    private fun passkeyResult(input: KitInput): PasskeyResult {
        val result = input.result ?: throw KitScriptException("\"${input.event}\" without a result")
        return result.passkey?.let { PasskeyResult.Picked(it) } ?: PasskeyResult.Failed(result.name, result.code, result.message)
    }

    /**
     * Each difference between [expected] and what the app and the fakes show, then what the
     * fakes saw the app do that nothing asked for; empty when there is none.
     */
    fun differences(expected: KitExpectation): List<String> {
        val app = currentHarness().observe()
        val differences = ArrayList<String>()
        // A field the step's words do not name is compared too; its difference says where the expectation comes from.
        fun note(field: String, text: String) {
            val named = expected.named
            differences.add(
                if (named == null || field in named) text
                else "$text (not in the step's words: the spec's engine shows it after the steps so far)"
            )
        }
        if (app.screen.id != expected.screen) note("screen", "screen: expected ${expected.screen}; the app shows ${app.screen.id}")
        if (app.route?.id != expected.route) {
            note("route", "account route: expected ${expected.route ?: "none"}; the app has ${app.route?.id ?: "none"} open")
        }
        noticeDifferences(expected.notice, app.notice).forEach { note("notice", it) }
        val actions = app.actions.map { it.id }
        // Compared as sets of the same size, without making sets: this runs for every lockstep sequence.
        if (actions.size != expected.actions.size || !actions.containsAll(expected.actions) || !expected.actions.containsAll(actions)) {
            note("actions", "actions offered: expected ${list(expected.actions)}; the app offers ${list(actions)}")
        }
        val prompt = passkeys.openPrompt?.id
        if (prompt != expected.prompt) {
            note(
                "prompt",
                "passkey prompt: expected ${expected.prompt?.let { "an $it prompt open" } ?: "none open"}; ${prompt?.let { "an $it prompt is open" } ?: "none is open"}"
            )
        }
        if (passkeys.suggestionsOffered != expected.suggestions) {
            note(
                "suggestions",
                "passkeys in the identifier field: expected ${if (expected.suggestions) "offered" else "none"}; " +
                    if (passkeys.suggestionsOffered) "the app offers them" else "the app offers none"
            )
        }
        if (app.session != expected.session) {
            note("session", "session: expected ${if (expected.session) "one" else "none"}; the app has ${if (app.session) "one" else "none"}")
        }
        if (signals.signals != expected.signals) {
            note("signals", "signals sent so far: expected ${signalList(expected.signals)}; the app sent ${signalList(signals.signals)}")
        }
        expected.lookups?.let { lookups ->
            if (server.lookups != lookups) {
                note("lookups", "route lookups so far (the server's lookUp calls): expected $lookups; the app made ${server.lookups}")
            }
        }
        expected.optionsCalls?.let { calls ->
            if (server.optionsCalls != calls) {
                note("optionsCalls", "request-options calls so far (the server's requestOptions calls): expected $calls; the app made ${server.optionsCalls}")
            }
        }
        differences.addAll(log.problems)
        log.problems.clear()
        // A request made outside an input: as the kit made the harness, or as it observed it.
        differences.addAll(passkeys.takeChallengeProblems())
        return differences
    }

    /** Signals as a list; a full list that names no passkey says so. */
    private fun signalList(sent: List<String>) =
        list(sent.map { if (it.endsWith(" ")) "$it(an empty list)" else it })

    private fun noticeDifferences(expected: KitNotice?, shown: ShownNotice?): List<String> {
        if (expected == null && shown == null) return emptyList()
        if (expected == null) return listOf("notice: expected none; the app shows ${describe(shown!!)}")
        if (shown == null) return listOf("notice: expected the \"${expected.scenario}\" notice, ${describe(expected)}; the app shows none")
        val differences = ArrayList<String>()
        val copy = "the \"${expected.scenario}\" copy"
        if (shown.title != expected.title) differences.add("notice title: expected ${textDifference(expected.title, shown.title, copy)}")
        if (shown.message != expected.message) differences.add("notice message: expected ${textDifference(expected.message, shown.message, copy)}")
        if (shown.buttons != expected.buttons) {
            differences.add("notice buttons: expected ${list(expected.buttons)} ($copy); the app shows ${list(shown.buttons)}")
        }
        val presentation = shown.presentation
        if (expected.presentation != null && presentation != null && presentation.id != expected.presentation) {
            differences.add("notice presentation: expected ${expected.presentation} ($copy); the app shows it ${presentation.id}")
        }
        return differences
    }

    private fun describe(notice: KitNotice) = "\"${notice.title}\" / \"${notice.message}\" ${list(notice.buttons)}"

    private fun describe(notice: ShownNotice) = "\"${notice.title}\" / \"${notice.message}\" ${list(notice.buttons)}"

    /** Both texts, and where they first differ, since copy can differ in a character hard to see (’ and '). */
    private fun textDifference(expected: String, shown: String, copy: String): String {
        var index = 0
        while (index < expected.length && index < shown.length && expected[index] == shown[index]) index++
        val texts = "\"$expected\" ($copy); the app shows \"$shown\""
        // Where they part is worth saying only for two versions of one text (a straight quote for
        // a curly one), which share at least half the spec's text at their start and end; two
        // different texts just differ.
        var suffix = 0
        while (suffix < expected.length - index && suffix < shown.length - index &&
            expected[expected.length - 1 - suffix] == shown[shown.length - 1 - suffix]
        ) suffix++
        if ((index + suffix) * 2 < expected.length) return texts
        return "$texts: they differ from character ${index + 1}, " +
            "${character(expected, index)} in the spec, ${character(shown, index)} in the app"
    }

    private fun character(text: String, index: Int): String {
        if (index >= text.length) return "the end"
        val codePoint = text.codePointAt(index)
        return "\"${String(Character.toChars(codePoint))}\" (U+%04X)".format(codePoint)
    }

    private fun list(items: List<String>) = items.joinToString(", ", "[", "]") { "\"$it\"" }

    companion object {
        /**
         * [thrown], which interrupted [what] (`this step`), in words; a JUnit assumption is
         * rethrown, since the harness (or the app) skips the check with it: it is not the app failing.
         */
        fun problem(thrown: Exception, what: String): String {
            if (thrown.javaClass.name == "org.opentest4j.TestAbortedException") throw thrown
            if (thrown is KitScriptException) return "the kit cannot replay $what: ${thrown.message}"
            return "the app threw $thrown while the kit replayed $what"
        }
    }
}
