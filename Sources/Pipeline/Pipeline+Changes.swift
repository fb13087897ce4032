import Foundation
import ReportModel
import SpecDiff
import SpecModel
import SpecParser
import SpecRunner

extension Pipeline {
    /// What `diff` compares with.
    public enum Earlier: Sendable, Equatable {
        /// The Changes page's baseline (`ChangesBaseline`): what the site shows.
        case baseline
        /// The content at a git revision, as the user wrote it.
        case revision(String)
        /// A site that `build` wrote into a folder, as the user named it.
        case site(String)
    }

    /// What changed in the content (its first root: a content folder, a file, or a folder a
    /// build wrote) since `earlier`. The result holds the later version's model and run, and
    /// the comparison in `changes`; the earlier version's errors, if it has any, are in its
    /// diagnostics, with the failure that says so.
    public func changes(since earlier: Earlier) -> PipelineResult {
        let path = configuration.roots[0]
        let url = configuration.url(path)
        guard FileManager.default.fileExists(atPath: url.path) else {
            return IncrementalBuild.failed(PipelineFailure(.usage, .pathNotFound(path), argument: path))
        }
        let isSite = SiteWriter.isPreviousBuild(url)

        // The later version first: content with errors is not compared.
        var result: PipelineResult
        if isSite {
            result = PipelineResult()
            switch readSite(path) {
            case .success(let version):
                result.content = version.content
                result.report = version.report
                result.stage = .check
            case .failure(let failure): return IncrementalBuild.failed(failure)
            }
        } else {
            result = check()
            guard result.stage == .check, let report = result.report else { return result }
            result.report = report
        }
        let later = Version(content: result.content, report: result.report!)

        switch earlier {
        case .site(let folder):
            guard FileManager.default.fileExists(atPath: configuration.fileSystemPath(folder)) else {
                return IncrementalBuild.failed(
                    PipelineFailure(.usage, .pathNotFound(folder), argument: folder), partial: result)
            }
            switch readSite(folder) {
            case .success(let version):
                result.changes = SpecChanges.compare(version, later, baseline: Baseline(kind: .site, name: folder))
            case .failure(let failure): return IncrementalBuild.failed(failure, partial: result)
            }
        case .revision(let revision):
            return compare(later, atRevision: revision, isSite: isSite, result: result)
        case .baseline:
            let resolution: ChangesBaseline.Resolution
            do {
                resolution = try ChangesBaseline.resolve(
                    roots: [configuration.contentRoots[0]], configuration: configuration)
            } catch {
                return IncrementalBuild.failed(error, partial: result)
            }
            switch resolution {
            case .unavailable(let why):
                // `diff` has to compare with something: nothing to compare with is a failure.
                let failure: PipelineFailure =
                    switch why {
                    case .notARepository: PipelineFailure(.failed, .notAGitRepository(path))
                    case .gitNotRunnable(let detail), .gitFailed(let detail):
                        PipelineFailure(.failed, .gitFailed(detail))
                    case .noCommit: PipelineFailure(.failed, .unknownRevision("HEAD", path: path))
                    }
                return IncrementalBuild.failed(failure, partial: result)
            case .revision(let name, let commit):
                guard let commit else {
                    result.changes = SpecChanges.compare(
                        Version(content: ContentSet(), report: RunReport(flows: [], specs: [], diagnostics: [])), later,
                        baseline: Baseline(kind: .revision, name: name))
                    return result
                }
                return compare(later, atRevision: commit, named: name, isSite: isSite, result: result)
            }
        }
        return result
    }

    /// `later` compared with the content (or, for a site, its exports) at `revision`.
    private func compare(
        _ later: Version, atRevision revision: String, named name: String? = nil, isSite: Bool, result: PipelineResult
    ) -> PipelineResult {
        var result = result
        let path = configuration.roots[0]
        let name = name ?? revision
        let read: GitRevision
        do throws(GitRevision.Failure) {
            read =
                isSite
                ? try GitRevision(
                    path: configuration.fileSystemPath(path), revision: revision,
                    environment: configuration.gitEnvironment
                ) { [SiteExports.model, SiteExports.report].contains($0) }
                : try GitRevision(
                    path: configuration.fileSystemPath(path), revision: revision,
                    environment: configuration.gitEnvironment)
        } catch {
            return IncrementalBuild.failed(
                PipelineFailure(reading: error, revision: revision, path: path), partial: result)
        }
        let baseline = Baseline(kind: .revision, name: name, commit: read.commit)
        if isSite {
            let files = Dictionary(read.files.map { ($0.relativePath, Data($0.bytes)) }) { first, _ in first }
            guard let model = files[SiteExports.model], let report = files[SiteExports.report] else {
                let missing = files[SiteExports.model] == nil ? SiteExports.model : SiteExports.report
                return IncrementalBuild.failed(
                    PipelineFailure(
                        .failed, .unreadableExports(path, reason: "'\(missing)' is not in revision \(name)")),
                    partial: result)
            }
            do throws(SiteExports.Unreadable) {
                result.changes = SpecChanges.compare(
                    try SiteExports.decode(model: model, report: report), later, baseline: baseline)
            } catch {
                return IncrementalBuild.failed(
                    PipelineFailure(.failed, .unreadableExports(path, reason: error.reason)), partial: result)
            }
            return result
        }
        do throws(EarlierVersion.Failure) {
            let version = try EarlierVersion(configuration: configuration, flows: flows).load(
                roots: [configuration.contentRoots[0]], at: read.commit, name: revision)
            result.changes = SpecChanges.compare(version, later, baseline: baseline)
        } catch {
            switch error {
            case .git(let failure):
                return IncrementalBuild.failed(
                    PipelineFailure(reading: failure, revision: revision, path: path), partial: result)
            case .contentHasErrors(let errors):
                var failed = IncrementalBuild.failed(
                    PipelineFailure(.failed, .earlierContentHasErrors(revision)), partial: result)
                failed.diagnostics = errors
                return failed
            }
        }
        return result
    }

    /// The model and the run of the site that `build` wrote into `folder`.
    private func readSite(_ folder: String) -> Result<Version, PipelineFailure> {
        do throws(SiteExports.Unreadable) {
            return .success(try SiteExports.read(configuration.url(folder)))
        } catch {
            return .failure(PipelineFailure(.failed, .unreadableExports(folder, reason: error.reason)))
        }
    }
}

extension PipelineFailure {
    /// Git could not read `revision` of `path`, in the catalogue's words.
    init(reading failure: GitRevision.Failure, revision: String, path: String) {
        switch failure {
        case .notARepository: self.init(.failed, .notAGitRepository(path))
        case .unknownRevision: self.init(.failed, .unknownRevision(revision, path: path))
        case .git(let detail): self.init(.failed, .gitFailed(detail))
        }
    }
}
