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

#if os(Linux)
// AuthenticationServices exists on Apple's systems only. On Linux, stand-ins with its names let
// login code written for iOS compile unchanged and send its requests to the kit's fakes; on
// Apple's systems that code gets the real framework.
package.products.append(.library(name: "AuthenticationServices", targets: ["AuthenticationServices"]))
package.targets.append(.target(name: "AuthenticationServices", dependencies: ["PasskeyLoginKit"]))
#endif
