// swift-tools-version:6.0
import PackageDescription

// The folder listing reads like the pipeline:
// SceneSource (files, spans, diagnostics) → SceneParser (XML via libxml2) → SceneSyntax (located tree,
// expressions, schema) → SceneEvaluator (parameters, scopes, control flow) → DisplayList (resolved
// operations) → SVGBackend → PNGBackend (that SVG rasterized by librsvg and cairo); SceneCompiler ties
// the stages together for the `scenec` command line; SceneBuild runs many of them at once (`scenec build`).
let package = Package(
    name: "scenec",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "scenec", targets: ["scenec"]),
        .library(name: "SceneCompiler", targets: ["SceneCompiler"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .systemLibrary(
            name: "CLibRSVG",
            pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev"])]
        ),
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        // libpng encodes the rasterized image (faster than cairo's writer; see PNGEncoder.swift).
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        .target(name: "SceneSource"),
        .target(name: "SceneSyntax", dependencies: ["SceneSource"]),
        .target(name: "SceneParser", dependencies: ["SceneSource", "SceneSyntax", "CLibXML2"]),
        .target(name: "DisplayList", dependencies: ["SceneSource"]),
        .target(name: "SceneEvaluator", dependencies: ["SceneSource", "SceneSyntax", "DisplayList"]),
        .target(name: "SVGBackend", dependencies: ["DisplayList"]),
        .target(name: "PNGBackend", dependencies: ["DisplayList", "SVGBackend", "CLibRSVG", "CLibPNG", "CFontconfig"]),
        .target(
            name: "SceneCompiler",
            dependencies: [
                "SceneSource", "SceneSyntax", "SceneParser", "SceneEvaluator", "DisplayList", "SVGBackend", "PNGBackend",
            ]
        ),
        // `scenec build`: the manifest, job planning, sharding, the work queue and the summary.
        .target(
            name: "SceneBuild",
            dependencies: ["SceneCompiler", "SceneSource", "SceneEvaluator", "DisplayList", "PNGBackend"]
        ),
        .executableTarget(
            name: "scenec",
            dependencies: [
                "SceneCompiler", "SceneBuild", "SceneSource", "SceneEvaluator", "DisplayList", "PNGBackend",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "SceneSourceTests", dependencies: ["SceneSource"]),
        .testTarget(name: "SceneParserTests", dependencies: ["SceneParser", "SceneSyntax", "SceneSource"]),
        .testTarget(name: "SceneSyntaxTests", dependencies: ["SceneSyntax", "SceneSource"]),
        .testTarget(
            name: "SceneEvaluatorTests",
            dependencies: ["SceneEvaluator", "SceneCompiler", "SceneSyntax", "SceneSource", "DisplayList"]
        ),
        .testTarget(name: "SVGBackendTests", dependencies: ["SVGBackend", "DisplayList", "SceneSource"]),
        .testTarget(
            name: "PNGBackendTests",
            dependencies: ["PNGBackend", "SVGBackend", "DisplayList", "SceneCompiler", "SceneSource", "CLibRSVG"]
        ),
        .testTarget(
            name: "SceneBuildTests",
            dependencies: ["SceneBuild", "SceneCompiler", "SceneSource", "SceneEvaluator", "DisplayList"]
        ),
        .testTarget(
            name: "SceneCompilerTests",
            dependencies: ["SceneCompiler", "SceneSource", "SceneParser", "SceneEvaluator", "DisplayList", "SVGBackend"],
            exclude: ["Fixtures", "Golden", "Hostile"]
        ),
    ]
)
