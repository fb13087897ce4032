package example.login

import passkeyspec.kit.KitEnvironment
import passkeyspec.kit.LoginHarness
import passkeyspec.kit.checks.N1_4AndroidChecks

/** Every N1.4 check on Android against the example controller: all the app team writes. */
class LoginConformanceTest : N1_4AndroidChecks() {
    override fun harness(kit: KitEnvironment): LoginHarness = ExampleLoginHarness(kit)
}
