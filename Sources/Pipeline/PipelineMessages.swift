import SpecModel

// The messages of the pipeline: reading the content, writing the site and the exports, the
// run report, and the Changes baseline from git. Each is written once: its factory gives its
// ID, severity and text; its catalogue entry, built from a sample call of the factory,
// explains it for `passkey-spec explain ID`.

/// The pipeline's part of the message catalogue.
public enum PipelineMessages {
    /// Every message the pipeline reports, group by group.
    public static let catalogue: [CatalogueEntry] =
        readingAndWriting + buildingTheSite + comparingVersions + translating
}

// MARK: - Reading and writing

extension Message {
    public static func pathNotFound(_ path: String) -> Message {
        Message("path-not-found", .error, "no file or folder at '\(path)'")
    }

    public static func writeFailed(_ path: String, reason: String) -> Message {
        Message("write-failed", .error, "cannot write '\(path)': \(reason)")
    }

    public static func unexpectedFailure(_ detail: String) -> Message {
        Message("unexpected-failure", .error, "unexpected failure: \(detail)")
    }

    public static func outputNotAKit(_ path: String) -> Message {
        Message(
            "output-not-a-kit", .error,
            "'\(path)' has files and is not a kit this tool wrote; choose an empty folder or remove it first")
    }
}

extension PipelineMessages {
    /// Reading the content and writing files.
    public static let readingAndWriting: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .pathNotFound("contents")),
        CatalogueEntry(
            sample: .writeFailed("/read-only/report.json", reason: "permission denied")),
        CatalogueEntry(
            sample: .unexpectedFailure("the model could not be encoded")),
        CatalogueEntry(
            sample: .outputNotAKit("Tests/LoginTests")),
    ]
}

// MARK: - Building the site

extension Message {
    public static func templateError(_ detail: String) -> Message {
        Message("template-error", .error, "template error: \(detail)")
    }

    public static func outputNotASite(_ path: String) -> Message {
        Message(
            "output-not-a-site", .error,
            "'\(path)' has files and is not a previous build; choose an empty folder or remove it first")
    }

    public static func unreadableReport(_ path: String, reason: String) -> Message {
        Message("unreadable-report", .error, "cannot read the run report '\(path)': \(reason)")
    }

    public static func siteNotWritten(_ output: String, reason: String) -> Message {
        Message(
            "site-not-written", .error, "cannot write the site to '\(output)': \(reason); '\(output)' is left as it was"
        )
    }

    public static func outputRemoved(_ output: String) -> Message {
        Message(
            "output-removed", .error,
            "'\(output)' was removed or replaced while the build ran, so nothing was written into it; build again")
    }

    public static func buildStopped(_ output: String, signal: String) -> Message {
        Message(
            "build-stopped", .error,
            "the build was stopped by \(signal); '\(output)' holds the last build that finished, whole, and nothing temporary is left"
        )
    }

    public static func reportFromOtherContent(_ path: String) -> Message {
        Message(
            "report-from-other-content", .error,
            "the run report '\(path)' was made from other content or another engine; run 'passkey-spec check --report \(path)' again"
        )
    }
}

extension PipelineMessages {
    /// Building the site from the templates and a run report.
    public static let buildingTheSite: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .templateError("section 'scenarios' is not closed")),
        CatalogueEntry(
            sample: .outputNotASite("content")),
        CatalogueEntry(
            sample: .unreadableReport("site/exports/spec.json", reason: "not a run report")),
        CatalogueEntry(
            sample: .reportFromOtherContent("report.json")),
        CatalogueEntry(
            sample: .siteNotWritten("site", reason: "site/notes/a.html: No space left on device")),
        CatalogueEntry(
            sample: .outputRemoved("site")),
        CatalogueEntry(
            sample: .buildStopped("site", signal: "SIGINT")),
    ]
}

// MARK: - Comparing versions

extension Message {
    public static func notAGitRepository(_ path: String) -> Message {
        Message(
            "not-a-git-repository", .error,
            "'\(path)' is not in a git repository; '--since' reads the content at a revision with git, '--against DIR' compares with a built site"
        )
    }

    public static func unknownRevision(_ revision: String, path: String) -> Message {
        Message(
            "unknown-revision", .error, "no commit '\(revision)' in the git repository of '\(path)'")
    }

    public static func gitFailed(_ detail: String) -> Message {
        Message("git-failed", .error, "git failed: \(detail)")
    }

    public static func unreadableExports(_ path: String, reason: String) -> Message {
        Message(
            "unreadable-exports", .error,
            "cannot read the model and the run of the site in '\(path)': \(reason); build it with 'passkey-spec build --out \(path)'"
        )
    }

    public static func earlierContentHasErrors(_ revision: String) -> Message {
        Message(
            "earlier-content-has-errors", .error,
            "the content at '\(revision)' has errors (above), so it has no model to compare with; compare with a revision whose content passes 'lint'"
        )
    }
}

extension PipelineMessages {
    /// `diff`: reading the earlier version to compare with.
    public static let comparingVersions: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .notAGitRepository("content")),
        CatalogueEntry(
            sample: .unknownRevision("HEAD~9", path: "content")),
        CatalogueEntry(
            sample: .gitFailed("'git cat-file' exited with status 128: fatal: bad object")),
        CatalogueEntry(
            sample: .unreadableExports("old-site", reason: "'exports/report.json' is missing")),
        CatalogueEntry(
            sample: .earlierContentHasErrors("HEAD~1")),
    ]
}

// MARK: - Translating

extension Message {
    public static func xliffUnreadable(_ reason: String) -> Message {
        Message("xliff-unreadable", .error, "cannot read the XLIFF document: \(reason)")
    }

    public static func xliffLanguage(_ tag: String?) -> Message {
        Message(
            "xliff-language", .error,
            tag.map { "the target language '\($0)' is not a BCP 47 language tag such as 'de' or 'pt-BR'" }
                ?? "the '<file>' has no 'target-language'")
    }

    public static func xliffTwoLanguages(_ first: String, _ second: String) -> Message {
        Message(
            "xliff-two-languages", .error,
            "the document translates into '\(first)' and then '\(second)'; import one language at a time")
    }

    public static func xliffUnknownFile(_ original: String) -> Message {
        Message(
            "xliff-unknown-file", .error,
            "no spec page of the content has the copy '\(original)'; a '<file>' is '<page path>#<platform>' as 'l10n export' wrote it"
        )
    }

    public static func xliffUnknownKey(_ key: String, platform: Platform, specID: String) -> Message {
        Message("xliff-unknown-key", .error, "'\(specID)' has no \(platform.displayName) string '\(key)'")
    }

    public static func xliffSourceChanged(_ key: String, was: String, now: String) -> Message {
        Message(
            "xliff-source-changed", .error,
            "the English of '\(key)' is now “\(now)”, but the document was made from “\(was)”; export it again and translate the change"
        )
    }
}

extension PipelineMessages {
    /// `l10n import`: reading an XLIFF document back against the content.
    public static let translating: [CatalogueEntry] = [
        CatalogueEntry(sample: .xliffUnreadable("'</target>' closes '<source>'")),
        CatalogueEntry(sample: .xliffLanguage("German")),
        CatalogueEntry(sample: .xliffTwoLanguages("de", "fr")),
        CatalogueEntry(sample: .xliffUnknownFile("native/old-page.md#ios")),
        CatalogueEntry(sample: .xliffUnknownKey("old-scenario.title", platform: .ios, specID: "N1.4")),
        CatalogueEntry(
            sample: .xliffSourceChanged(
                "deleted-passkey.title", was: "Passkey Cannot Be Used", now: "Passkey Can’t Be Used")),
    ]
}
