package passkeyspec.kit

/**
 * The base of the kit's generated test classes: one per spec, one test per check. Extend the
 * generated class once and say how to make your harness:
 *
 * ```
 * class LoginConformanceTest : N1_4AndroidChecks() {
 *     override fun harness(kit: KitEnvironment): LoginHarness = MyLoginHarness(kit)
 * }
 * ```
 */
abstract class ConformanceSuite(
    /** The script's file in the kit's `scripts/` folder, e.g. `N1.4.android.json`. */
    private val scriptFile: String,
    /** The script's fingerprint when the tests were generated: tests and script must match. */
    private val fingerprint: String
) {
    /** Your controller, made with the kit's configuration and fakes, behind your harness. */
    abstract fun harness(kit: KitEnvironment): LoginHarness

    /**
     * What your app supports; a check that needs anything else is skipped with the reason (a
     * JUnit assumption). Everything unless you override it.
     */
    open val capabilities: AppCapabilities get() = AppCapabilities.EVERYTHING

    /** The script the checks replay (read once per file). */
    val script: KitScript
        get() = synchronized(loaded) { loaded.getOrPut(scriptFile) { KitScript.load(scriptFile) } }.also { script ->
            if (script.spec.fingerprint != fingerprint) {
                throw KitScriptException(
                    "scripts/$scriptFile has fingerprint ${script.spec.fingerprint}, but these tests were generated " +
                        "with $fingerprint: export the kit again so that tests and scripts match"
                )
            }
        }

    /** Replays the check [id] against your app; throws a [ConformanceFailure] where it differs. */
    fun check(id: String) {
        try {
            ConformanceRunner(script).run(id, capabilities) { harness(it) }
        } catch (skipped: CheckNotApplicable) {
            throw org.opentest4j.TestAbortedException(skipped.reason)
        }
    }

    private companion object {
        val loaded = HashMap<String, KitScript>()
    }
}
