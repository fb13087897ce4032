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
        // Value types of the spec: no parsing, no engine, no HTML.
        .target(name: "SpecModel"),
        // The reference flow engine: a pure reducer, platform adapters, a world, invariants
        // and the explorer. It knows nothing of Markdown or HTML.
        .target(name: "FlowEngine"),
        // Binds check steps to the engine, runs them per platform, explores, cross-checks copy.
        .target(name: "SpecRunner", dependencies: ["SpecModel", "FlowEngine"]),
        // A spec-conformant Mustache renderer for the site's templates.
        .target(name: "Mustache"),
        // Model + run report + templates to the files of the static site; atomic output.
        .target(name: "SiteBuilder", dependencies: ["SpecModel", "SpecRunner", "Mustache", "SpecParser"]),
        // Markdown (through cmark-gfm) to SpecModel, with diagnostics.
        .target(name: "SpecParser", dependencies: ["SpecModel", "CCmarkGFM"]),
        // The commands, as a library so tests can call them in-process too.
        .target(
            name: "PasskeySpecCLI",
            dependencies: ["SpecModel", "SpecParser", "FlowEngine", "SpecRunner", "SiteBuilder"]
        ),
        // A thin executable over PasskeySpecCLI.
        .executableTarget(name: "passkey-spec", dependencies: ["PasskeySpecCLI"]),

        // Helpers shared by the test targets.
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "SpecModelTests", dependencies: ["SpecModel"]),
        .testTarget(name: "FlowEngineTests", dependencies: ["FlowEngine"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(
            name: "SiteBuilderTests",
            dependencies: ["SiteBuilder", "Mustache", "SpecRunner", "SpecModel", "SpecParser", "FlowEngine"]),
        .testTarget(
            name: "SpecRunnerTests",
            dependencies: ["SpecRunner", "SpecModel", "FlowEngine", "SpecParser"],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "SpecParserTests",
            dependencies: ["SpecParser", "SpecModel", "TestSupport"],
            exclude: ["Fixtures", "Golden"]
        ),
        .testTarget(
            name: "PasskeySpecCLITests",
            dependencies: ["PasskeySpecCLI", "passkey-spec", "TestSupport"]
        ),
    ]
)
