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
        // What every module may use and none of it is about specs: file bytes and stamps, hashes,
        // a lock, parallel maps, deterministic JSON, edit distances.
        .target(name: "Utilities"),
        // A Markdown document as plain Swift values, and its HTML: no C, no spec.
        .target(name: "Markdown"),
        // The one place that calls cmark-gfm: Markdown text to a `Markdown` tree.
        .target(name: "CommonMark", dependencies: ["CCmarkGFM", "Markdown"]),
        // Value types of the spec: no parsing, no engine, no HTML.
        .target(name: "SpecModel", dependencies: ["Utilities", "Markdown"], plugins: ["EmbedExplanations"]),
        // Value types of a run: the report the site, the exports and `diff` read, without the runner.
        .target(name: "ReportModel", dependencies: ["Utilities", "SpecModel"]),
        // The passkey-login engine: a pure reducer, platform adapters, a world, invariants and
        // the explorer. It knows nothing of Markdown or HTML.
        .target(name: "PasskeyLoginEngine", dependencies: ["Utilities", "SpecModel"]),
        // Flows as values: binds check steps to a flow, runs them per platform, cross-checks
        // copy against what the flow can show, and rolls it all up into a run report.
        .target(name: "SpecRunner", dependencies: ["Utilities", "SpecModel", "ReportModel"]),
        // The passkey-login flow: the engine's steps, parameter types, exploration and rules.
        .target(
            name: "PasskeyLoginFlow",
            dependencies: [
                "Utilities", "SpecModel", "ReportModel", "SpecRunner", "PasskeyLoginEngine",
            ]),
        // Conformance kits: a spec's checks as data and the suites that replay them against an
        // app, in Swift, Kotlin and TypeScript.
        .target(name: "ConformanceKit", dependencies: ["SpecModel", "ReportModel"], plugins: ["EmbedKits"]),
        // A spec-conformant Mustache renderer for the site's templates.
        .target(name: "Mustache"),
        // Every file engineers and CI take: the model's JSON and schema, the copy for Xcode,
        // Android and the web, the run report, JUnit and SARIF.
        .target(name: "Exports", dependencies: ["Utilities", "SpecModel", "ReportModel"]),
        // What changed between two versions of the content and their runs, by stable ID.
        .target(name: "SpecDiff", dependencies: ["SpecModel", "ReportModel"]),
        // Boxes and labelled arrows laid out by Graphviz's dot, written as accessible SVG.
        .target(name: "FlowDiagram", dependencies: ["Utilities", "SpecModel", "CGraphviz"]),
        // Markdown (through cmark-gfm) to SpecModel, with diagnostics.
        .target(name: "SpecParser", dependencies: ["Utilities", "SpecModel", "CommonMark", "Markdown"]),
        // Model + run report + templates to the files of the static site.
        .target(
            name: "SiteBuilder",
            dependencies: [
                "Utilities",
                "SpecModel", "ReportModel", "Mustache", "Markdown", "Exports", "FlowDiagram", "ConformanceKit",
            ]),
        // The one pipeline every command is a view of: load, lint, check, render and write,
        // incremental, into a folder, memory or a file; the tool's cache; the Changes baseline.
        .target(
            name: "Pipeline",
            dependencies: [
                "Utilities",
                "ConformanceKit",
                "SpecModel", "ReportModel", "SpecParser", "SpecRunner", "PasskeyLoginFlow", "Exports", "SpecDiff",
                "SiteBuilder", "FlowDiagram",
            ],
            plugins: ["EmbedTemplates"]),
        // Builds `templates/` into the tool, so that it renders the site from any folder.
        .plugin(name: "EmbedTemplates", capability: .buildTool(), dependencies: ["EmbedFiles"]),
        // Builds `docs/diagnostics/` (one Markdown explanation per message ID) into the tool.
        .plugin(name: "EmbedExplanations", capability: .buildTool(), dependencies: ["EmbedFiles"]),
        .plugin(name: "EmbedKits", capability: .buildTool(), dependencies: ["EmbedFiles"]),
        .executableTarget(name: "EmbedFiles", path: "Plugins/EmbedFiles"),
        // The development server of `preview`: HTTP/1.1 over POSIX sockets, the site in memory,
        // live reload by server-sent events, and a file watcher. Knows nothing of specs.
        .target(name: "PreviewServer"),
        // The commands: argument parsing and printing, over the pipeline's results.
        // The language server: the pipeline behind the Language Server Protocol, on its wire
        // layer (JSON values and the framing of messages), which depends on nothing.
        .target(name: "LanguageServerProtocol"),
        .target(
            name: "LanguageServer",
            dependencies: [
                "Utilities", "Markdown",
                "LanguageServerProtocol", "Pipeline", "SpecModel", "SpecParser", "SpecRunner", "ReportModel",
            ]),
        .target(
            name: "PasskeySpecCLI",
            dependencies: ["Utilities", "Pipeline", "SpecModel", "ReportModel", "PreviewServer", "LanguageServer"]),
        // A thin executable over PasskeySpecCLI.
        .executableTarget(name: "passkey-spec", dependencies: ["PasskeySpecCLI"]),

        // Helpers shared by the test targets.
        .target(name: "TestSupport", dependencies: ["Utilities"], path: "Tests/TestSupport"),
        .testTarget(name: "SpecModelTests", dependencies: ["Utilities", "SpecModel", "TestSupport"]),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown", "CommonMark", "TestSupport"]),
        .testTarget(name: "PasskeyLoginEngineTests", dependencies: ["PasskeyLoginEngine", "SpecModel"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(name: "FlowDiagramTests", dependencies: ["FlowDiagram"]),
        .testTarget(name: "SpecDiffTests", dependencies: ["SpecDiff", "SpecModel", "ReportModel"]),
        .testTarget(name: "ConformanceKitTests", dependencies: ["ConformanceKit", "SpecModel", "ReportModel"]),
        .testTarget(
            name: "LanguageServerTests",
            dependencies: [
                "LanguageServer", "LanguageServerProtocol", "Pipeline", "SpecModel", "SpecRunner", "TestSupport",
            ]),
        .testTarget(name: "PreviewServerTests", dependencies: ["PreviewServer", "TestSupport"]),
        .testTarget(
            name: "ExportsTests", dependencies: ["Exports", "SpecModel", "ReportModel", "SpecParser", "TestSupport"]),
        .testTarget(
            name: "SiteBuilderTests",
            dependencies: [
                "SiteBuilder", "Mustache", "SpecRunner", "SpecModel", "ReportModel", "SpecParser", "PasskeyLoginEngine",
                "PasskeyLoginFlow", "Exports", "FlowDiagram", "Pipeline", "TestSupport",
            ]),
        .testTarget(
            name: "SpecRunnerTests",
            dependencies: [
                "SpecRunner", "SpecModel", "ReportModel", "PasskeyLoginEngine", "SpecParser", "PasskeyLoginFlow",
                "Exports",
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "SpecParserTests",
            dependencies: ["Utilities", "SpecParser", "SpecModel", "CommonMark", "Markdown", "TestSupport"],
            exclude: ["Fixtures", "Golden"]
        ),
        .testTarget(
            name: "PipelineTests",
            dependencies: [
                "Utilities", "Pipeline", "SpecModel", "ReportModel", "SpecRunner", "SiteBuilder", "TestSupport",
            ]
        ),
        .testTarget(
            name: "PasskeySpecCLITests",
            dependencies: [
                "Utilities",
                "PasskeySpecCLI", "passkey-spec", "TestSupport", "SpecModel", "ReportModel", "Pipeline", "SpecRunner",
                "SiteBuilder",
            ]
        ),
    ]
)

// The Swift example app and its tests, against the Swift conformance kit of content/, which
// `make test` exports into `.build/kits/swift` first and then says so with
// `PASSKEY_SPEC_EXAMPLES=1`: the package never compiles what a build of the site wrote, so a
// content change cannot break the tool's own build. The example's tests include the kit's
// `AppTests` through the link `Examples/swift/Tests/ExampleLoginTests/Conformance`. The kit
// depends on nothing, as an exported one; the tests write its lockstep exploration through the
// pipeline, as `passkey-spec lockstep` does.
if Context.environment["PASSKEY_SPEC_EXAMPLES"] == "1" {
    package.targets += [
        .target(
            name: "PasskeyLoginKit",
            path: ".build/kits/swift/Sources/PasskeyLoginKit", resources: [.copy("scripts")]),
        .target(name: "ExampleLogin", path: "Examples/swift/Sources/ExampleLogin"),
        .testTarget(
            name: "ExampleLoginTests",
            dependencies: ["ExampleLogin", "PasskeyLoginKit", "Pipeline", "ReportModel", "SpecModel"],
            path: "Examples/swift/Tests/ExampleLoginTests"),
    ]
    #if os(Linux)
    // The kit's AuthenticationServices stand-ins, with login code written against the framework
    // run against the kit's fakes.
    package.targets += [
        .target(
            name: "AuthenticationServices", dependencies: ["PasskeyLoginKit"],
            path: ".build/kits/swift/Sources/AuthenticationServices"),
        .testTarget(
            name: "AuthenticationServicesTests", dependencies: ["AuthenticationServices", "PasskeyLoginKit"],
            path: "Examples/swift/Tests/AuthenticationServicesTests"),
        // A sign-in written from Apple's sample and documentation, not from the spec, with the
        // kit's verdicts on it.
        .target(
            name: "SampleSignIn", dependencies: ["AuthenticationServices"],
            path: "Examples/swift/Sources/SampleSignIn"),
        .testTarget(
            name: "SampleSignInTests", dependencies: ["SampleSignIn", "PasskeyLoginKit", "AuthenticationServices"],
            path: "Examples/swift/Tests/SampleSignInTests"),
    ]
    #endif
}
