// swift-tools-version:6.0
import PackageDescription

// The in-process benchmarks: compile-only timings of the seed scenes and the rasterizer's floor
// under a build (`make bench`), and PixelDiff's timings on a pair of PNGs (`make bench-diff`). A package of its own, depending on the root by path,
// so `swift build` and `make test` in the root never build it.
let package = Package(
    name: "scenec-benchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "scenec", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "scenec-bench",
            dependencies: [.product(name: "SceneCompiler", package: "scenec")]
        ),
        .executableTarget(
            name: "raster-floor",
            dependencies: [.product(name: "SceneCompiler", package: "scenec"), .product(name: "SceneBuild", package: "scenec"),
                           .product(name: "PixelDiff", package: "scenec")]
        ),
        .executableTarget(
            name: "pixeldiff-bench",
            dependencies: [.product(name: "PixelDiff", package: "scenec")]
        ),
    ]
)
