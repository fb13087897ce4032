package android.content

// Android's Context on the JVM, where the Android SDK is absent: code written for Android hands
// one to CredentialManager, which needs nothing from it here, since the kit's stand-ins reach
// the fakes through `KitEnvironment.current` instead.

/**
 * Stands for `android.content.Context`: it holds nothing. In a test, make one with
 * `object : Context() {}`.
 */
abstract class Context {
    /** `getApplicationContext()`: this context, as the JVM has one application. */
    open val applicationContext: Context
        get() = this
}
