import Foundation
import SpecModel
import SpecParser
import TestSupport
import Testing

@testable import Exports

// Every exported string with placeholders, formatted by the platform's own formatter with sample
// arguments: Foundation's `String(format:)` for the iOS String Catalog and strings file, Java's
// `String.format` (as Android's `getString(id, args)` calls it) for `strings.xml`. Each must give
// the copy the spec shows, with the samples in the placeholders' places.

/// The project's content, and a spec whose copy holds literal percent signs beside declared
/// placeholders, on both platforms.
private func formattedContent() throws -> ContentSet {
    let loader = ContentLoader()
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("content").path
    var content = ContentSet()
    for file in try loader.files(at: [root]).files {
        if case .spec(let spec) = loader.parse(file).page { content.specs.append(spec) }
    }
    let text = """
        # Percent signs
        <!-- spec: P1 flow: passkey-login platforms: ios, android -->

        ## Scenarios
        <!-- section: scenarios kind: scenarios -->

        ### Sure of it
        <!-- scenario: sure-of-it -->

        Copy with a literal percent sign and an argument.

        | | iOS | Android |
        | --- | --- | --- |
        | Trigger | `A` | `B` |
        | Title | 100% Sure | 100% sure |
        | Message (placeholders: iOS %@, Android %1$s) | “%@” — 100% sure. | “%1$s” — 100% sure. |
        | Action `retry` (placeholders: iOS %lld, Android %1$d) | Retry in %lld s (50% done) | Retry in %1$d s (50% done) |

        """
    var bag = DiagnosticBag()
    let source = try #require(SourceFile.validate(Array(text.utf8), path: "p.md", diagnostics: &bag))
    let (page, diagnostics) = PageParser.parse(source, relativePath: "p.md")
    #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
    guard case .spec(let spec) = page else {
        Issue.record("not a spec")
        return content
    }
    content.specs.append(spec)
    return content
}

/// A sample argument for a placeholder: a word for an object or string, a number for an integer.
private enum Sample {
    static let word = "work"
    static let number = 3

    static func isNumber(_ placeholder: String) -> Bool {
        guard let conversion = placeholder.last else { return false }
        return "dDiuUxXoO".contains(conversion)
    }

    /// The copy as the user reads it once formatted: each placeholder replaced by its sample.
    static func expected(_ text: String, placeholders: [String]) -> String {
        var result = text
        for placeholder in placeholders.sorted(by: { $0.count > $1.count }) {
            result = result.replacingOccurrences(
                of: placeholder, with: isNumber(placeholder) ? String(number) : word)
        }
        return result
    }
}

@Suite struct FormattedStringsTests {
    /// The strings of `platform` that declare placeholders, by key.
    private func formatted(_ content: ContentSet, platform: Platform) -> [String: CopyString] {
        Dictionary(
            CopyString.all(in: content, platform: platform).filter { !$0.placeholders.isEmpty }.map { ($0.key, $0) },
            uniquingKeysWith: { first, _ in first })
    }

    @Test func aLiteralPercentSignIsEscapedOnlyWhereTheStringIsFormatted() {
        let foundation = PlaceholderSyntax.foundation
        #expect(foundation.formatString("“%@” — 100% sure.", placeholders: ["%@"]) == "“%@” — 100%% sure.")
        #expect(
            foundation.formatString("%1$@ and %2$@ at 5%", placeholders: ["%1$@", "%2$@"]) == "%1$@ and %2$@ at 5%%")
        #expect(foundation.formatString("50%", placeholders: ["%@"]) == "50%%", "a declared placeholder may be unused")
        #expect(foundation.formatString("no percent %@", placeholders: ["%@"]) == "no percent %@")
        #expect(
            PlaceholderSyntax.javaFormatter.formatString("%1$s is 100% %1$s", placeholders: ["%1$s"])
                == "%1$s is 100%% %1$s")
        #expect(
            PlaceholderSyntax.braces.formatString("{name} is 100% sure", placeholders: ["{name}"])
                == "{name} is 100% sure")
    }

    @Test func foundationFormatsEveryIOSStringWithPlaceholders() throws {
        let content = try formattedContent()
        let strings = formatted(content, platform: .ios)
        #expect(strings.keys.contains("sure-of-it.message") && strings.keys.contains("sure-of-it.action.retry"))
        let catalog = try #require(
            try JSONSerialization.jsonObject(with: StringCatalog.encode(content, platform: .ios)) as? [String: Any])
        let units = try #require(catalog["strings"] as? [String: [String: Any]])
        for (key, string) in strings {
            let value = try #require(
                (((units[key]?["localizations"] as? [String: Any])?["en"] as? [String: Any])?["stringUnit"]
                    as? [String: String])?["value"])
            let arguments: [any CVarArg] = string.placeholders.map {
                Sample.isNumber($0) ? Int64(Sample.number) as any CVarArg : NSString(string: Sample.word) as any CVarArg
            }
            let shown = String(format: value, arguments: arguments)
            #expect(!shown.contains("(null)"), "\(key): \(shown)")
            #expect(shown == Sample.expected(string.text, placeholders: string.placeholders), "\(key)")
        }
        // The strings file holds the same format strings.
        let file = String(decoding: LocalizableStrings.encode(content, platform: .ios), as: UTF8.self)
        #expect(file.contains("\"sure-of-it.message\" = \"“%@” — 100%% sure.\";"))
        #expect(file.contains("\"sure-of-it.title\" = \"100% Sure\";"), "a string without arguments is not formatted")
    }

    @Test func javaFormatsEveryAndroidStringWithPlaceholders() throws {
        let content = try formattedContent()
        let strings = formatted(content, platform: .android)
        #expect(strings.keys.contains("sure-of-it.message"))
        let folder = try TemporaryFolder()
        let xml = try folder.write("strings.xml", bytes: Array(AndroidStrings.encode(content, platform: .android)))
        let program = try folder.write("FormatStrings.java", Self.javaProgram)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["java", program, xml, Sample.word, String(Sample.number)]
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let failed = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "java: \(failed)")
        // One line per formatted string: its resource name, a tab, what `String.format` gave.
        var shown: [String: String] = [:]
        for line in printed.split(separator: "\n") {
            let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2 { shown[String(parts[0])] = String(parts[1]) }
        }
        for (key, string) in strings {
            let name = AndroidStrings.resourceName(key)
            #expect(
                shown[name] == Sample.expected(string.text, placeholders: string.placeholders),
                "\(name): \(shown[name] ?? "not formatted")")
        }
    }

    /// Reads `strings.xml` as Android's resource compiler does (unescaping `\'`, `\"`, `\\`,
    /// `\n`, `\t`, `\@`, `\?`), and formats every string not marked `formatted="false"` that
    /// holds a `%` with the sample word for `s` conversions and the sample number for `d`.
    /// Prints `name<TAB>result`; an exception ends it with status 1.
    private static let javaProgram = """
        import java.io.File;
        import java.util.ArrayList;
        import java.util.List;
        import java.util.regex.Matcher;
        import java.util.regex.Pattern;
        import javax.xml.parsers.DocumentBuilderFactory;
        import org.w3c.dom.Element;
        import org.w3c.dom.NodeList;

        public class FormatStrings {
            static String unescape(String text) {
                StringBuilder out = new StringBuilder();
                for (int i = 0; i < text.length(); i++) {
                    char c = text.charAt(i);
                    if (c == '\\\\' && i + 1 < text.length()) {
                        char next = text.charAt(++i);
                        out.append(next == 'n' ? '\\n' : next == 't' ? '\\t' : next);
                    } else {
                        out.append(c);
                    }
                }
                return out.toString();
            }

            public static void main(String[] args) throws Exception {
                NodeList strings = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                    .parse(new File(args[0])).getElementsByTagName("string");
                Pattern conversion = Pattern.compile("%(\\\\d+\\\\$)?[-#+ 0,(]*\\\\d*(\\\\.\\\\d+)?([a-zA-Z%])");
                for (int i = 0; i < strings.getLength(); i++) {
                    Element string = (Element) strings.item(i);
                    String value = unescape(string.getTextContent());
                    if ("false".equals(string.getAttribute("formatted")) || !value.contains("%")) continue;
                    List<Object> arguments = new ArrayList<>();
                    Matcher matcher = conversion.matcher(value);
                    while (matcher.find()) {
                        char type = matcher.group(3).charAt(0);
                        if (type == '%' || type == 'n') continue;
                        arguments.add(type == 'd' ? (Object) Integer.valueOf(args[2]) : args[1]);
                    }
                    System.out.println(string.getAttribute("name") + "\\t" + String.format(value, arguments.toArray()));
                }
            }
        }
        """
}

@Suite struct TranslatorCommentTests {
    @Test func aCommentNamesTheSurfaceTheStringIsShownOn() throws {
        let content = try formattedContent()
        let ios = Dictionary(
            CopyString.all(in: content, platform: .ios).map { ($0.key, $0.comment) }, uniquingKeysWith: { a, _ in a })
        // The Presentation cell says "Inline message on the login screen, under the identifier
        // field (…); no alert": the title is the inline message's, and what is not shown is left out.
        #expect(
            ios["lookup-failed.title"]
                == "Error: system / API error related to lookup (lookup-failed): title of the inline message on the login screen, under the identifier field (or the passkey button on a screen without one)"
        )
        #expect(ios.values.allSatisfy { !$0.contains("no alert") }, "\(ios.values.filter { $0.contains("no alert") })")
        #expect(ios["sure-of-it.title"] == "Sure of it (sure-of-it): title of the alert", "no Presentation row")
        let strings = String(decoding: LocalizableStrings.encode(content, platform: .ios), as: UTF8.self)
        #expect(!strings.contains("no alert title"))
        let android = CopyString.all(in: content, platform: .android).first { $0.key == "lookup-failed.title" }
        #expect(
            android?.comment.hasSuffix(
                "title of the inline message on the login screen, under the identifier field (or the passkey button on a screen without one)"
            ) == true)
    }
}
