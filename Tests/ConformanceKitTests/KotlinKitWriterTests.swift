import Foundation
import ReportModel
import Testing

@testable import ConformanceKit

/// What the Kotlin kit's generator writes for scripts made here: the runtime as `Kits/kotlin/`
/// holds it, the scripts, and one JUnit 5 class per spec with a test per check.
@Suite struct KotlinKitWriterTests {
    static let configuration = KitConfiguration(
        automaticStart: "prompt", enumerationPolicy: "conceal", fallback: "password",
        accountRoutes: ["locked": "recovery"])
    static let world = KitWorld(
        account: "active", routeAvailable: true, devicePasskeys: ["phone"], serverPasskeys: ["phone": "active"],
        lookupFault: nil, verificationInconclusive: false)

    static func check(_ id: String, name: String, line: Int) -> KitCheck {
        KitCheck(
            id: id, name: name, criterion: "N1.4-AC01", line: line, configuration: configuration, world: world,
            steps: [
                KitStep(
                    keyword: "Given", text: "the app starts passkey login automatically", line: line + 1, kind: "setup",
                    configuration: configuration, world: world),
                KitStep(
                    keyword: "When", text: "the login screen appears", line: line + 2, kind: "action",
                    inputs: [KitInput(event: "screen-appeared")]),
            ])
    }

    static let script = KitScript(
        spec: KitSpec(
            id: "N1.4", title: "Passkey Login: Error States", file: "native/login-error-states.md",
            fingerprint: "0123abcd"),
        platform: "android", copy: [:],
        checks: [
            check("N1.4-AC01/the-first-cancellation", name: "The first cancellation", line: 40),
            check("N1.4-AC02/quotes-and-dollars", name: "The \"passkey\" button costs $0\\n", line: 60),
        ],
        skipped: [KitSkip(check: "N1.4-AC03/left-out", reason: "it fails on the engine at line 80")])

    static func files(_ scripts: [KitScript] = [script]) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: KitWriter.files(.kotlin, scripts: scripts).map {
                ($0.path, String(decoding: $0.contents, as: UTF8.self))
            })
    }

    static let testClassPath = "checks/passkeyspec/kit/checks/N1_4AndroidChecks.kt"

    @Test func writesTheRuntimeTheScriptsAndOneTestClassPerSpec() throws {
        let files = Self.files()
        for runtime in [
            "README.md", "templates/AndroidxPasskeyResults.kt.txt", "runtime/passkeyspec/kit/ConformanceRunner.kt",
            "runtime/passkeyspec/kit/ConformanceSuite.kt", "runtime/passkeyspec/kit/Fakes.kt",
            "runtime/passkeyspec/kit/Harness.kt", "runtime/passkeyspec/kit/KitJson.kt",
            "runtime/passkeyspec/kit/KitScript.kt", "runtime/passkeyspec/kit/Lockstep.kt",
            // The androidx.credentials stand-ins, for code written against the library.
            "runtime/androidx/credentials/CredentialManager.kt", "runtime/android/content/Context.kt",
        ] {
            #expect(files[runtime]?.isEmpty == false, "the kit holds \(runtime)")
        }
        #expect(
            files["runtime/passkeyspec/kit/KitScript.kt"]?.contains("const val VERSION = \(KitScript.version)") == true)
        let script = try #require(files["scripts/N1.4.android.json"])
        #expect(try JSONDecoder().decode(KitScript.self, from: Data(script.utf8)) == Self.script)
        #expect(files[Self.testClassPath] != nil)
        #expect(files.count == 27)
    }

    @Test func writesOneTestPerCheckNamedByItsIDAndName() throws {
        let source = try #require(Self.files()[Self.testClassPath])
        #expect(source.contains("package passkeyspec.kit.checks\n"))
        #expect(
            source.contains(
                "abstract class N1_4AndroidChecks : ConformanceSuite(\"N1.4.android.json\", \"0123abcd\") {"))
        #expect(
            source.contains(
                """
                    @Test
                    @DisplayName("N1.4-AC01/the-first-cancellation: The first cancellation")
                    open fun check_N1_4_AC01_the_first_cancellation() = check("N1.4-AC01/the-first-cancellation")
                """))
        // A name's quotes, dollar signs and backslashes are escaped in the Kotlin literal.
        #expect(
            source.contains(
                #"@DisplayName("N1.4-AC02/quotes-and-dollars: The \"passkey\" button costs \$0\\n")"#))
        #expect(source.contains("fun check_N1_4_AC02_quotes_and_dollars() = check(\"N1.4-AC02/quotes-and-dollars\")"))
        // A skipped check is a disabled test that says why.
        #expect(
            source.contains(
                """
                    @Test
                    @Disabled("not replayed on android: it fails on the engine at line 80")
                    @DisplayName("N1.4-AC03/left-out")
                    fun check_N1_4_AC03_left_out() {}
                """))
        #expect(source.components(separatedBy: "    @Test\n").count - 1 == 3)
        #expect(source.contains("import org.junit.jupiter.api.Disabled\n"))
        #expect(
            source.contains(
                """
                        val checkIds: List<String> = listOf(
                            "N1.4-AC01/the-first-cancellation",
                            "N1.4-AC02/quotes-and-dollars"
                        )
                """))
    }

    @Test func saysWhereEachCheckIsInTheSpec() throws {
        let source = try #require(Self.files()[Self.testClassPath])
        #expect(source.contains("    /** The first cancellation (native/login-error-states.md:40) */\n"))
        #expect(source.contains("from native/login-error-states.md (N1.4, fingerprint\n// 0123abcd)"))
    }

    @Test func writesTheSameFilesForTheSameScripts() {
        let first = KitWriter.files(.kotlin, scripts: [Self.script])
        let second = KitWriter.files(.kotlin, scripts: [Self.script])
        #expect(first == second)
        #expect(first.map(\.path) == first.map(\.path).sorted())
    }

    @Test func namesClassesAndMethodsAsKotlinIdentifiers() {
        var script = Self.script
        script.spec.id = "2.1 beta"
        #expect(KotlinKitWriter.className(of: script) == "Spec2_1_betaAndroidChecks")
        #expect(KotlinKitWriter.methodName(of: "W1.4-AC01/it's a \"check\"") == "check_W1_4_AC01_it_s_a_check")
        // Two IDs that read the same as identifiers get different method names.
        script.checks = [
            Self.check("A-1/x", name: "One", line: 1), Self.check("A-1-x", name: "Two", line: 5),
        ]
        script.skipped = []
        let source = KotlinKitWriter.testClass(for: script)
        #expect(source.contains("fun check_A_1_x() = check(\"A-1/x\")"))
        #expect(source.contains("fun check_A_1_x_() = check(\"A-1-x\")"))
        #expect(!source.contains("import org.junit.jupiter.api.Disabled"))
    }

    @Test func writesAClassForEachSpec() {
        var other = Self.script
        other.spec.id = "N2.1"
        let files = Self.files([Self.script, other])
        #expect(files["checks/passkeyspec/kit/checks/N2_1AndroidChecks.kt"] != nil)
        #expect(files["scripts/N2.1.android.json"] != nil)
    }

    @Test func escapesKotlinStringLiterals() {
        #expect(KotlinKitWriter.literal("a\"b\\c$d\ne\u{1}’") == #""a\"b\\c\$d\ne\u0001’""#)
    }
}
