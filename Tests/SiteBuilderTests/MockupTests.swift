import Foundation
import PasskeyLoginEngine
import PasskeyLoginFlow
import SpecModel
import SpecParser
import SpecRunner
import Testing

@testable import SiteBuilder

/// The project's content as it is, every spec page, rendered without the slow exploration.
private func renderedContent() throws -> (ContentSet, [String: Data]) {
    let content = projectLint().content
    let report = CheckRunner(
        flows: FlowRegistry([PasskeyLoginFlow.make { _ in Explorer(worlds: [], comparesWorlds: false) }])
    ).run(content)
    return (content, try SiteBuilder().render(content: content, report: report, templates: siteTemplates))
}

/// A mockup as rendered: its classes, its label, and the text of its parts.
private struct RenderedMockup {
    let classes: [String]
    let label: String
    let title: String?
    let message: String?
    let actions: [(id: String, label: String, preferred: Bool)]
    /// Every piece of text in the picture, in order.
    let text: [String]

    init(_ html: String) throws {
        let device = try #require(html.firstMatch(of: /<div class="device ([^"]*)" role="img" aria-label="([^"]*)">/))
        classes = device.1.split(separator: " ").map(String.init)
        label = unescape(String(device.2))
        title = html.firstMatch(of: /<p class="notice-title">([^<]*)<\/p>/).map { unescape(String($0.1)) }
        message = html.firstMatch(of: /<p class="notice-message">([^<]*)<\/p>/).map { unescape(String($0.1)) }
        actions = html.matches(of: /<span class="action([^"]*)" data-action="([^"]*)">([^<]*)<\/span>/).map {
            (String($0.2), unescape(String($0.3)), $0.1.contains("preferred"))
        }
        let figure = html.replacing(/<figcaption>.*<\/figcaption>/.dotMatchesNewlines(), with: "")
        text = figure.split(separator: /<[^>]*>/).map { unescape($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            .filter { !$0.isEmpty }
    }
}

private func unescape(_ text: String) -> String {
    text.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
        .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
        .replacingOccurrences(of: "&amp;", with: "&")
}

/// The mockups of one scenario on a page, in the page's order.
private func mockups(in page: String, scenario: String) throws -> [RenderedMockup] {
    let start = try #require(page.range(of: "id=\"\(SitePaths.scenarioAnchor(scenario))\""), "no \(scenario)")
    let rest = page[start.upperBound...]
    // The mockups come before the scenario's checks, so before the first article that ends.
    let article = rest[..<(rest.range(of: "</article>")?.lowerBound ?? rest.endIndex)]
    return try article.matches(of: /<figure class="mockup">.*?<\/figure>/.dotMatchesNewlines()).map {
        try RenderedMockup(String($0.0))
    }
}

/// What the spec's copy says a platform shows: its words, in the order drawn.
private func expectedActions(_ copy: PlatformCopy) -> [(id: String, label: String)] {
    let labelled = copy.actions.compactMap { action in action.label.text.map { (id: action.id, label: $0) } }
    return labelled.filter { $0.id != "dismiss" } + labelled.filter { $0.id == "dismiss" }
}

@Suite struct MockupTests {
    /// How the site draws a platform is the site's to know: every known platform has its own
    /// entry, and a new one is not drawn as another's.
    @Test func everyKnownPlatformHasItsOwnMockupStyle() {
        for platform in Platform.known {
            #expect(MockupStyle.byPlatform[platform.rawValue] != nil, "\(platform) has no mockup style")
        }
        #expect(Set(MockupStyle.byPlatform.keys) == Set(Platform.known.map(\.rawValue)))
        #expect(Platform.ios.mockup.notice == .alert)
        #expect(Platform.android.mockup.notice == .dialog)
        #expect(Platform.web.mockup.notice == .pageMessage)
    }

    @Test func everyScenarioOfEverySpecHasAMockupPerPlatformBesideItsTableAndOnItsScreensPage() throws {
        let (content, files) = try renderedContent()
        #expect(content.specs.count >= 2)
        for spec in content.specs {
            let specPage = text(files, SitePaths.html(forMarkdown: spec.path))
            let screensPage = text(files, SitePaths.screens(forMarkdown: spec.path))
            #expect(!screensPage.isEmpty, "\(spec.id) has no screens page")
            #expect(specPage.contains("href=\"../\(SitePaths.screens(forMarkdown: spec.path))\""))
            for scenario in spec.scenarios {
                for page in [specPage, screensPage] {
                    let drawn = try mockups(in: page, scenario: scenario.id)
                    #expect(drawn.count == spec.platforms.count, "\(spec.id) \(scenario.id)")
                    #expect(drawn.map { $0.label.components(separatedBy: " ")[0] } == spec.platforms.map(\.displayName))
                }
            }
        }
    }

    @Test func aMockupsWordsAreExactlyTheSpecsWords() throws {
        let (content, files) = try renderedContent()
        var checked = 0
        for spec in content.specs {
            for path in [SitePaths.html(forMarkdown: spec.path), SitePaths.screens(forMarkdown: spec.path)] {
                let page = text(files, path)
                for scenario in spec.scenarios {
                    for (copy, drawn) in zip(scenario.copy, try mockups(in: page, scenario: scenario.id)) {
                        let context = "\(path) \(scenario.id) \(copy.platform.rawValue)"
                        let actions = expectedActions(copy)
                        #expect(drawn.title == copy.title.text, "\(context)")
                        #expect(drawn.message == copy.message.text, "\(context)")
                        #expect(drawn.actions.map(\.id) == actions.map(\.id), "\(context)")
                        #expect(drawn.actions.map(\.label) == actions.map(\.label), "\(context)")
                        // Nothing but the spec's words: no placeholder text, no invented label.
                        let words = [copy.title.text, copy.message.text].compactMap { $0 } + actions.map(\.label)
                        #expect(drawn.text == words, "\(context)")
                        for word in words { #expect(drawn.label.contains(word), "\(context): label") }
                        checked += 1
                    }
                }
            }
        }
        #expect(checked > 20)
    }

    @Test func theKindDrawnIsThePlatformsNoticeWhereTheEngineShowsOneAndTheScreenElsewhere() throws {
        let (content, files) = try renderedContent()
        let screens = PasskeyLoginFlow.flow.explore(nil).screens
        var kinds = Set<String>()
        for spec in content.specs {
            let page = text(files, SitePaths.html(forMarkdown: spec.path))
            for scenario in spec.scenarios {
                for (copy, drawn) in zip(scenario.copy, try mockups(in: page, scenario: scenario.id)) {
                    let context = "\(spec.id) \(scenario.id) \(copy.platform.rawValue)"
                    let engine = screens.filter { $0.platform == copy.platform && $0.scenario == scenario.id }
                    #expect(!engine.isEmpty, "the engine never reaches \(context)")
                    let notice = engine.contains(where: \.showsNotice)
                    let kind = notice ? copy.platform.mockup.notice.rawValue : "screen"
                    #expect(drawn.classes.contains("kind-\(kind)"), "\(context): \(drawn.classes)")
                    #expect(drawn.classes.contains("look-\(copy.platform.mockup.look)"), "\(context)")
                    #expect(Set(drawn.actions.map(\.id)) == Set(engine.flatMap(\.actions)), "\(context)")
                    #expect(drawn.label.hasPrefix("\(copy.platform.displayName) \(notice ? "" : "screen")"))
                    kinds.insert(kind)
                }
            }
        }
        #expect(kinds == ["alert", "dialog", "page-message", "screen"])
    }

    @Test func theFirstActionIsPreferredAndDismissComesLast() throws {
        let location = SourceLocation(file: "a.md", line: 1, column: 1)
        func entry(_ text: String?, _ key: String = "k") -> CopyEntry {
            CopyEntry(key: key, text: text, note: nil, location: location)
        }
        func copy(_ platform: Platform, _ actions: [(String, String?)]) -> PlatformCopy {
            PlatformCopy(
                platform: platform, trigger: Trigger(text: "", signals: [], location: location),
                title: entry("Title"), message: entry("Message."),
                actions: actions.map { CopyAction(id: $0.0, label: entry($0.1)) })
        }
        let three = Mockups.mockup(
            of: copy(.ios, [("dismiss", "Cancel"), ("recovery", "Recover Account"), ("support", "Contact Support")]))
        #expect(three.actions.map(\.id) == ["recovery", "support", "dismiss"])
        #expect(three.actions.map(\.preferred) == [true, false, false])
        #expect(three.actions.map(\.cancel) == [false, false, true])
        #expect(three.stacked, "UIKit stacks three actions")
        #expect(three.label == "iOS alert: Title. Message. Buttons: Recover Account, Contact Support, Cancel.")

        let two = Mockups.mockup(of: copy(.android, [("account-help", "Get help"), ("dismiss", "Cancel")]))
        #expect(two.actions.map(\.preferred) == [true, false])
        #expect(!two.stacked, "two buttons stack only when they do not fit")
        #expect(two.kind == "dialog")

        let onlyCancel = Mockups.mockup(of: copy(.web, [("dismiss", "Close"), ("retry", nil)]))
        #expect(onlyCancel.actions.map(\.id) == ["dismiss"], "an action written None is not drawn")
        #expect(onlyCancel.actions.map(\.preferred) == [true])
        #expect(!Mockups.mockup(of: copy(.web, Array(repeating: ("a", "A"), count: 4))).stacked)
    }

    @Test func aScreenIsLabelledByItsPresentationAndTheWebsBannerFollowsTheSpec() throws {
        let (content, _) = try renderedContent()
        let native = try #require(content.specs.first { $0.platforms.contains(.ios) })
        let web = try #require(content.specs.first { $0.platforms.contains(.web) })
        func mockup(_ spec: Spec, _ scenario: String, _ platform: Platform) throws -> MockupView {
            let scenario = try #require(spec.scenarios.first { $0.id == scenario })
            return Mockups.mockup(of: try #require(scenario.copy(for: platform)))
        }
        let retry = try mockup(native, "automatic-cancel-first", .ios)
        #expect(retry.kind == "screen" && !retry.notice)
        #expect(retry.label == "iOS screen: Login screen with a retry button; no alert. Button: Try Passkey Again.")
        let unchanged = try mockup(native, "explicit-cancel", .android)
        #expect(unchanged.label == "Android screen: the login screen stays as it was. No buttons.")
        #expect(try mockup(web, "account-cannot-continue", .web).banner)
        #expect(try mockup(web, "restricted-account", .web).banner)
        #expect(try !mockup(web, "lookup-failed", .web).banner)
        #expect(try mockup(web, "lookup-failed", .web).label.hasPrefix("Web inline message: "))
    }

    @Test func aPresentationTheMockupCannotDrawIsSaidOnThePicture() {
        let location = SourceLocation(file: "a.md", line: 1, column: 1)
        func copy(_ platform: Platform, presentation: String) -> PlatformCopy {
            PlatformCopy(
                platform: platform, trigger: Trigger(text: "", signals: [], location: location),
                presentation: CopyEntry(key: "p", text: presentation, location: location),
                title: CopyEntry(key: "t", text: "Title", location: location),
                message: CopyEntry(key: "m", text: "Message.", location: location))
        }
        let sheet = Mockups.mockup(of: copy(.ios, presentation: "Action sheet"))
        #expect(sheet.kind == "alert")
        #expect(sheet.drawnAs == "alert")
        #expect(sheet.unlike == "Action sheet")
        #expect(sheet.label.hasPrefix("iOS alert: Title."), "the label names what is drawn")
        let snackbar = Mockups.mockup(of: copy(.android, presentation: "Snackbar"))
        #expect(snackbar.unlike == "Snackbar" && snackbar.label.hasPrefix("Android dialog: "))
        let dialog = Mockups.mockup(of: copy(.android, presentation: "Dialog"))
        #expect(dialog.unlike == nil && dialog.label.hasPrefix("Android dialog: "))
        let banner = Mockups.mockup(of: copy(.web, presentation: "Banner"))
        #expect(banner.banner && banner.unlike == nil && banner.label.hasPrefix("Web banner: "))
    }
}
