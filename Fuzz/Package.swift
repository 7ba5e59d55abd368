// swift-tools-version:6.0
import PackageDescription

// The libFuzzer target for scenec: parse → check → evaluate → SVG and dump, on arbitrary bytes.
// A package of its own (it depends on the root by path) so that the normal `swift build`,
// `swift test` and `make test` never build or slow down for it. Build and run it with `make fuzz`
// from the root: `swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address` here, then
// `.build/release/SceneFuzz` with libFuzzer's options (see the root Makefile).
let package = Package(
    name: "scenec-fuzz",
    dependencies: [
        .package(name: "scenec", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "SceneFuzz",
            dependencies: [.product(name: "SceneCompiler", package: "scenec")],
            // libFuzzer provides main(); the target only defines LLVMFuzzerTestOneInput.
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
        // The second target: command-line values (--set, --size, --scale) and the build manifest.
        .executableTarget(
            name: "OptionFuzz",
            dependencies: [.product(name: "SceneCompiler", package: "scenec"), .product(name: "SceneBuild", package: "scenec"),
                           .product(name: "PixelDiff", package: "scenec")],
            swiftSettings: [.unsafeFlags(["-parse-as-library"])]
        ),
    ]
)
