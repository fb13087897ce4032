import ConformanceKit
import Foundation
import ReportModel
import Testing

/// What the web kit's generator writes for a set of scripts: the runtime, the scripts as JSON,
/// one module per spec with one test per check, and the module that defines every spec's.
@Suite struct TypeScriptKitWriterTests {
    static func step(_ keyword: String, _ text: String, line: Int, kind: String) -> KitStep {
        KitStep(keyword: keyword, text: text, line: line, kind: kind)
    }

    static func check(_ id: String, _ name: String, line: Int) -> KitCheck {
        KitCheck(
            id: id, name: name, criterion: nil, line: line,
            configuration: KitConfiguration(
                automaticStart: "none", enumerationPolicy: "conceal", fallback: "password", accountRoutes: [:]),
            world: KitWorld(
                account: "active", routeAvailable: true, devicePasskeys: [], serverPasskeys: [:], lookupFault: nil,
                verificationInconclusive: false),
            steps: [
                step("When", "the login screen appears", line: line + 1, kind: "action"),
                step("Then", "the login screen is shown", line: line + 2, kind: "outcome"),
            ])
    }

    static func script(_ id: String, file: String, checks: [KitCheck], skipped: [KitSkip] = []) -> KitScript {
        KitScript(
            spec: KitSpec(id: id, title: "Passkey “login”", file: file, fingerprint: "0123456789abcdef"),
            platform: "web", copy: [:], checks: checks, skipped: skipped)
    }

    static let errors = script(
        "W1.4", file: "web/login-error-states.md",
        checks: [
            check("W1.4-AC01/on-load", "On load the page offers passkeys", line: 295),
            check("W1.4-AC02/cancel", "Cancelling the \"passkey\" button's dialog changes nothing", line: 329),
        ],
        skipped: [KitSkip(check: "W1.4-AC03/never", reason: "a step does not bind")])
    static let recovery = script(
        "W2.1", file: "web/recovery.md", checks: [check("W2.1-AC01/recover", "A user recovers", line: 12)])

    static func text(_ files: [KitFile], _ path: String) -> String? {
        files.first { $0.path == path }.map { String(decoding: $0.contents, as: UTF8.self) }
    }

    @Test func writesTheRuntimeTheScriptsAndOneModulePerSpec() {
        let paths = Set(KitWriter.files(.typescript, scripts: [Self.errors, Self.recovery]).map(\.path))
        for path in [
            "README.md", "node.d.ts", "runtime/index.ts", "runtime/harness.ts", "runtime/runner.ts",
            "runtime/credentials.ts", "runtime/server.ts", "runtime/signals.ts", "runtime/storage.ts",
            "runtime/script.ts", "adapters/browser-credentials.ts", "scripts/W1.4.web.json", "scripts/W2.1.web.json",
            "tests/W1.4.web.ts", "tests/W2.1.web.ts", "tests/index.ts",
        ] {
            #expect(paths.contains(path), "\(path) is in the kit")
        }
        #expect(
            !paths.contains(where: { $0.hasPrefix("swift/") || $0.hasPrefix("typescript/") || $0.hasSuffix(".keep") }))
    }

    @Test func definesOneTestPerCheckNamedByItsIDAndName() throws {
        let module = try #require(Self.text(KitWriter.files(.typescript, scripts: [Self.errors]), "tests/W1.4.web.ts"))
        let tests = module.split(separator: "\n").filter { $0.hasPrefix("  define(") }
        #expect(
            tests == [
                #"  define("W1.4-AC01/on-load: On load the page offers passkeys", function () { return runCheck(script, "W1.4-AC01/on-load", makeHarness, options, arguments[0]); });"#,
                #"  define("W1.4-AC02/cancel: Cancelling the \"passkey\" button's dialog changes nothing", function () { return runCheck(script, "W1.4-AC02/cancel", makeHarness, options, arguments[0]); });"#,
            ])
        #expect(module.contains("export function defineConformanceTests(makeHarness: HarnessFactory"))
        #expect(module.contains("import { test } from \"node:test\";"))
        #expect(module.contains("// Left out on web: W1.4-AC03/never: a step does not bind."))
    }

    @Test func namesTheSpecFileAndEachChecksLine() throws {
        let module = try #require(Self.text(KitWriter.files(.typescript, scripts: [Self.errors]), "tests/W1.4.web.ts"))
        #expect(module.contains("the checks of web/login-error-states.md"))
        #expect(module.contains("  // web/login-error-states.md:295\n  define(\"W1.4-AC01/on-load"))
        #expect(module.contains("  // web/login-error-states.md:329\n  define(\"W1.4-AC02/cancel"))
        // The script the runner replays carries every step's line, for the failure messages.
        let json = String(decoding: KitWriter.json(Self.errors), as: UTF8.self)
        #expect(module.contains("export const script: KitScript = \(json);"))
        #expect(json.contains("\"line\" : 331"))
    }

    @Test func theIndexDefinesEverySpecsTests() throws {
        let index = try #require(
            Self.text(KitWriter.files(.typescript, scripts: [Self.recovery, Self.errors]), "tests/index.ts"))
        #expect(index.contains("import * as spec1 from \"./W1.4.web.js\";\nimport * as spec2 from \"./W2.1.web.js\";"))
        #expect(index.contains("export const scripts: KitScript[] = [spec1.script, spec2.script];"))
        #expect(index.contains("  spec1.defineConformanceTests(makeHarness, options);\n  spec2.defineConformanceTests"))
    }

    @Test func theSameScriptsGiveTheSameFiles() {
        let once = KitWriter.files(.typescript, scripts: [Self.errors, Self.recovery])
        #expect(once == KitWriter.files(.typescript, scripts: [Self.errors, Self.recovery]))
        #expect(once == KitWriter.files(.typescript, scripts: [Self.recovery, Self.errors]))
        #expect(once.map(\.path) == once.map(\.path).sorted())
    }
}
