import SpecModel

// The messages of the pipeline: reading the content, writing the site and the exports, the
// run report, and the Changes baseline from git. Each is written once: its factory gives its
// ID, severity and text; its catalogue entry, built from a sample call of the factory,
// explains it for `passkey-spec explain ID`.

/// The pipeline's part of the message catalogue.
public enum PipelineMessages {
    /// Every message the pipeline reports, group by group.
    public static let catalogue: [CatalogueEntry] = readingAndWriting + buildingTheSite + comparingVersions
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
}

extension PipelineMessages {
    /// Reading the content and writing files.
    public static let readingAndWriting: [CatalogueEntry] = [
        CatalogueEntry(
            sample: .pathNotFound("contents"),
            explanation: MessageExplanation(
                summary: "A path given to the command does not exist.",
                detail: """
                    Commands that read content take files or folders (default: 'content'). A path that \
                    does not exist is reported before anything is read, and the tool exits with status 2. \
                    Relative paths are read from the folder the tool runs in.
                    """,
                example: """
                    $ passkey-spec lint contents
                    """,
                fix: "Correct the path, or run the tool from the folder that holds 'content'.")),
        CatalogueEntry(
            sample: .writeFailed("/read-only/report.json", reason: "permission denied"),
            explanation: MessageExplanation(
                summary: "The tool could not write an output file.",
                detail: """
                    Writing a file for '--out', '--junit' or '--report', or the site, failed: the folder \
                    is not writable, the disk is full, or the path names a folder. The reason the system \
                    gave is part of the message; the tool exits with status 1.
                    """,
                example: """
                    $ passkey-spec check --report /read-only/report.json
                    """,
                fix: "Choose a writable path, or fix the folder's permissions or free disk space.")),
        CatalogueEntry(
            sample: .unexpectedFailure("the model could not be encoded"),
            explanation: MessageExplanation(
                summary: "The tool failed in a way it does not expect.",
                detail: """
                    Something failed inside the tool that is not a problem with the spec or with how it \
                    was called, for example encoding output. The message carries the underlying error. It \
                    is a bug in the tool.
                    """,
                example: """
                    $ passkey-spec export --format json
                    (when encoding the model fails)
                    """,
                fix: "Report it to the tool's maintainers with the command and the message.")),
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
            sample: .templateError("section 'scenarios' is not closed"),
            explanation: MessageExplanation(
                summary: "A Mustache template of the site is missing or broken.",
                detail: """
                    'build' renders the site from the templates folder. A missing template, a syntax error \
                    (an unclosed section, a bad tag) or a missing partial is reported at its place in the \
                    template, and nothing is written.
                    """,
                example: """
                    {{#scenarios}}
                      <h3>{{title}}</h3>
                    (no closing {{/scenarios}} in templates/spec.mustache)
                    """,
                fix: "Fix the template at the reported line, or point '--templates' at the right folder.")),
        CatalogueEntry(
            sample: .outputNotASite("content"),
            explanation: MessageExplanation(
                summary: "The output folder has files and is not a previous build.",
                detail: """
                    'build' replaces its output folder as a whole. It only does so when the folder is \
                    missing, empty, or marked as a previous build of this tool, so that a wrong '--out' \
                    cannot delete someone's work.
                    """,
                example: """
                    $ passkey-spec build --out content
                    """,
                fix: "Choose an empty or new folder for '--out', or remove the folder first.")),
        CatalogueEntry(
            sample: .unreadableReport("site/exports/spec.json", reason: "not a run report"),
            explanation: MessageExplanation(
                summary: "The run report given to 'build --report' cannot be read.",
                detail: """
                    'build --report FILE' renders from a saved run report instead of running the checks. A \
                    missing file, or one that is not a run report's JSON (truncated, hand-edited, or from \
                    another tool), is reported with the reason, and nothing is built.
                    """,
                example: """
                    $ passkey-spec build --report site/exports/spec.json
                    """,
                fix: "Write the report with 'passkey-spec check --report FILE', then build with that file.")),
        CatalogueEntry(
            sample: .reportFromOtherContent("report.json"),
            explanation: MessageExplanation(
                summary: "The run report given to 'build --report' was made from other content or another engine.",
                detail: """
                    A saved run report carries a fingerprint of the content and the engine it was made \
                    from. When the pages have changed since (or the tool's engine has), its results no \
                    longer describe them, so 'build --report' refuses it instead of publishing stale \
                    verdicts.
                    """,
                example: """
                    $ passkey-spec check --report report.json
                    (edit content/native/login-error-states.md)
                    $ passkey-spec build --report report.json
                    """,
                fix: "Run 'passkey-spec check --report FILE' again on the current content, then build.")),
        CatalogueEntry(
            sample: .siteNotWritten("site", reason: "site/notes/a.html: No space left on device"),
            explanation: MessageExplanation(
                summary: "A file of the site could not be written; the output folder is as it was.",
                detail: """
                    'build' writes the site to a temporary folder beside the output (a full build) or the \
                    changed files to one (an incremental build), and puts them in place only once every \
                    file is written. When a write fails (the disk is full, a file grows past the file size \
                    limit, the folder is read-only) the temporary files are removed and the output keeps \
                    the previous build, byte for byte. The message names the file and the system's reason; \
                    the tool exits with status 1.
                    """,
                example: """
                    $ passkey-spec build --out /mnt/full-disk/site
                    """,
                fix: "Free disk space, or make the output's folder writable, then build again.")),
        CatalogueEntry(
            sample: .outputRemoved("site"),
            explanation: MessageExplanation(
                summary: "The output folder was removed or replaced while an incremental build ran.",
                detail: """
                    An incremental build writes only the files that changed, so it needs the folder that \
                    holds the rest of the previous build. When that folder is removed (or another put in \
                    its place) before the build puts its files in place, the build writes nothing rather \
                    than leave a few new files where the site was. A full build into a folder removed \
                    meanwhile simply puts the whole new site in its place.
                    """,
                example: """
                    $ passkey-spec build & rm -rf site
                    """,
                fix: "Build again: with the folder gone, the next build is a full one.")),
        CatalogueEntry(
            sample: .buildStopped("site", signal: "SIGINT"),
            explanation: MessageExplanation(
                summary: "The build was stopped by Ctrl-C, SIGTERM or SIGHUP.",
                detail: """
                    On SIGINT, SIGTERM or SIGHUP the build removes its temporary folder and ends by the \
                    same signal, so a shell sees status 130, 143 or 129. A signal that comes while the new \
                    build is being put in place waits for that step, which takes milliseconds, to end: the \
                    output holds either the previous build or the new one, never part of each.
                    """,
                example: """
                    $ passkey-spec build
                    ^C
                    """,
                fix: "Build again when you are ready; nothing needs cleaning up.")),
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
            sample: .notAGitRepository("content"),
            explanation: MessageExplanation(
                summary: "'diff --since' was given content that is not in a git repository.",
                detail: """
                    'passkey-spec diff --since REF' reads the content folder's files at a revision with \
                    git, run from the folder itself. A folder that no git repository holds (or a machine \
                    without git) has no revisions; the tool exits with status 1.
                    """,
                example: """
                    $ passkey-spec diff /tmp/content --since HEAD~1
                    """,
                fix: "Run it on content inside a git repository, or compare with a built site: '--against DIR'.")),
        CatalogueEntry(
            sample: .unknownRevision("HEAD~9", path: "content"),
            explanation: MessageExplanation(
                summary: "'diff --since' was given a revision the repository does not have.",
                detail: """
                    The revision is anything git resolves to a commit: a branch, a tag, a commit hash, \
                    'HEAD~1', 'main@{yesterday}'. A name git does not know, or one that is not a commit, \
                    is reported; the tool exits with status 1.
                    """,
                example: """
                    $ passkey-spec diff --since mian
                    """,
                fix: "Check the name with 'git log --oneline' or 'git branch', and fetch it if it is remote.")),
        CatalogueEntry(
            sample: .gitFailed("'git cat-file' exited with status 128: fatal: bad object"),
            explanation: MessageExplanation(
                summary: "git could not be run, or failed while 'diff' read a revision.",
                detail: """
                    'diff --since' runs 'git rev-parse', 'git ls-tree' and 'git cat-file'. When git is \
                    not installed, or one of them fails (a damaged or shallow repository), git's own \
                    message is reported and the tool exits with status 1.
                    """,
                example: """
                    $ passkey-spec diff --since HEAD~1
                    (in a shallow clone whose parent commit is missing)
                    """,
                fix: "Install git, or repair or deepen the clone ('git fetch --unshallow'), then run it again.")),
        CatalogueEntry(
            sample: .unreadableExports("old-site", reason: "'exports/report.json' is missing"),
            explanation: MessageExplanation(
                summary: "'diff --against' was given a folder without a built site's model and run.",
                detail: """
                    'passkey-spec diff --against DIR' compares with a site that 'build' wrote: it reads \
                    'DIR/exports/spec.json' and 'DIR/exports/report.json'. A folder without them, or \
                    with files that are not a model and a run report of this tool, is reported with the \
                    reason; the tool exits with status 1.
                    """,
                example: """
                    $ passkey-spec diff --against content
                    """,
                fix: "Name the folder a build wrote (the one given to 'build --out'), or build it first.")),
        CatalogueEntry(
            sample: .earlierContentHasErrors("HEAD~1"),
            explanation: MessageExplanation(
                summary: "The content at the revision 'diff --since' names does not lint clean.",
                detail: """
                    'diff' parses and runs the content at the revision as it does the current content. \
                    When a page there has errors, there is no whole model to compare with: its \
                    diagnostics are printed, each file named 'REVISION:path', and the tool exits with \
                    status 1.
                    """,
                example: """
                    $ passkey-spec diff --since HEAD~3
                    (the content three commits ago had an empty copy cell)
                    """,
                fix: "Compare with a later revision whose content passes 'lint', or with a built site.")),
    ]
}
