// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "passkey-spec",
    products: [
        .executable(name: "passkey-spec", targets: ["passkey-spec"])
    ],
    targets: [
        // cmark-gfm from Debian, found through pkg-config.
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // Graphviz from Debian, found through pkg-config: lays out the flow diagrams.
        .systemLibrary(
            name: "CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"])]
        ),
        // Value types of the spec: no parsing, no engine, no HTML.
        .target(name: "SpecModel"),
        // The reference flow engine: a pure reducer, platform adapters, a world, invariants
        // and the explorer. It knows nothing of Markdown or HTML.
        .target(name: "FlowEngine", dependencies: ["SpecModel"]),
        // Flows as values: binds check steps to a flow, runs them per platform, cross-checks
        // copy against what the flow can show, and rolls it all up into a run report.
        .target(name: "SpecRunner", dependencies: ["SpecModel"]),
        // The passkey-login flow: FlowEngine's steps, parameter types, exploration and rules.
        .target(name: "PasskeyLoginFlow", dependencies: ["SpecModel", "SpecRunner", "FlowEngine"]),
        // A spec-conformant Mustache renderer for the site's templates.
        .target(name: "Mustache"),
        // Every file engineers and CI take: the model's JSON and schema, the copy for Xcode and
        // Android, the run report and JUnit.
        .target(name: "Exports", dependencies: ["SpecModel", "SpecRunner"]),
        // What changed between two versions of the content and their runs, by stable ID.
        .target(name: "SpecDiff", dependencies: ["SpecModel", "SpecRunner"]),
        // cmark-gfm's documents and HTML renderer, for the parser and for prose on the site.
        .target(name: "CommonMark", dependencies: ["CCmarkGFM"]),
        // Boxes and labelled arrows laid out by Graphviz's dot, written as accessible SVG.
        .target(name: "FlowDiagram", dependencies: ["SpecModel", "CGraphviz"]),
        // Model + run report + templates to the files of the static site; atomic output.
        .target(
            name: "SiteBuilder",
            dependencies: [
                "SpecModel", "SpecRunner", "SpecDiff", "Mustache", "CommonMark", "Exports", "FlowDiagram",
            ]),
        // Markdown (through cmark-gfm) to SpecModel, with diagnostics.
        .target(name: "SpecParser", dependencies: ["SpecModel", "CCmarkGFM", "CommonMark"]),
        // The development server of `preview`: HTTP/1.1 over POSIX sockets, the site in memory,
        // live reload by server-sent events, and a polling file watcher. Knows nothing of specs.
        .target(name: "PreviewServer"),
        // The commands, as a library so tests can call them in-process too.
        .target(
            name: "PasskeySpecCLI",
            dependencies: [
                "SpecModel", "SpecParser", "FlowEngine", "SpecRunner", "PasskeyLoginFlow", "Exports", "SpecDiff",
                "SiteBuilder", "PreviewServer", "FlowDiagram",
            ]
        ),
        // A thin executable over PasskeySpecCLI.
        .executableTarget(name: "passkey-spec", dependencies: ["PasskeySpecCLI"]),

        // Helpers shared by the test targets.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "SpecModelTests", dependencies: ["SpecModel"]),
        .testTarget(name: "FlowEngineTests", dependencies: ["FlowEngine", "SpecModel"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(name: "FlowDiagramTests", dependencies: ["FlowDiagram"]),
        .testTarget(name: "SpecDiffTests", dependencies: ["SpecDiff", "SpecModel", "SpecRunner"]),
        .testTarget(name: "PreviewServerTests", dependencies: ["PreviewServer"]),
        .testTarget(
            name: "SiteBuilderTests",
            dependencies: [
                "SiteBuilder", "Mustache", "SpecRunner", "SpecModel", "SpecParser", "FlowEngine", "PasskeyLoginFlow",
                "Exports", "FlowDiagram",
            ]),
        .testTarget(
            name: "SpecRunnerTests",
            dependencies: ["SpecRunner", "SpecModel", "FlowEngine", "SpecParser", "PasskeyLoginFlow", "Exports"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "SpecParserTests",
            dependencies: ["SpecParser", "SpecModel", "CommonMark", "TestSupport"],
            exclude: ["Fixtures", "Golden"]
        ),
        .testTarget(
            name: "PasskeySpecCLITests",
            dependencies: ["PasskeySpecCLI", "passkey-spec", "TestSupport", "SpecModel", "SpecRunner", "SiteBuilder"]
        ),
    ]
)
