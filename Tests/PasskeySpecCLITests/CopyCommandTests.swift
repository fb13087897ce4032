import Foundation
import TestSupport
import Testing

@testable import PasskeySpecCLI

@Suite struct CopyCommandTests {
    @Test func printsBothPlatformsWithKeys() {
        let result = InProcess.run(["copy", "passkey-not-accepted"])
        #expect(result.status == .success)
        #expect(
            result.stdout.hasPrefix(
                "The selected passkey is no longer accepted (passkey-not-accepted) in N1.4, native/login-error-states.md (iOS, Android)\n\niOS\n"
            ))
        #expect(result.stdout.contains("  Title         “Passkey Can’t Be Used”  [passkey-not-accepted.title]\n"))
        #expect(
            result.stdout.contains(
                "  Action        another-passkey “Choose another passkey”  [passkey-not-accepted.action.another-passkey; R.string.passkey_not_accepted_action_another_passkey]\n"
            ))
    }

    @Test func onePlatformAsJSON() throws {
        let result = InProcess.run(["copy", "explicit-cancel", "--platform", "ios", "--format", "json"])
        #expect(result.status == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let specs = try #require(object["specs"] as? [[String: Any]])
        #expect(specs.map { $0["spec"] as? String } == ["N1.4"], "only the spec that covers iOS")
        let platforms = try #require(specs[0]["platforms"] as? [[String: Any]])
        #expect(platforms.count == 1)
        #expect(platforms[0]["platform"] as? String == "ios")
        let title = try #require(platforms[0]["title"] as? [String: Any])
        #expect(title["key"] is NSNull, "None is no string, so it has no key")
        #expect(title["text"] is NSNull, "None has no text")
        #expect((platforms[0]["signals"] as? [String]) == ["ASAuthorizationError.Code.canceled"])
    }

    @Test func anUnknownIDListsTheClosest() {
        let result = InProcess.run(["copy", "explicit-cancle"])
        #expect(result.status == .failure)
        #expect(
            result.stderr.hasPrefix(
                "passkey-spec: error: unknown scenario 'explicit-cancle'; the closest are 'explicit-cancel', "))
    }

    /// An ID that two pages have is suggested once.
    @Test func anUnknownIDListsEachClosestOnce() {
        let result = InProcess.run(["copy", "deleted-pasky"])
        #expect(result.status == .failure)
        #expect(result.stdout == "")
        #expect(
            result.stderr
                == "passkey-spec: error: unknown scenario 'deleted-pasky'; the closest are 'deleted-passkey', 'passkey-failed', 'lookup-failed' [unknown-scenario]\n"
        )
    }

    /// The flow's scenarios, each once with the specs that have it: the IDs a page may use.
    @Test func listsTheFlowsScenarios() {
        let result = InProcess.run(["copy", "--list"])
        #expect(result.status == .success)
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 11)
        #expect(lines[0] == "account-cannot-continue    Account cannot continue with this route [N1.4, W1.4]")
        #expect(lines.filter { $0.hasPrefix("explicit-cancel ") }.map { $0.suffix(12) } == ["[N1.4, W1.4]"])
        #expect(
            lines.contains("automatic-cancel-first     Passkey login aborted during OS prompt (first attempt) [N1.4]"))
    }

    /// A scenario of the flow that no page given has is listed all the same, marked.
    @Test func listsAScenarioNoPageHas() throws {
        let result = InProcess.run(["copy", "--list", webSpec])
        #expect(result.status == .success, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.count == 11)
        #expect(
            lines.filter { $0.hasSuffix("[no page]") } == [
                "automatic-cancel-first     [no page]", "automatic-cancel-repeated  [no page]",
                "no-passkey-used            [no page]",
            ])
        let listed = try #require(
            try json(InProcess.run(["copy", "--list", "--format", "json", webSpec]).stdout) as? [[String: Any]])
        let uncovered = try #require(listed.first { $0["scenario"] as? String == "no-passkey-used" })
        #expect(uncovered["title"] is NSNull)
        #expect((uncovered["specs"] as? [String])?.isEmpty == true)
        #expect(uncovered["flow"] as? String == "passkey-login")
    }

    /// No page given has the scenario's copy for the platform asked for: an error that says
    /// where its copy is, and which page covers the platform without it.
    @Test func aPlatformWithoutTheScenarioIsAnError() {
        for format in ["text", "json"] {
            let result = InProcess.run(
                ["copy", "automatic-cancel-first", "--platform", "web", "--format", format, InProcess.content])
            #expect(result.status == .failure)
            #expect(result.stdout == "")
            #expect(
                result.stderr
                    == "passkey-spec: error: scenario 'automatic-cancel-first' has no Web copy (W1.4 covers Web without it); it has copy for iOS, Android [no-copy-for-platform]\n"
            )
        }
    }

    /// A scenario on the Native and the Web page: JSON has both specs, by ID, each with every
    /// platform, as the text does.
    @Test func jsonHasEverySpecOfTheScenarioByID() throws {
        let result = InProcess.run(["copy", "deleted-passkey", "--format", "json", InProcess.content])
        #expect(result.status == .success, "\(result.stderr)")
        let object = try #require(try json(result.stdout) as? [String: Any])
        let specs = try #require(object["specs"] as? [[String: Any]])
        #expect(specs.map { $0["spec"] as? String } == ["N1.4", "W1.4"])
        #expect(specs.map { $0["path"] as? String } == ["native/login-error-states.md", "web/login-error-states.md"])
        let platforms = specs.map { spec in
            (spec["platforms"] as? [[String: Any]] ?? []).map { $0["platform"] as? String ?? "" }
        }
        #expect(platforms == [["ios", "android"], ["web"]])
    }

    /// Each string's name in each export of its platform that holds it.
    @Test func jsonNamesEachStringInEachExport() throws {
        let result = InProcess.run(["copy", "deleted-passkey", "--format", "json", InProcess.content])
        let object = try #require(try json(result.stdout) as? [String: Any])
        let specs = try #require(object["specs"] as? [[String: Any]])
        var resources: [String: [String: String]] = [:]
        for spec in specs {
            for platform in spec["platforms"] as? [[String: Any]] ?? [] {
                let title = try #require(platform["title"] as? [String: Any])
                resources[platform["platform"] as? String ?? ""] = title["resources"] as? [String: String]
            }
        }
        #expect(resources["ios"] == ["xcstrings": "deleted-passkey.title", "strings": "deleted-passkey.title"])
        #expect(resources["android"] == ["android-xml": "R.string.deleted_passkey_title"])
        #expect(resources["web"] == ["web-json": "deleted-passkey.title"])
    }

    /// A None cell is no string: no key that no export has.
    @Test func aNoneCellHasNoKey() throws {
        let result = InProcess.run(["copy", "automatic-cancel-first", "--platform", "ios", InProcess.content])
        #expect(result.status == .success, "\(result.stderr)")
        #expect(result.stdout.contains("  Title         None\n"))
        #expect(!result.stdout.contains("automatic-cancel-first.title"))
        #expect(result.stdout.contains("“Try Passkey Again”  [automatic-cancel-first.action.retry]"))
    }

    @Test func theListIsJSONWhenAskedFor() throws {
        let result = InProcess.run(["copy", "--list", "--format", "json", InProcess.content])
        #expect(result.status == .success)
        let listed = try #require(try json(result.stdout) as? [[String: Any]])
        #expect(listed.count == 11)
        #expect(listed[0]["scenario"] as? String == "account-cannot-continue")
        #expect(listed[0]["flow"] as? String == "passkey-login")
        #expect(listed[0]["title"] as? String == "Account cannot continue with this route")
        #expect(listed[0]["specs"] as? [String] == ["N1.4", "W1.4"])
    }

    @Test func needsAnIDOrList() {
        let result = InProcess.run(["copy"])
        #expect(result.status == .usage)
        #expect(result.stderr.contains("[missing-scenario-argument]"))
    }
}

@Suite struct ExportFormatTests {
    @Test(arguments: ["json", "schema", "xcstrings", "strings", "android-xml"])
    func everyStaticFormatMatchesThePublishedFile(format: String) throws {
        let paths = [
            "json": "spec.json", "schema": "spec.schema.json", "xcstrings": "Localizable.xcstrings",
            "strings": "Localizable.strings", "android-xml": "android/res/values/strings.xml",
        ]
        let result = InProcess.run(["export", "--format", format])
        #expect(result.status == .success)
        let published = BinaryRunner.packageRoot.appendingPathComponent("site/exports/\(paths[format]!)")
        #expect(result.stdout == (try String(contentsOf: published, encoding: .utf8)))
    }

    @Test func junitRunsTheChecks() {
        let result = InProcess.run(["export", "--format", "junit"])
        #expect(result.status == .success)
        #expect(result.stdout.contains("<testsuites name=\"passkey-spec\""))
    }
}

/// The Web copy of the real Web spec page, which `lint` passes: the tool reads and prints
/// nothing from content with errors. How copy that needs escaping is exported is tested on the
/// exports themselves (`Tests/ExportsTests/WebExportTests.swift`).
@Suite struct WebCopyCommandTests {
    @Test func printsTheWebCopyWithKeys() {
        let result = InProcess.run(["copy", "deleted-passkey", "--platform", "web", webSpec])
        #expect(result.status == .success, "\(result.stderr)")
        #expect(
            result.stdout == """
                Error: tried deleted passkey (deleted-passkey) in W1.4, web/login-error-states.md (Web)

                Web
                  Trigger       Passkey assertion succeeds; the server answers credential-not-found, or verification-failed (the assertion itself did not verify)
                  Signals       credential-not-found, verification-failed
                  Presentation  Inline message
                  Announcement  The message is written into a role="alert" container that is on the page, empty, before it (WCAG technique ARIA19)
                  Exports       web-json
                  Title         “This passkey can’t be used”  [deleted-passkey.title]
                  Message       “This passkey can no longer sign you in. It may have been deleted. Choose another passkey, or sign in another way.”  [deleted-passkey.message]
                  Action        another-passkey “Choose another passkey”  [deleted-passkey.action.another-passkey]
                  Action        fallback        “Sign in another way”  [deleted-passkey.action.fallback]

                """)
    }

    /// Every platform of every spec that has the scenario, in the specs' order and each
    /// spec's own order of platforms.
    @Test func everyPlatformOfTheSpecInOrder() {
        let result = InProcess.run(["copy", "deleted-passkey", InProcess.content])
        #expect(result.status == .success)
        let headings = result.stdout.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(headings.count == 5, "\(result.stdout)")
        #expect(headings.first?.hasSuffix(" in N1.4, native/login-error-states.md (iOS, Android)") == true)
        #expect(Array(headings.dropFirst().prefix(2)) == ["iOS", "Android"])
        #expect(headings.dropFirst(3).first?.hasSuffix(" in W1.4, web/login-error-states.md (Web)") == true)
        #expect(headings.last == "Web")
    }

    @Test func theWebCopyAsJSON() throws {
        let result = InProcess.run(["copy", "deleted-passkey", "--platform", "web", "--format", "json", webSpec])
        #expect(result.status == .success)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let specs = try #require(object["specs"] as? [[String: Any]])
        let platforms = try #require(specs.first?["platforms"] as? [[String: Any]])
        #expect(platforms.count == 1)
        #expect(platforms[0]["platform"] as? String == "web")
        #expect(platforms[0]["presentation"] as? String == "Inline message")
        #expect((platforms[0]["announcement"] as? String)?.contains("role=\"alert\"") == true)
        let title = try #require(platforms[0]["title"] as? [String: Any])
        #expect(title["key"] as? String == "deleted-passkey.title")
        #expect(title["text"] as? String == "This passkey can’t be used")
        let message = try #require(platforms[0]["message"] as? [String: Any])
        #expect(
            message["text"] as? String
                == "This passkey can no longer sign you in. It may have been deleted. Choose another passkey, or sign in another way."
        )
        let actions = try #require(platforms[0]["actions"] as? [[String: Any]])
        #expect(
            actions.map { $0["key"] as? String } == [
                "deleted-passkey.action.another-passkey", "deleted-passkey.action.fallback",
            ])
        #expect(actions.map { $0["text"] as? String } == ["Choose another passkey", "Sign in another way"])
    }

    /// A None action is no string: no key and no text, in text and JSON. The frozen spec page
    /// with one action's cell made None, which `lint` passes.
    @Test func aNoneActionHasNoKeyAndNoText() throws {
        let folder = try TemporaryFolder()
        let row = "| Action `fallback`        | Sign In Another Way | Sign in another way |"
        let spec = try String(contentsOf: BinaryRunner.fixtureSpec, encoding: .utf8)
        #expect(spec.contains(row))
        let path = try folder.write(
            "spec.md",
            spec.replacingOccurrences(of: row, with: "| Action `fallback`        | Sign In Another Way | None |"))
        let text = InProcess.run(["copy", "deleted-passkey", "--platform", "android", path])
        #expect(text.status == .success, "\(text.stderr)")
        #expect(text.stdout.hasSuffix("\n  Action        fallback        None\n"), "\(text.stdout)")
        let result = InProcess.run(["copy", "deleted-passkey", "--platform", "android", "--format", "json", path])
        #expect(result.status == .success, "\(result.stderr)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let platforms = try #require((object["specs"] as? [[String: Any]])?.first?["platforms"] as? [[String: Any]])
        let actions = try #require(platforms.first?["actions"] as? [[String: Any]])
        #expect(
            actions.map { $0["key"] as? String } == ["deleted-passkey.action.another-passkey", nil],
            "None is no string, so it has no key")
        #expect(actions[1]["text"] is NSNull, "None has no text")
        #expect((actions[1]["resources"] as? [String: String])?.isEmpty == true, "nor a name in any export")
    }

    /// A platform no page given covers: nothing to print, which is an error that says so and
    /// where the copy is, in either format.
    @Test func aPlatformNoPageCoversIsAnError() throws {
        let path = BinaryRunner.fixtureSpec.path
        for format in ["text", "json"] {
            let result = InProcess.run(["copy", "deleted-passkey", "--platform", "web", "--format", format, path])
            #expect(result.status == .failure)
            #expect(result.stdout == "")
            #expect(
                result.stderr
                    == "passkey-spec: error: scenario 'deleted-passkey' has no Web copy (no page given covers Web); it has copy for iOS, Android [no-copy-for-platform]\n"
            )
        }
    }
}
