import Exports
import Foundation
import SpecModel
import SpecParser

/// One translation file `l10n import` writes: where (as the user would name it) and what.
public struct TranslationFileWrite: Sendable, Equatable {
    public var path: String
    public var text: String
    /// How many strings it holds.
    public var strings: Int
}

extension Pipeline {
    /// The content's copy for translation into `locale`, as XLIFF 1.2; nothing when the content
    /// has errors.
    public func xliff(locale: LocaleTag) -> (result: PipelineResult, data: Data?) {
        var result = lint()
        guard !result.hasErrors, result.stage >= .lint else { return (result, nil) }
        result.stage = .render
        return (result, XLIFF.document(result.content, locale: locale, toolVersion: ToolVersion.current))
    }

    /// The translation files an XLIFF document (`data`, read from `path`) gives the content's
    /// specs: one per spec it has translated targets for, beside the spec page, named after it
    /// and the document's target language. Each keeps the strings of the file it replaces that
    /// the document does not translate (a unit without a target, or one still to be reviewed),
    /// and leaves out the strings the spec no longer has. Nothing when the content has errors
    /// outside its translation files (which the import replaces), or when anything in the
    /// document does not match the content as it is now: a file or string the specs do not
    /// have, or a source that is not the spec's English any more. Each of those is a
    /// diagnostic at its line of the document.
    public func importXLIFF(_ data: Data, path: String) -> (result: PipelineResult, files: [TranslationFileWrite]?) {
        var result = lint()
        // What the import replaces may have errors of comparison (placeholders that differ from
        // the English): the import is how they are fixed. A file that cannot be read, or any
        // error elsewhere, stops it: nothing unread is written over.
        let compared = Set(LintRules.translations.reports)
        let blocking = result.errors.contains {
            !ContentLoader.isTranslationFile($0.location.file) || !compared.contains($0.id)
        }
        guard !blocking, result.failure == nil, result.stage >= .lint else { return (result, nil) }
        let read = TranslationImport.files(from: data, path: path, content: result.content)
        result.diagnostics += read.diagnostics
        guard read.diagnostics.isEmpty else { return (result, nil) }
        result.stage = .render
        return (result, read.files)
    }

    /// Writes the files `importXLIFF` gave, each whole or not at all.
    public func write(_ files: [TranslationFileWrite]) -> PipelineFailure? {
        for file in files {
            if let failure = write(Data(file.text.utf8), to: file.path) { return failure }
        }
        return nil
    }
}

/// An XLIFF document read against the content: what `l10n import` writes, or why it will not.
enum TranslationImport {
    static func files(
        from data: Data, path: String, content: ContentSet
    ) -> (files: [TranslationFileWrite], diagnostics: [Diagnostic]) {
        let at = { (line: Int) in SourceSpan(at: SourceLocation(file: path, line: line, column: 1)) }
        let documentFiles: [XLIFF.File]
        do {
            documentFiles = try XLIFF.read(data)
        } catch {
            return ([], [Diagnostic(.xliffUnreadable(error.reason), at: at(error.line))])
        }
        var diagnostics: [Diagnostic] = []
        var locale: LocaleTag?
        // The targets by spec, then platform, then key.
        var targets: [String: [Platform: [String: String]]] = [:]
        for file in documentFiles {
            guard let tag = file.targetLanguage, let language = LocaleTag(rawValue: tag) else {
                diagnostics.append(Diagnostic(.xliffLanguage(file.targetLanguage), at: at(file.line)))
                continue
            }
            if let locale, locale != language {
                diagnostics.append(
                    Diagnostic(.xliffTwoLanguages(locale.rawValue, language.rawValue), at: at(file.line)))
                continue
            }
            locale = language
            let parts = file.original.split(separator: "#", maxSplits: 1).map(String.init)
            guard parts.count == 2, let spec = content.specs.first(where: { $0.path == parts[0] }),
                let platform = Platform(rawValue: parts[1]), spec.platforms.contains(platform)
            else {
                diagnostics.append(Diagnostic(.xliffUnknownFile(file.original), at: at(file.line)))
                continue
            }
            let english = Dictionary(
                spec.scenarios.flatMap { $0.copy(for: platform)?.strings ?? [] }.compactMap { entry in
                    entry.text.map { (entry.key, $0) }
                }, uniquingKeysWith: { first, _ in first })
            for unit in file.units {
                guard let source = english[unit.id] else {
                    diagnostics.append(
                        Diagnostic(.xliffUnknownKey(unit.id, platform: platform, specID: spec.id), at: at(unit.line)))
                    continue
                }
                guard source == unit.source else {
                    diagnostics.append(
                        Diagnostic(.xliffSourceChanged(unit.id, was: unit.source, now: source), at: at(unit.line)))
                    continue
                }
                if unit.isTranslated, let target = unit.target {
                    targets[spec.id, default: [:]][platform, default: [:]][unit.id] = target
                }
            }
        }
        guard diagnostics.isEmpty, let locale else {
            if documentFiles.isEmpty {
                diagnostics.append(Diagnostic(.xliffUnreadable("it has no '<file>'"), at: at(1)))
            }
            return ([], diagnostics)
        }
        var files: [TranslationFileWrite] = []
        for spec in content.specs {
            guard let byPlatform = targets[spec.id] else { continue }
            // The file the import replaces: the one named after the spec's page, which the
            // lint compares when there are several.
            let page = spec.path.hasSuffix(".md") ? String(spec.path.dropLast(3)) : spec.path
            let candidates = content.translations.filter { $0.specID == spec.id && $0.locale == locale }
            let existing = candidates.first { $0.path == "\(page).\(locale.rawValue).json" } ?? candidates.first
            var platforms: [(Platform, [TranslationFileText.Entry])] = []
            for platform in spec.platforms {
                let translated = byPlatform[platform] ?? [:]
                let entries = spec.scenarios.flatMap { $0.copy(for: platform)?.strings ?? [] }.compactMap {
                    entry -> TranslationFileText.Entry? in
                    guard let english = entry.text else { return nil }
                    if let text = translated[entry.key] {
                        return TranslationFileText.Entry(key: entry.key, text: text, english: english)
                    }
                    // Not translated by the document: the string the file had, as it was.
                    return existing?.string(entry.key, on: platform).map {
                        TranslationFileText.Entry(key: entry.key, text: $0.text, sourceHash: $0.sourceHash)
                    }
                }
                if !entries.isEmpty || existing?.platformSpans[platform] != nil {
                    platforms.append((platform, entries))
                }
            }
            let listed = spec.location.file
            let stem = listed.hasSuffix(".md") ? String(listed.dropLast(3)) : listed
            files.append(
                TranslationFileWrite(
                    path: "\(stem).\(locale.rawValue).json",
                    text: TranslationFileText.text(locale: locale, specID: spec.id, platforms: platforms),
                    strings: platforms.reduce(0) { $0 + $1.1.count }))
        }
        return (files, [])
    }
}
