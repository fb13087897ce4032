import ReportModel
import SiteBuilder
import SpecModel
import SpecParser
import SpecRunner

/// Every rule of the lint, in one registry: the reader of each page (the parser), the rules of
/// a page's model and of a spec against its flow, the rules across pages, and the engine's
/// run. The source store runs the rules of a page when it reads the page and keeps their
/// findings with it; `lint` adds what spans pages, leaves out what another finding implies,
/// and makes the strict rules' warnings errors.
enum LintRules {
    static let registered: [LintRule] = [
        read, listing, copyStyle, flowNames, steps, scenarioCoverage, flowRules, uniqueIDs, reservedPaths, links,
        translations, run,
    ]

    // MARK: - A page

    /// The parser: every problem with a page's structure, located as it reads.
    static let read = LintRule(
        "read", scope: .page, reads: [.pageText],
        reports: (ParserMessages.files + ParserMessages.pageMetadata + ParserMessages.sectionsAndScenarios
            + ParserMessages.copyTables + ParserMessages.acceptanceCriteria + ParserMessages.checks
            + ParserMessages.references + ParserMessages.translations).map(\.id).filter {
                !listingMessages.contains($0) && !uniqueIDs.reports.contains($0) && !translations.reports.contains($0)
            },
        implications: [
            // A misspelt platform in the metadata is one message: the columns of the platform
            // it meant are not reported again.
            Implication(Message.unknownPlatformColumn("", declared: []).id, impliedBy: Message.unknownPlatform("").id)
        ],
        body: .reading)

    /// What listing the folders finds: a folder without pages, links that lead out or round.
    static let listing = LintRule(
        "listing", scope: .acrossPages, reads: [.listing], reports: Array(listingMessages), body: .reading)

    private static let listingMessages: Set<MessageID> = [
        Message.noMarkdownFiles("").id, Message.symlinkLoop.id, Message.symlinkOutsideContent("", root: "").id,
        Message.symlinkToFolder("").id,
    ]

    /// The copy style of each platform's guidelines, cell by cell.
    static let copyStyle = LintRule(
        "copy-style", scope: .page, reads: [.pageModel], reports: ParserMessages.copyStyle.map(\.id),
        strictMakesErrors: true,
        body: .page { page in
            guard case .spec(let spec) = page else { return [] }
            return CopyStyle.findings(in: [spec])
        })

    // MARK: - A spec against its flow

    /// The flow a spec names, and the platforms that flow runs on.
    static let flowNames = LintRule(
        "flow-names", scope: .flow, reads: [.pageModel, .flows], reports: RunnerMessages.flows.map(\.id),
        body: .flow { spec, flows in flows.resolve([spec]).diagnostics })

    /// Every step bound to its flow's step definitions.
    static let steps = LintRule(
        "steps", scope: .flow, reads: [.pageModel, .flows],
        reports: [
            Message.undefinedStep("", suggestion: nil).id, Message.ambiguousStep("", patterns: []).id,
            Message.invalidStepParameter("", type: ParameterType(name: "", values: nil), closest: nil).id,
        ],
        body: .flow { spec, flows in
            guard let flow = spec.flow.flatMap({ flows.flow(id: $0.name) }) else { return [] }
            return flow.steps.diagnostics(for: spec.checks)
        })

    /// Criteria and scenarios no check covers, and steps naming scenarios the page lacks.
    static let scenarioCoverage = LintRule(
        "scenario-coverage", scope: .flow, reads: [.pageModel, .flows],
        reports: [
            Message.criterionWithoutChecks("").id, Message.scenarioWithoutCheck("").id,
            Message.stepNamesUnknownScenario("", known: [], closest: nil).id,
            Message.scenarioMissingFromSpec("", namedBySteps: 0).id,
            Message.scenarioNotInFlow("", flow: "", closest: []).id,
            Message.unknownAction("", flow: "", actions: [], closest: nil).id,
        ],
        body: .flow { spec, flows in
            guard let flow = spec.flow.flatMap({ flows.flow(id: $0.name) }) else { return [] }
            return SpecLint(flow: flow).diagnostics(for: [spec])
        })

    /// A flow's own rules (the Trigger names against the engine's catalogue).
    static let flowRules = LintRule(
        "flow-rules", scope: .flow, reads: [.pageModel, .flows], reports: RunnerMessages.triggerNames.map(\.id),
        implications: [
            // A cell whose names are all written as plain text is told once, with the names.
            Implication(
                Message.triggerWithoutSignal(.ios).id, impliedBy: Message.triggerNameInPlainText([], platform: "").id)
        ],
        body: .flow { spec, flows in
            guard let flow = spec.flow.flatMap({ flows.flow(id: $0.name) }) else { return [] }
            return flow.lint([spec])
        })

    // MARK: - Across pages

    /// An ID a page uses that an earlier page uses too, reported where the later page writes it.
    static let uniqueIDs = LintRule(
        "unique-ids", scope: .acrossPages, reads: [.pageFacts],
        reports: [
            Message.duplicateSpecID("", first: .whole("")).id, Message.duplicatePageID("", first: .whole("")).id,
        ],
        body: .acrossPages { scope in
            // Spec and page IDs are separate sets: `spec N1.4` and `page N1.4` do not clash.
            var firsts: [String: SourceSpan] = [:]
            var found: [Diagnostic] = []
            for page in scope.pages {
                guard let kind = page.kind, kind != .translation, !page.id.isEmpty else { continue }
                let isSpec = kind == .spec
                let at = page.idSpan ?? page.titleSpan
                let key = (isSpec ? "spec " : "page ") + page.id
                if let first = firsts[key] {
                    found.append(
                        Diagnostic(
                            isSpec
                                ? .duplicateSpecID(page.id, first: first.start)
                                : .duplicatePageID(page.id, first: first.start), at: at,
                            notes: [.firstUse(of: page.id, at: first)]))
                } else {
                    firsts[key] = at
                }
            }
            return found
        })

    /// A content page whose page is one the site makes itself.
    static let reservedPaths = LintRule(
        "reserved-paths", scope: .acrossPages, reads: [.pageFacts],
        reports: [Message.reservedPagePath("", page: "").id],
        body: .acrossPages { scope in
            ReservedPaths.collisions(
                in: scope.pages.compactMap { page in
                    page.kind.flatMap { $0 == .translation ? nil : (page.relativePath, $0 == .spec, page.titleSpan) }
                })
        })

    /// Links to pages or anchors the site does not have.
    static let links = LintRule(
        "links", scope: .acrossPages, reads: [.pageFacts],
        reports: [
            Message.linkToMissingPage("", page: "", suggestion: nil).id,
            Message.linkToMissingAnchor("", anchor: "", page: "", suggestion: nil).id,
            Message.linkFromServerRoot("", relative: "").id,
        ],
        strictMakesErrors: true,
        body: .acrossPages { scope in
            // A page that could not be read is reported once, by its reader: the links to it
            // are not reported as well.
            SiteLinks.findings(
                in: scope.pages.compactMap(\.links),
                unread: scope.unread, outside: scope.outside)
        })

    /// Each translation against the spec it translates: a spec it names that does not exist,
    /// two files for one spec and language, a platform the spec has no copy for, strings
    /// missing, stale (the English changed since), with other placeholders than the English,
    /// longer than its presentation has room for, or of a string the spec no longer has.
    /// Reported in the translation file, at the string.
    static let translations = LintRule(
        "translations", scope: .acrossPages, reads: [.pageFacts],
        reports: [
            Message.translationUnknownSpec("").id, Message.translationDuplicate(specID: "", locale: "", first: "").id,
            Message.translationPlatformNotInSpec(.ios, specID: "").id,
            Message.translationMissing("", platform: .ios, locale: "", english: "").id,
            Message.translationStale("", platform: .ios, english: "").id,
            Message.translationUnsourced("", platform: .ios).id,
            Message.translationPlaceholders("", platform: .ios, expected: [], found: []).id,
            Message.translationTooLong(
                "", platform: .ios, locale: "", length: 0,
                budget: TextBudget(presentation: "", lines: 1, charactersPerLine: 1), lines: 1
            ).id,
            Message.translationObsolete("", platform: .ios, specID: "").id,
        ],
        strictMakesErrors: true,
        body: .acrossPages { scope in TranslationFindings.findings(in: scope.pages) })

    // MARK: - The run

    /// Every check on every platform, the flow's exploration and the copy's coverage.
    static let run = LintRule(
        "run", scope: .engine, reads: [.pageModel, .flows, .run],
        reports: RunnerMessages.runningChecks.map(\.id).filter {
            !(steps.reports + scenarioCoverage.reports).contains($0)
        },
        body: .run)

    // MARK: - Applying them

    /// Every implication the rules declare.
    static let implications: [Implication] = registered.flatMap(\.implications)

    /// The messages whose warnings `--strict` makes errors.
    static let strictMessages: Set<MessageID> = Set(registered.filter(\.strictMakesErrors).flatMap(\.reports))

    /// The rules that run on a page's model when the store reads it.
    static let pageRules = registered.filter { $0.scope == .page }
    /// The rules that run on a spec page against its flow when the store reads it.
    static let flowScopeRules = registered.filter { $0.scope == .flow }
    /// The rules that run over every page's facts at each lint.
    static let acrossPageRules = registered.filter { $0.scope == .acrossPages }

    /// `diagnostics` as a command shows them: without the findings another implies, with
    /// the strict rules' warnings made errors when `strict`, in file, line and column order.
    static func finish(_ diagnostics: [Diagnostic], strict: Bool) -> [Diagnostic] {
        let kept = Implication.apply(implications, to: diagnostics)
        let promoted =
            strict ? kept.map { strictMessages.contains($0.id) ? $0.promotedToError() : $0 } : kept
        return promoted.sortedByLocation()
    }
}
