import Foundation
import SpecModel

/// The site kept in memory and rebuilt incrementally, as `build` rebuilds a folder: after a
/// one-word edit to a page only that page is rendered again. `preview` serves it; an editor
/// integration reads the same results.
public final class PreviewSession: @unchecked Sendable {
    public let pipeline: Pipeline
    private let sink = MemorySink()
    /// The pages read and parsed, kept between rebuilds: a page is read again when it changes.
    private let store: SourceStore
    /// One rebuild at a time.
    private let lock = NSLock()

    public init(_ pipeline: Pipeline) {
        self.pipeline = pipeline
        store = SourceStore(flows: LazyFlows(pipeline.configuration.makeFlows), trees: .rendered)
    }

    /// Builds what changed since the last rebuild (everything the first time). When the
    /// content has errors the site stays as the last build that rendered made it.
    public func rebuild() -> PipelineResult {
        lock.withLock {
            switch TemplateSet.load(pipeline.configuration) {
            case .success(let templates): return pipeline.build(into: sink, templates: templates, store: store)
            case .failure(let problem): return Pipeline.result(problem)
            }
        }
    }

    /// How many pages the preview's store has read and parsed.
    public var parses: Int { store.statistics.parses }

    /// Every file of the last build that rendered, by path relative to the site's root.
    public var site: [String: Data] { sink.site }

    /// Whether any build has rendered yet.
    public var hasRendered: Bool { sink.previousBuild() != nil || !sink.site.isEmpty }
}
