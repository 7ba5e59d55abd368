// swift-tools-version:6.0
import PackageDescription

// The folder listing reads like the pipeline:
// SceneSource (files, spans, diagnostics) → SceneParser (XML via libxml2, in XMLEvents) → SceneSyntax (located tree,
// expressions, schema) → SceneEvaluator (parameters, scopes, control flow) → DisplayList (resolved
// operations) → SVGBackend → PNGBackend (that SVG rasterized by librsvg and cairo, into RasterImage's
// pixels and PNGs, with SceneFonts' pinned fonts). SceneIO reads and
// writes files safely (size-limited reads, atomic writes); SceneCompiler is the front door every command
// goes through; SceneProject is the project model (discovery, manifest, plan, cache keys) and SceneBuild
// runs a plan's compilations at once (`scenec build`); scenec is the command line.
// SceneVocabulary, below them all, holds the closed names of the language (element kinds, attribute
// IDs, builtin functions, predefined names) that the checker, the evaluator and DisplayList share.
let package = Package(
    name: "scenec",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "scenec", targets: ["scenec"]),
        // The live preview's server, which `scenec preview` runs (docs/preview.md says why apart).
        .executable(name: "scenec-preview", targets: ["scenec-preview"]),
        .library(name: "SceneCompiler", targets: ["SceneCompiler"]),
        .library(name: "PixelDiff", targets: ["PixelDiff", "RasterImage", "PNGBackend"]),
        // For the fuzz package's manifest target (Fuzz/).
        .library(name: "SceneBuild", targets: ["SceneBuild", "SceneProject"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        // The live preview's HTTP and WebSocket server (docs/preview.md says why this one).
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
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
        // libpng encodes rendered images (faster than cairo's writer) and decodes reference PNGs (RasterImage/PNGCodec.swift).
        .systemLibrary(
            name: "CLibPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"])]
        ),
        // Pango, to measure text as librsvg lays it out (textWidth, missing glyphs): only TextMeasurement uses it.
        .systemLibrary(
            name: "CPango",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]
        ),
        .target(name: "SceneSource"),
        // The error index, docs/diagnostics.md (linked into the target's folder) built into the program:
        // `scenec explain CODE` prints its entries, its test runs their examples.
        .target(name: "DiagnosticIndex", dependencies: ["SceneSource"], resources: [.embedInCode("diagnostics.md")]),
        .target(name: "SceneIO"),
        // The closed vocabulary of the language: element kinds and attribute IDs (and the builtin
        // functions), below everything that names them.
        .target(name: "SceneVocabulary"),
        .target(name: "SceneSyntax", dependencies: ["SceneSource", "SceneVocabulary"]),
        // The one importer of libxml2: a byte buffer read into plain Swift events (SAX2, safe options only),
        // for the scene parser and the SVG importer.
        .target(name: "XMLEvents", dependencies: ["CLibXML2"]),
        .target(name: "SceneParser", dependencies: ["SceneSource", "SceneSyntax", "XMLEvents"]),
        .target(name: "DisplayList", dependencies: ["SceneSource", "SceneVocabulary"]),
        .target(name: "SceneEvaluator", dependencies: ["SceneSource", "SceneSyntax", "SceneVocabulary", "DisplayList"]),
        // The static checker: every branch, loop body and component, whatever the parameter values.
        .target(name: "SceneAnalysis", dependencies: ["SceneSource", "SceneSyntax", "SceneVocabulary", "DisplayList"]),
        .target(name: "SVGBackend", dependencies: ["DisplayList"]),
        // Pixels as plain bytes (RGBAImage) and PNG files to and from them (libpng), with no renderer.
        .target(name: "RasterImage", dependencies: ["CLibPNG"]),
        // The pinned fonts (fontconfig): what librsvg draws text with and Pango measures it with.
        .target(name: "SceneFonts", dependencies: ["CFontconfig"]),
        .target(name: "PNGBackend", dependencies: ["DisplayList", "SVGBackend", "RasterImage", "SceneFonts", "CLibRSVG"]),
        // Android's VectorDrawable XML from the display list (`--layout android-vector`).
        .target(name: "VectorDrawableBackend", dependencies: ["DisplayList", "SVGBackend", "SceneSource"]),
        // Text measured with Pango under the pinned fonts, given to the evaluator by SceneCompiler.
        .target(name: "TextMeasurement", dependencies: ["CPango", "SceneFonts"]),
        // Compares two renders pixel by pixel (pixelmatch's algorithm), for `scenec diff` and the review page.
        .target(name: "PixelDiff", dependencies: ["RasterImage"]),
        .target(
            name: "SceneCompiler",
            dependencies: [
                "SceneSource", "SceneIO", "SceneSyntax", "SceneParser", "SceneEvaluator", "DisplayList", "SVGBackend",
                "PNGBackend", "RasterImage", "SceneAnalysis", "TextMeasurement",
            ]
        ),
        // `scenec diff`: two display lists compared as a reviewer compares them.
        .target(name: "SceneDiff", dependencies: ["DisplayList", "SceneSource", "SceneIO", "SceneCompiler", "SceneProject", "SceneEvaluator", "SceneSyntax", "PixelDiff", "PNGBackend", "RasterImage"]),
        // `scenec test`: every variant compared with its committed reference (dump and PNG).
        .target(name: "SceneSnapshot", dependencies: ["SceneProject", "SceneCompiler", "SceneDiff", "PixelDiff", "PNGBackend", "RasterImage",
                                                      "DisplayList", "SceneSource", "SceneIO", "SceneEvaluator"]),
        // `scenec diff --html`: the review page of a diff, one self-contained HTML file with the images beside it.
        .target(name: "ReviewPage", dependencies: ["SceneDiff", "SceneIO", "DisplayList"]),
        // The project model: scene discovery, the manifest, the plan of jobs and variants, output
        // layouts and names, sharding, the work queue, the build cache's keys and entries. What
        // build, diff, test and preview all read a project with.
        .target(
            name: "SceneProject",
            dependencies: ["SceneCompiler", "SceneIO", "SceneSource", "SceneEvaluator", "DisplayList", "PNGBackend", "RasterImage"]
        ),
        // `scenec build`'s batch runner: the jobs run and written, the output record and --prune,
        // the cache trimmed after a build, the log and the summary.
        .target(
            name: "SceneBuild",
            dependencies: ["SceneProject", "SceneCompiler", "SceneIO", "SceneSource", "SceneEvaluator", "DisplayList", "PNGBackend", "RasterImage", "VectorDrawableBackend"]
        ),
        // `scenec import`: SVG files into scenes that draw the same (libxml2 with the scene parser's settings).
        .target(name: "SVGImport", dependencies: ["DisplayList", "SceneSource", "SceneSyntax", "SceneVocabulary", "SceneIO", "XMLEvents"]),
        .executableTarget(
            name: "scenec",
            dependencies: [
                "SVGImport", "SceneCompiler", "SceneProject", "SceneBuild", "SceneDiff", "SceneSnapshot", "ReviewPage", "SceneIO", "SceneSource",
                "SceneEvaluator", "DisplayList", "PNGBackend", "RasterImage", "ScenePreview", "DiagnosticIndex",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The live preview's state and JSON API, without sockets: the catalog, loaded scenes kept by
        // content, renders through the front door with cancellation, the file watcher, the events.
        .target(
            name: "ScenePreview",
            dependencies: ["SceneCompiler", "SceneProject", "SceneIO", "SceneSource", "SceneEvaluator", "DisplayList"]
        ),
        // The preview's HTTP layer on top of ScenePreview: FlyingFox, the page's files embedded in the program.
        .target(
            name: "ScenePreviewServer",
            dependencies: ["ScenePreview", .product(name: "FlyingSocks", package: "FlyingFox")],
            resources: [
                .embedInCode("Page/index.html"), .embedInCode("Page/app.js"), .embedInCode("Page/app.css"),
                .embedInCode("Page/favicon.svg"),
            ]
        ),
        // The server `scenec preview` execs: apart, so that scenec never loads FoundationNetworking and libcurl.
        .executableTarget(name: "scenec-preview", dependencies: ["ScenePreview", "ScenePreviewServer", "SceneIO", "SceneSource"]),
        .testTarget(name: "SceneSourceTests", dependencies: ["SceneSource"]),
        // Every code has an entry, and every entry's example and fix do what it says, run by the built `scenec`.
        .testTarget(name: "DiagnosticIndexTests", dependencies: ["DiagnosticIndex", "SceneSource", "scenec"]),
        .testTarget(name: "XMLEventsTests", dependencies: ["XMLEvents"]),
        .testTarget(name: "SceneParserTests", dependencies: ["SceneParser", "SceneSyntax", "SceneSource"]),
        .testTarget(name: "SceneSyntaxTests", dependencies: ["SceneSyntax", "SceneSource"]),
        .testTarget(
            name: "SceneEvaluatorTests",
            dependencies: ["SceneEvaluator", "SceneCompiler", "SceneSyntax", "SceneSource", "DisplayList"]
        ),
        .testTarget(name: "SceneAnalysisTests", dependencies: ["SceneAnalysis", "SceneCompiler", "SceneEvaluator", "SceneSource", "SceneVocabulary"]),
        .testTarget(name: "SVGBackendTests", dependencies: ["SVGBackend", "DisplayList", "SceneSource"]),
        .testTarget(name: "VectorDrawableBackendTests", dependencies: ["VectorDrawableBackend", "DisplayList", "SceneSource"]),
        .testTarget(
            name: "PNGBackendTests",
            dependencies: ["PNGBackend", "RasterImage", "SVGBackend", "DisplayList", "SceneCompiler", "SceneSource", "CLibRSVG"]
        ),
        .testTarget(name: "PixelDiffTests", dependencies: ["PixelDiff", "PNGBackend", "RasterImage", "SceneCompiler", "scenec"]),
        .testTarget(
            name: "SceneBuildTests",
            dependencies: ["SceneBuild", "SceneCompiler", "SceneSource", "SceneEvaluator", "DisplayList", "SceneIO", "SceneProject"]
        ),
        .testTarget(
            name: "SceneCompilerTests",
            dependencies: ["SceneCompiler", "SceneSource", "SceneParser", "SceneEvaluator", "DisplayList", "SVGBackend"],
            exclude: ["Fixtures", "Golden", "Hostile"]
        ),
        .testTarget(name: "SceneIOTests", dependencies: ["SceneIO"]),
        .testTarget(name: "SVGImportTests", dependencies: ["SVGImport", "SceneCompiler", "SceneSource"], exclude: ["Fixtures", "Hostile"]),
        .testTarget(name: "SceneDiffTests", dependencies: ["SceneDiff", "SceneCompiler", "SceneProject", "DisplayList", "SceneSource", "SceneVocabulary"]),
        .testTarget(name: "ScenePreviewTests", dependencies: ["ScenePreview", "SceneBuild", "SceneProject", "SceneCompiler", "SceneIO"]),
        .testTarget(name: "ReviewPageTests", dependencies: ["ReviewPage", "SceneDiff", "SceneCompiler", "SceneIO"]),
        .testTarget(name: "TextMeasurementTests", dependencies: ["TextMeasurement"]),
        .testTarget(name: "DisplayListTests", dependencies: ["DisplayList", "SceneSource", "SceneVocabulary"]),
        // The command line as a user runs it: each test spawns the built `scenec`.
        .testTarget(name: "CommandLineTests", dependencies: ["scenec", "scenec-preview"]),
    ]
)
