import Foundation
import Pipeline
import SpecModel
import Utilities

/// `passkey-spec l10n export --locale TAG [--out FILE] [PATHS...]` and `passkey-spec l10n import
/// --xliff FILE [PATHS...]`: the copy to and from translators, as XLIFF 1.2.
enum L10nCommand {
    /// What `l10n` does.
    enum Action: String, ChoiceArgument {
        case export
        case `import`
    }

    struct Arguments: CommandArguments {
        var action: Action?
        var locale: String?
        var xliff: String?
        var out: String?
        var paths = ["content"]

        static let declaration = ArgumentDeclaration<Self>(
            .positional(\.action, "ACTION", help: "'export' writes XLIFF for translators; 'import' reads it back in.")
                .required(),
            .option(
                \.locale, "--locale", value: "TAG",
                help: "With 'export': the language to translate into, as a BCP 47 tag ('de', 'pt-BR')."),
            .option(\.xliff, "--xliff", value: "FILE", help: "With 'import': the translated XLIFF document."),
            .option(
                \.out, "--out", value: "FILE",
                help: "With 'export': write to FILE (replaced whole) instead of standard output."),
            .paths(\.paths))
    }

    static let command = Command(
        name: "l10n", abstract: "Export the copy for translators as XLIFF, and import their translations",
        discussion: [
            """
            'l10n export --locale de' lints the spec pages under PATHS as 'lint' does and writes
            their copy as XLIFF 1.2, as Xcode's localization export does: a '<file>' per spec
            page and platform, a '<trans-unit>' per string under its copy key with the English
            '<source>', the translation as '<target>' where the content has one ('translated',
            or 'needs-review-translation' where the English changed since), and notes for the
            translator: the string's role, the platform, and when it shows.
            """,
            """
            'l10n import --xliff FILE' reads a translated document back and writes, beside each
            spec page, its translation file ('login-error-states.de.json'), keeping with each
            string a hash of the English it was made from. It refuses the whole document when a
            source is no longer the spec's English, or names a page or string the content does
            not have: each is reported at its line of the document, and nothing is written.
            Then 'lint', 'check' and 'build' report what is missing, stale or has other
            placeholders than its English, at the translation file's line, and 'build' writes
            every export in every language.
            """,
            "Exit status: 0 written, 1 the content or the document has errors, 2 usage error.",
        ],
        run: run)

    static func run(_ arguments: ParsedArguments<Arguments>, console: Console) throws -> ExitStatus {
        guard let action = arguments.action else {
            console.printUsageError(.optionRequired("ACTION", value: "(export or import)", command: "l10n"))
            return .usage
        }
        let pipeline = console.pipeline(roots: arguments.paths, flows: arguments.makeFlows)
        switch action {
        case .export:
            guard let tag = arguments.locale else {
                console.printUsageError(.optionRequired("--locale", value: "TAG", command: "l10n"))
                return .usage
            }
            guard let locale = LocaleTag(rawValue: tag) else {
                throw UsageError(
                    .invalidOptionValue(
                        "--locale", value: tag, expected: "a BCP 47 language tag such as 'de' or 'pt-BR'"),
                    argument: tag)
            }
            let (result, data) = pipeline.xliff(locale: locale)
            return try console.emit(data, of: result, to: arguments.out, with: pipeline)
        case .import:
            guard let path = arguments.xliff else {
                console.printUsageError(.optionRequired("--xliff", value: "FILE", command: "l10n"))
                return .usage
            }
            let data: Data
            do {
                data = Data(try FileBytes.read(pipeline.configuration.fileSystemPath(path)))
            } catch {
                throw UsageError(.pathNotFound(path), argument: path)
            }
            let (result, files) = pipeline.importXLIFF(data, path: path)
            guard let files else {
                try console.show(result)
                return result.failure == nil ? .failure : ExitStatus(result)
            }
            if let failure = pipeline.write(files) {
                console.printUsageError(failure.message)
                return .failure
            }
            for file in files { console.err("l10n: wrote \(file.path) (\(file.strings) strings)\n") }
            // What the content says now, with the files written: what is still missing or stale.
            let after = pipeline.lint()
            try console.show(after)
            return ExitStatus(after)
        }
    }
}
