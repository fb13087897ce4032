import Foundation
import SpecModel
import TestSupport
import Testing
import Utilities

@testable import SpecParser

// Line numbers refer to `validSpec`: the Title row is line 13 (cells from column 11), the
// Message row line 14 (column 13), and an Action `retry` row added after it line 15 (column 20).

/// `validSpec` with the Title row's cells replaced.
private func titles(_ ios: String, _ android: String) -> (old: String, new: String) {
    ("| Title | T | T |", "| Title | \(ios) | \(android) |")
}

/// `validSpec` with the Message row's cells replaced.
private func messages(_ ios: String, _ android: String, label: String = "Message") -> (old: String, new: String) {
    ("| Message | M | M |", "| \(label) | \(ios) | \(android) |")
}

/// `validSpec` with an Action `retry` row after the Message row.
private func buttons(_ ios: String, _ android: String, label: String = "Action `retry`") -> (old: String, new: String) {
    ("| Message | M | M |", "| Message | M | M |\n| \(label) | \(ios) | \(android) |")
}

/// The copy-style findings of `validSpec` with one replacement; the page itself must parse cleanly.
private func findings(_ replacement: (old: String, new: String)) -> [Diagnostic] {
    let (page, diagnostics) = parse(validSpec(replacing: replacement.old, with: replacement.new))
    #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
    guard case .spec(let spec) = page else {
        Issue.record("the page is not a spec")
        return []
    }
    return CopyStyle.findings(in: [spec])
}

/// Each finding as `id severity line:column`.
private func summary(_ findings: [Diagnostic]) -> [String] {
    findings.map { "\($0.id.rawValue) \($0.severity.rawValue) \($0.location.line):\($0.location.column)" }
}

/// One case per copy-style message: an input that triggers it and where it must point.
let copyStyleCases: [DiagnosticCase] = [
    DiagnosticCase(
        "copy-title-case", replacing: "| Title | T | T |", with: "| Title | Unable to sign in | T |", 13, 11),
    DiagnosticCase(
        "copy-sentence-case", replacing: "| Title | T | T |", with: "| Title | T | Sign In With Passkey |", 13, 15),
    DiagnosticCase("copy-straight-quote", replacing: "| Message | M | M |", with: "| Message | M | Can't |", 14, 17),
    DiagnosticCase(
        "copy-trailing-period", replacing: "| Message | M | M |",
        with: "| Message | M | M |\n| Action `retry` | Try Again. | R |", 15, 20),
    DiagnosticCase(
        "copy-end-punctuation", replacing: "| Title | T | T |", with: "| Title | This account can’t sign in | T |", 13,
        11),
    DiagnosticCase("copy-placeholder", replacing: "| Message | M | M |", with: "| Message | Hi %@ | M |", 14, 13),
    DiagnosticCase("copy-double-space", replacing: "| Message | M | M |", with: "| Message | M | Try  again |", 14, 17),
    DiagnosticCase(
        "copy-unused-placeholder", replacing: "| Message | M | M |",
        with: "| Message (placeholders: iOS %@) | M | M |", 14, 36),
    DiagnosticCase(
        "copy-button-length", replacing: "| Message | M | M |",
        with: "| Message | M | M |\n| Action `retry` | R | Try signing in with another passkey now |", 15, 24),
]

@Suite struct CopyStyleTests {
    @Test(arguments: [
        ("Can't sign in", "Can’t sign in"), ("the 'Other' button", "the ‘Other’ button"),
        ("say \"Retry\" (or 'Cancel')", "say “Retry” (or ‘Cancel’)"), ("`a'b` isn't", "`a'b` isn’t"),
        ("'quoted'", "‘quoted’"),
    ])
    func quotesAreMadeTypographicOutsideCode(written: String, expected: String) {
        #expect(CopyStyle.typographicQuotes(written) == expected)
    }

    @Test func theValidSpecHasNoFindings() throws {
        let spec = try #require(parsedSpec(validSpec))
        #expect(CopyStyle.findings(in: [spec]).isEmpty)
    }

    @Test(arguments: copyStyleCases)
    func reportsAtTheCell(_ testCase: DiagnosticCase) throws {
        let spec = try #require(parsedSpec(String(decoding: testCase.bytes, as: UTF8.self)))
        let found = CopyStyle.findings(in: [spec])
        #expect(
            summary(found) == ["\(testCase.id.rawValue) warning \(testCase.line):\(testCase.column)"],
            "\(found.map(\.description))")
    }

    @Test func eachPlatformPicksItsConventions() {
        #expect(
            Platform.ios.copyConventions
                == CopyConventions(
                    capitalization: .titleStyle, maximumButtonLength: 25, placeholders: .foundation,
                    titleBudget: TextBudget(presentation: "alert title", lines: 1, charactersPerLine: 28),
                    messageBudget: TextBudget(presentation: "alert message", lines: 2, charactersPerLine: 40)))
        #expect(
            Platform.android.copyConventions
                == CopyConventions(capitalization: .sentenceCase, maximumButtonLength: 25, placeholders: .javaFormatter)
        )
        #expect(Platform.web.copyConventions.placeholders == .braces)
    }

    @Test func aCopyKeysBudgetIsItsPresentations() throws {
        let ios = Platform.ios.copyConventions
        let button = try #require(ios.budget(ofKey: "deleted-passkey.action.fallback"))
        #expect(button == TextBudget(presentation: "button", lines: 1, charactersPerLine: 25))
        #expect(ios.budget(ofKey: "deleted-passkey.title")?.presentation == "alert title")
        #expect(ios.budget(ofKey: "deleted-passkey.message")?.lines == 2)
        // Android's dialogs and the web's messages wrap: only their buttons have a budget.
        #expect(Platform.android.copyConventions.budget(ofKey: "deleted-passkey.title") == nil)
        #expect(Platform.web.copyConventions.budget(ofKey: "deleted-passkey.message") == nil)
        #expect(Platform.web.copyConventions.budget(ofKey: "deleted-passkey.action.retry")?.charactersPerLine == 30)
        #expect(ios.budget(ofKey: "title") == nil && ios.budget(ofKey: "deleted-passkey.presentation") == nil)
    }

    @Test func aBudgetCountsLinesOfCharactersNotBytes() {
        let budget = TextBudget(presentation: "alert title", lines: 1, charactersPerLine: 28)
        #expect(budget.lines(of: "") == 1)
        #expect(budget.lines(of: String(repeating: "ü", count: 28)) == 1)
        #expect(budget.lines(of: String(repeating: "ü", count: 29)) == 2)
        #expect(budget.lines(of: String(repeating: "🇩🇪", count: 57)) == 3)
    }

    /// Each platform reads its own placeholders and no other's.
    @Test func eachPlatformReadsItsOwnPlaceholders() {
        let foundation = PlaceholderSyntax.foundation
        let java = PlaceholderSyntax.javaFormatter
        let braces = PlaceholderSyntax.braces
        for placeholder in ["%@", "%lld", "%d", "%1$@", "%.2f"] {
            #expect(foundation.accepts(placeholder), "\(placeholder)")
        }
        for placeholder in ["%s", "%d", "%1$s", "%2$d"] { #expect(java.accepts(placeholder), "\(placeholder)") }
        for placeholder in ["%@", "%lld", "{name}"] { #expect(!java.accepts(placeholder), "\(placeholder)") }
        #expect(braces.accepts("{name}") && !braces.accepts("%@") && !braces.accepts("{}"))
        #expect(!foundation.accepts("{name}"))
    }

    @Test func messagesFollowTheCatalogueConventions() {
        let samples: [Message] = [
            .copyTitleCase("x", capitalize: ["x"], lowercase: ["A"], part: "title", platform: "iOS"),
            .copySentenceCase(
                "X", capitalize: "x", lowercase: ["Y"], part: "title", platform: "iOS", completeSentence: true),
            .copyStraightQuote("x", quote: "apostrophe '", replacement: "’"),
            .copyTrailingPeriod("x.", part: "title", platform: "Android"),
            .copyEndPunctuation("You can x", part: "title", platform: "iOS"),
            .copyPlaceholder(
                "x", placeholders: ["%@", "%d"], platform: "iOS", label: "Title (placeholders: {0}, iOS %@, %d)"),
            .copyDoubleSpace("x  y"),
            .copyUnusedPlaceholder("x", placeholders: ["%@"], platform: "iOS"),
            .copyButtonLength("x", length: 30, limit: 25, platform: "Android"),
        ]
        for message in samples {
            #expect(message.severity == .warning)
            #expect(message.text.first?.isLowercase == true || message.text.first == "'", "\(message.text)")
            #expect(!message.text.hasSuffix("."), "\(message.text)")
        }
        #expect(Set(samples.map(\.id)) == Set(copyStyleCases.map(\.id)))
        #expect(samples[5].text.hasSuffix("declare them as 'Title (placeholders: {0}, iOS %@, %d)'"))
        #expect(samples.allSatisfy { $0.severity == .warning })
    }

    // MARK: copy-title-case

    @Test func iOSTitlesUseTitleStyleCapitalization() {
        let found = findings(titles("Unable to sign in", "Can’t sign in"))
        #expect(summary(found) == ["copy-title-case warning 13:11"])
        #expect(
            found.first?.message.text
                == "title 'Unable to sign in' is not in iOS title-style capitalization: capitalize 'sign' and 'in'")
    }

    @Test func iOSButtonsUseTitleStyleAndPhrasalParticlesAreCapitalized() {
        let found = findings(buttons("Sign in with passkey", "Sign in with passkey"))
        #expect(summary(found) == ["copy-title-case warning 15:20"])
        #expect(
            found.first?.message.text
                == "button 'Sign in with passkey' is not in iOS title-style capitalization: capitalize 'in' and 'passkey'"
        )
    }

    @Test func phrasalParticlesAreCapitalizedAndMinorWordsAreNot() {
        #expect(findings(buttons("Sign In with Passkey", "Sign in with passkey")).isEmpty)
        #expect(findings(titles("Set Up a Passkey", "Set up a passkey")).isEmpty)
        #expect(findings(buttons("Log In to Your Account", "Log in to your account")).isEmpty)
        #expect(findings(buttons("Turn Off Sync", "Turn off sync")).isEmpty)
        let found = findings(buttons("Sign In With Passkey", "Sign in with passkey"))
        #expect(summary(found) == ["copy-title-case warning 15:20"])
        #expect(
            found.first?.message.text
                == "button 'Sign In With Passkey' is not in iOS title-style capitalization: write 'With' in lowercase")
    }

    @Test func articlesAndShortPrepositionsInTheMiddleAreLowercase() {
        // Apple's HIG: articles, coordinating conjunctions and prepositions of four or fewer
        // letters stay lowercase unless first or last, whatever the writer capitalized.
        let found = findings(buttons("Sign In With A Password", "Sign in with a password"))
        #expect(summary(found) == ["copy-title-case warning 15:20"])
        #expect(
            found.first?.message.text
                == "button 'Sign In With A Password' is not in iOS title-style capitalization: write 'With' and 'A' in lowercase"
        )
        let title = findings(titles("Unable To Check Options For The Account Or Device", "T"))
        #expect(
            title.first?.message.text.hasSuffix("write 'To', 'For', 'The' and 'Or' in lowercase") == true,
            "\(title.map(\.description))")
        let both = findings(titles("unable To Sign In", "T"))
        #expect(
            both.first?.message.text
                == "title 'unable To Sign In' is not in iOS title-style capitalization: capitalize 'unable'; write 'To' in lowercase"
        )
        // First and last words, and the words next to a colon, are capitalized even when minor.
        #expect(findings(titles("A Passkey to Sign In With", "T")).isEmpty)
        #expect(findings(titles("Passkeys: The Basics", "T")).isEmpty)
    }

    @Test func minorWordsStayLowercaseOnlyInTheMiddle() {
        // 'a' is first and 'with' last: both must be capitalized; 'to' and 'the' in the middle
        // stay lowercase.
        let found = findings(titles("a Passkey to Use the Account With", "T"))
        #expect(summary(found) == ["copy-title-case warning 13:11"])
        #expect(found.first?.message.text.hasSuffix("capitalize 'a'") == true)
        let last = findings(titles("Choose What to Sign In with", "T"))
        #expect(last.first?.message.text.hasSuffix("capitalize 'with'") == true)
        // A colon ends a phrase: the words on each side are first or last.
        let colon = findings(titles("Passkey for: the Account", "T"))
        #expect(colon.first?.message.text.hasSuffix("capitalize 'for' and 'the'") == true)
    }

    @Test func titleStyleCountsWordsAfterHyphensAndSkipsNumbersAcronymsAndBrands() {
        let hyphen = findings(titles("Passkey Sign-in failed", "T"))
        #expect(hyphen.first?.message.text.hasSuffix("capitalize 'in' and 'failed'") == true)
        #expect(findings(titles("Enter PIN for iCloud", "T")).isEmpty)
        #expect(findings(titles("Try Again in 30s", "T")).isEmpty)
        #expect(findings(titles("Turn On Wi‑Fi", "T")).isEmpty)
    }

    @Test func messagesAreNotCapitalizationChecked() {
        #expect(findings(messages("Try again or sign in another way.", "M")).isEmpty)
    }

    // MARK: iOS titles that are complete sentences

    @Test func iOSTitlesThatAreCompleteSentencesUseSentenceCase() {
        let found = findings(titles("Your Passkey Was Removed.", "Passkey removed"))
        #expect(summary(found) == ["copy-sentence-case warning 13:11"])
        #expect(
            found.first?.message.text
                == "title 'Your Passkey Was Removed.' is a complete sentence, which iOS writes in sentence case: write 'Passkey', 'Was' and 'Removed' in lowercase unless they are proper nouns"
        )
        // Sentence case and its punctuation: no title-style or trailing-period finding.
        #expect(findings(titles("Your passkey was removed.", "Passkey removed")).isEmpty)
        #expect(findings(titles("This account can’t sign in with a passkey.", "T")).isEmpty)
        #expect(findings(titles("Do you want to use Face ID?", "T")).isEmpty, "proper nouns keep their capitals")
        #expect(findings(titles("There was a problem!", "T")).isEmpty)
    }

    @Test func iOSTitlesThatAreCompleteSentencesEndWithPunctuation() {
        let found = findings(titles("This account can’t sign in with a passkey", "T"))
        #expect(summary(found) == ["copy-end-punctuation warning 13:11"])
        #expect(
            found.first?.message.text
                == "title 'This account can’t sign in with a passkey' on iOS is a complete sentence without ending punctuation; end it with '.', '?' or '!'"
        )
        let both = findings(titles("Your Passkey Was Removed", "T"))
        #expect(summary(both) == ["copy-sentence-case warning 13:11", "copy-end-punctuation warning 13:11"])
        #expect(findings(titles("Your passkey was removed.”", "T")).isEmpty, "before a closing quote")
    }

    @Test func iOSTitlesThatAreFragmentsKeepTitleStyleAndNoPeriod() {
        // Headlines without a determiner and instructions are fragments.
        for title in ["Passkey Can’t Be Used", "Passkey Sign-In Failed", "Turn On Bluetooth", "Unable to Sign In"] {
            #expect(findings(titles(title, "T")).isEmpty, "\(title)")
        }
        #expect(summary(findings(titles("Unable to Continue.", "T"))) == ["copy-trailing-period warning 13:11"])
        let headline = findings(titles("Passkey can’t be used.", "T"))
        #expect(summary(headline) == ["copy-title-case warning 13:11", "copy-trailing-period warning 13:11"])
    }

    @Test func onlyIOSTitlesAreReadAsSentences() {
        // iOS buttons are always title style; Android titles keep sentence case without a period.
        let button = findings(buttons("Your Passkey Was Removed.", "R"))
        #expect(summary(button) == ["copy-trailing-period warning 15:20"])
        let android = findings(titles("T", "Your passkey was removed."))
        #expect(summary(android) == ["copy-trailing-period warning 13:15"])
        let androidCase = findings(titles("T", "Your Passkey Was Removed"))
        #expect(
            androidCase.first?.message.text
                == "title 'Your Passkey Was Removed' is not in Android sentence case: write 'Passkey', 'Was' and 'Removed' in lowercase unless they are proper nouns"
        )
    }

    @Test(arguments: [
        // Statements: a subject word, then a listed finite verb in the first clause.
        ("Your passkey was removed.", true), ("This account can’t sign in with a passkey", true),
        ("The passkey isn’t available", true), ("There Was a Problem", true), ("You can't sign in", true),
        ("It’s not available", true), ("We’re checking your account", true),
        // A subject word and a sentence's ending punctuation, whatever the verb.
        ("Your passkey expired.", true), ("Your passkey expired", false),
        // Questions: a listed verb, then a subject word.
        ("Do you want to use a passkey?", true), ("Is This Your Account?", true), ("Can’t Sign In?", false),
        // Fragments: no subject word, no verb of the list, or the verb after the first clause.
        ("Passkey Can’t Be Used", false), ("Passkey Sign-In Failed", false), ("Unable to Continue.", false),
        ("Turn On Bluetooth.", false), ("Your Passkeys", false), ("Your Account: It Is Locked", false),
        ("Can’t Sign In with a Passkey", false),
    ])
    func completeSentencesAreToldFromFragments(_ title: String, _ isSentence: Bool) {
        let words = CopyStyle.words(in: title, masking: [])
        #expect(CopyStyle.isCompleteSentence(words, text: title) == isSentence, "\(title)")
    }

    // MARK: copy-sentence-case

    @Test func androidButtonsUseSentenceCase() {
        let found = findings(buttons("Sign In with Passkey", "Sign In With Passkey"))
        #expect(summary(found) == ["copy-sentence-case warning 15:43"])
        #expect(
            found.first?.message.text
                == "button 'Sign In With Passkey' is not in Android sentence case: write 'In', 'With' and 'Passkey' in lowercase unless they are proper nouns"
        )
    }

    @Test func androidFirstWordIsCapitalized() {
        let found = findings(titles("T", "sign in again"))
        #expect(summary(found) == ["copy-sentence-case warning 13:15"])
        #expect(
            found.first?.message.text
                == "title 'sign in again' is not in Android sentence case: capitalize the first word 'sign'")
        let both = findings(titles("T", "sign In"))
        #expect(
            both.first?.message.text
                == "title 'sign In' is not in Android sentence case: capitalize the first word 'sign'; write 'In' in lowercase unless it is a proper noun"
        )
    }

    @Test func properNounsAcronymsAndBrandsKeepTheirCapitals() {
        #expect(findings(buttons("Use Face ID", "Use Face ID")).isEmpty)
        #expect(findings(titles("T", "Open Google Password Manager")).isEmpty)
        #expect(findings(titles("T", "Turn on Wi‑Fi or Bluetooth")).isEmpty)
        #expect(findings(titles("T", "Turn on Wi-Fi")).isEmpty, "with an ASCII hyphen too")
        #expect(findings(titles("T", "Enter your PIN from the SMS")).isEmpty)
        #expect(findings(titles("T", "iCloud Keychain is off")).isEmpty)
        #expect(findings(titles("T", "Can’t sign in: Try again")).isEmpty, "a colon starts a new phrase")
        // A proper noun is matched whole: 'Manager' alone is not one.
        let partial = findings(titles("T", "Open Password Manager"))
        #expect(partial.first?.message.text.contains("write 'Password' and 'Manager' in lowercase") == true)
    }

    // MARK: copy-straight-quote

    @Test func straightQuotesAreFlaggedInEveryString() {
        let found = findings(titles("Can't Sign In", "Can't sign in"))
        #expect(summary(found) == ["copy-straight-quote warning 13:11", "copy-straight-quote warning 13:27"])
        #expect(
            found.first?.message.text
                == "'Can't Sign In' uses the straight apostrophe '; use the typographic ’ (or ‘ ’ around a quotation)")
        let message = findings(messages("Tap \"Try Again\"", "Tap ‘Try again’"))
        #expect(summary(message) == ["copy-straight-quote warning 14:13"])
        #expect(
            message.first?.message.text
                == "'Tap \"Try Again\"' uses the straight double quotes \"; use the typographic “ ”")
        let both = findings(buttons("R", "Don't use \"this\""))
        #expect(summary(both) == ["copy-straight-quote warning 15:24"], "one finding for both kinds of quote")
        #expect(findings(messages("You can’t use “this” passkey", "M")).isEmpty)
    }

    // MARK: copy-trailing-period

    @Test func titlesAndButtonsDoNotEndWithAPeriod() {
        let found = findings(buttons("Try Again.", "Try again."))
        #expect(summary(found) == ["copy-trailing-period warning 15:20", "copy-trailing-period warning 15:33"])
        #expect(found.first?.message.text == "button 'Try Again.' on iOS ends with a period; remove it")
        #expect(summary(findings(titles("T", "Can’t sign in."))) == ["copy-trailing-period warning 13:15"])
        #expect(findings(messages("Try again.", "Try again.")).isEmpty, "messages may end with a period")
        #expect(findings(titles("Signing In...", "Signing in…")).isEmpty, "an ellipsis is not a period")
    }

    // MARK: copy-placeholder

    @Test func undeclaredPlaceholdersAreFlagged() {
        let found = findings(messages("Signed in as %@.", "Signed in as %1$s."))
        #expect(summary(found) == ["copy-placeholder warning 14:13", "copy-placeholder warning 14:32"])
        #expect(
            found.first?.message.text
                == "'Signed in as %@.' holds the format placeholder '%@', which its row does not declare for iOS; write the words, or declare it as 'Message (placeholders: iOS %@)'"
        )
        let title = findings(titles("Welcome Back, {name}", "Welcome back, {0}"))
        #expect(summary(title) == ["copy-placeholder warning 13:11", "copy-placeholder warning 13:34"])
        #expect(title.first?.message.text.hasSuffix("declare it as 'Title (placeholders: iOS {name})'") == true)
        let button = findings(buttons("Retry in %ld", "Retry in %d"))
        #expect(summary(button) == ["copy-placeholder warning 15:20", "copy-placeholder warning 15:35"])
        #expect(button.first?.message.text.hasSuffix("declare it as 'Action `retry` (placeholders: iOS %ld)'") == true)
    }

    @Test func declaredPlaceholdersAreNotFlagged() {
        #expect(
            findings(
                messages(
                    "Signed in as %@.", "Signed in as %1$s.", label: "Message (placeholders: iOS %@, Android %1$s)")
            ).isEmpty)
        #expect(
            findings(buttons("Retry in %d", "Retry in %d", label: "Action `retry` (placeholders: %d)")).isEmpty)
        let partly = findings(messages("%@ has %d passkeys", "M", label: "Message (placeholders: iOS %@)"))
        #expect(summary(partly) == ["copy-placeholder warning 14:36"], "the label is four bytes longer")
        #expect(partly.first?.message.text.hasSuffix("declare it as 'Message (placeholders: iOS %@, %d)'") == true)
    }

    @Test func followingTheAdviceDeclaresThePlaceholderForItsPlatformAlone() throws {
        for (label, android, declared) in [
            ("Message", "M", "Message (placeholders: iOS %@)"),
            (
                "Message (placeholders: Android %1$s)", "Hi %1$s",
                "Message (placeholders: Android %1$s, iOS %@)"
            ),
        ] {
            let replacement = messages("Hi %@", android, label: label)
            let source = validSpec(replacing: replacement.old, with: replacement.new)
            let found = findings(replacement)
            #expect(found.map(\.id.rawValue) == ["copy-placeholder"], "\(label)")
            #expect(found.first?.message.text.hasSuffix("declare it as '\(declared)'") == true, "\(label)")
            let fix = try #require(found.first?.fixIts.first)
            #expect(fix.edits.map(\.replacement) == [declared])
            let fixed = applying(fix, to: source)
            #expect(fixed.contains("| \(declared) | Hi %@ | \(android) |"), "\(fixed)")
            // Clean: no `placeholder-syntax` for the Android column, no finding left.
            let (page, diagnostics) = parse(fixed)
            #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
            guard case .spec(let spec) = page else {
                Issue.record("the page is not a spec")
                continue
            }
            #expect(CopyStyle.findings(in: [spec]).isEmpty, "\(label)")
        }
    }

    @Test func aDoubleSpaceIsOneWarningWithASingleSpaceAsItsFix() throws {
        let replacement = messages("Try  again", "Try again")
        let found = findings(replacement)
        #expect(summary(found) == ["copy-double-space warning 14:13"])
        let fix = try #require(found.first?.fixIts.first)
        let fixed = applying(fix, to: validSpec(replacing: replacement.old, with: replacement.new))
        #expect(fixed.contains("| Message | Try again | Try again |"))
    }

    @Test func aDeclaredPlaceholderTheCopyDoesNotUseIsFlagged() {
        let found = findings(
            messages("Signed in.", "Signed in as %1$s.", label: "Message (placeholders: iOS %@, Android %1$s)"))
        #expect(summary(found) == ["copy-unused-placeholder warning 14:50"])
        #expect(found.first?.message.text.contains("declares the iOS placeholder '%@'") == true)
    }

    @Test func percentSignsAndBracesThatAreNotPlaceholders() {
        #expect(findings(messages("100%% of your passkeys", "50% of them, {not a name}")).isEmpty)
        #expect(
            CopyStyle.placeholders(in: "%@ %s %d %1$@ %ld %.2f %% {name} {0} {x y}").map(\.text) == [
                "%@", "%s", "%d", "%1$@", "%ld", "%.2f", "{name}", "{0}",
            ])
    }

    // MARK: copy-button-length

    @Test func buttonsLongerThanThePlatformLimitAreFlagged() {
        let label = "Try Signing In Again with Other Passkeys"
        #expect(label.count == 40)
        let found = findings(buttons(label, "Try again"))
        #expect(summary(found) == ["copy-button-length warning 15:20"])
        #expect(
            found.first?.message.text
                == "button 'Try Signing In Again with Other Passkeys' is 40 characters long; keep iOS buttons to 25 or fewer so they are not truncated"
        )
        let android = findings(buttons("R", "Try signing in again with other passkeys"))
        #expect(summary(android) == ["copy-button-length warning 15:24"])
        #expect(android.first?.message.text.contains("keep Android buttons to 25") == true)
        #expect(findings(buttons("Use a Different Passkey", "Sign in with a password")).isEmpty)
    }

    @Test func buttonLengthCountsCharactersNotBytes() {
        // 25 characters, 46 bytes: on the limit.
        let label = "Réessayer 👩‍👩‍👧‍👦 avec une clef"
        #expect(label.count == 25)
        #expect(findings(buttons("R", label)).isEmpty)
        #expect(summary(findings(buttons("R", label + "s"))) == ["copy-button-length warning 15:24"])
        #expect(findings(titles("T", "A title that is much longer than any button could be")).isEmpty)
    }

    // MARK: Cells and rows

    @Test func oneFindingPerRulePerCell() {
        let found = findings(buttons("can't sign in with %@.", "R"))
        #expect(
            summary(found) == [
                "copy-title-case warning 15:20", "copy-straight-quote warning 15:20",
                "copy-trailing-period warning 15:20",
                "copy-placeholder warning 15:20",
            ])
        #expect(found.first?.message.text.hasSuffix("capitalize 'can't', 'sign' and 'in'") == true)
    }

    @Test func triggerPresentationAndNoneCellsAreNotCopy() {
        let trigger = findings(("| Trigger | `A` | `B` |", "| Trigger | `Can't %@.` | `don't` |"))
        #expect(trigger.isEmpty)
        let presentation = findings(
            ("| Title | T | T |", "| Presentation | alert. | it's a dialog. |\n| Title | T | T |"))
        #expect(presentation.isEmpty)
        #expect(findings(titles("None", "None — the screen stays as it was.")).isEmpty)
    }

    @Test func findingsAreInSourceOrder() throws {
        // Platform by platform, the iOS message would come before the Android title.
        var text = validSpec(replacing: "| Title | T | T |", with: "| Title | Can't | T. |")
        text = text.replacingOccurrences(of: "| Message | M | M |", with: "| Message | Don't | M |")
        let spec = try #require(parsedSpec(text))
        #expect(
            summary(CopyStyle.findings(in: [spec])) == [
                "copy-straight-quote warning 13:11", "copy-trailing-period warning 13:19",
                "copy-straight-quote warning 14:13",
            ])
    }

    // MARK: Declaring placeholders

    @Test func rowLabelsDeclarePlaceholders() throws {
        var text = validSpec(
            replacing: "| Message | M | M |", with: "| Message (placeholders: iOS %@ %lld, Android %1$s) | M | M |")
        text = text.replacingOccurrences(
            of: "| Title | T | T |",
            with: "| Title (Placeholders: %s) | T | T |\n| Action `retry` (placeholders: `%d`) | R | R |")
        let (page, diagnostics) = parse(text)
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
        guard case .spec(let spec) = page else {
            Issue.record("the page is not a spec")
            return
        }
        for copy in spec.scenarios[0].copy {
            // Each platform gets what its name declares, and what comes before any name.
            #expect(copy.message.placeholders == (copy.platform == .ios ? ["%@", "%lld"] : ["%1$s"]))
            #expect(copy.title.placeholders == ["%s"])
            #expect(copy.actions.map(\.id) == ["retry"])
            #expect(copy.actions.first?.label.placeholders == ["%d"])
            #expect(copy.actions.first?.label.key == "one.action.retry")
            #expect(copy.trigger.signals == [copy.platform == .ios ? "A" : "B"])
        }
    }

    @Test func rowsWithoutADeclarationHaveNoPlaceholdersInTheJSON() throws {
        let spec = try #require(parsedSpec(validSpec))
        let title = spec.scenarios[0].copy[0].title
        #expect(title.placeholders == nil)
        let json = String(decoding: try JSONEncoder().encode(title), as: UTF8.self)
        #expect(!json.contains("placeholders"))
        var declared = title
        declared.placeholders = ["%@"]
        let decoded = try JSONDecoder().decode(CopyEntry.self, from: JSONEncoder().encode(declared))
        #expect(decoded == declared)
    }

    @Test(arguments: [
        ("| Trigger (placeholders: %@) | `A` | `B` |", MessageID(rawValue: "unknown-copy-row")),
        ("| Presentation (placeholders: %@) | A | B |", MessageID(rawValue: "unknown-copy-row")),
        ("| Title (placeholders: ) | A | B |", MessageID(rawValue: "unknown-copy-row")),
        ("| Title (placeholder: %@) | A | B |", MessageID(rawValue: "unknown-copy-row")),
        ("| Title %@ | A | B |", MessageID(rawValue: "unknown-copy-row")),
        ("| Action (placeholders: %d) | A | B |", MessageID(rawValue: "missing-action-id")),
    ])
    func malformedDeclarationsAreReported(_ row: String, _ id: MessageID) {
        // The row goes before the Trigger row, on line 12.
        let text = validSpec(replacing: "| Trigger | `A` | `B` |", with: "\(row)\n| Trigger | `A` | `B` |")
        let diagnostics = parse(text).diagnostics
        #expect(diagnostics.map { "\($0.id.rawValue) \($0.location)" } == ["\(id.rawValue) test.md:12:3"])
    }

    @Test func splitsTheDeclarationFromTheRowName() {
        #expect(SpecWalker.splitPlaceholders("Message (placeholders: %@,%d  {x})") == ("Message", ["%@", "%d", "{x}"]))
        #expect(SpecWalker.splitPlaceholders("Message") == ("Message", nil))
        #expect(SpecWalker.splitPlaceholders("Message (note)") == ("Message (note)", nil))
    }
}

/// `text` with a fix's edits made, each within one line (columns are 1-based UTF-8 offsets).
private func applying(_ fix: FixIt, to text: String) -> String {
    var lines = text.components(separatedBy: "\n")
    for edit in fix.edits.sorted(by: { $0.span.start > $1.span.start }) {
        let index = edit.span.start.line - 1
        let bytes = Array(lines[index].utf8)
        let start = edit.span.start.column - 1
        let end = edit.span.endColumn - 1
        lines[index] =
            String(decoding: bytes[..<start], as: UTF8.self) + edit.replacement
            + String(decoding: bytes[end...], as: UTF8.self)
    }
    return lines.joined(separator: "\n")
}
