// swift-tools-version: 6.0
// A conformance kit written by `passkey-spec export --format swift-kit`: the spec's iOS checks
// as a library an app's test target depends on. It depends on nothing but the toolchain.
import PackageDescription

let package = Package(
    name: "PasskeyLoginKit",
    products: [
        .library(name: "PasskeyLoginKit", targets: ["PasskeyLoginKit"])
    ],
    targets: [
        // The scripts, one JSON file per spec, are read through `Bundle.module`.
        .target(name: "PasskeyLoginKit", resources: [.copy("scripts")])
    ]
)
