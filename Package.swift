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
        // An app target's .scene files exported to Swift at every build (`scenec export --swift`; docs/export.md).
        .plugin(name: "SceneExportPlugin", targets: ["SceneExportPlugin"]),
        // For the plugin's sample (Examples/PluginSample): Core Graphics' calls recorded, where there is no Core Graphics.
        .library(name: "CoreGraphicsRecorder", targets: ["CoreGraphicsRecorder"]),
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
        .target(name: "SceneEvaluator", dependencies: ["SceneSource", "SceneVocabulary", "DisplayList", "ResolvedProgram"]),
        // The typed, resolved program: names resolved, calls to builtins, attributes by ID, types. Made by
        // SceneAnalysis, read by what comes after it (the evaluator, code generators); no DisplayList.
        .target(name: "ResolvedProgram", dependencies: ["SceneSource", "SceneSyntax", "SceneVocabulary"]),
        // The static checker: every branch, loop body and component, whatever the parameter values; it
        // lowers what it checks into the program (ResolvedProgram).
        .target(name: "SceneAnalysis", dependencies: ["SceneSource", "SceneSyntax", "SceneVocabulary", "DisplayList", "ResolvedProgram"]),
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
                "PNGBackend", "RasterImage", "SceneAnalysis", "TextMeasurement", "ResolvedProgram",
            ]
        ),
        // `scenec diff`: two display lists compared as a reviewer compares them.
        .target(
            name: "SceneDiff",
            dependencies: [
                "DisplayList", "SceneSource", "SceneIO", "SceneCompiler", "SceneProject", "SceneEvaluator", "SceneSyntax", "PixelDiff", "PNGBackend",
                "RasterImage",
            ]),
        // `scenec test`: every variant compared with its committed reference (dump and PNG).
        .target(
            name: "SceneSnapshot",
            dependencies: [
                "SceneProject", "SceneCompiler", "SceneDiff", "PixelDiff", "PNGBackend", "RasterImage",
                "DisplayList", "SceneSource", "SceneIO", "SceneEvaluator",
            ]),
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
            dependencies: [
                "SceneProject", "SceneCompiler", "SceneIO", "SceneSource", "SceneEvaluator", "DisplayList", "PNGBackend", "RasterImage",
                "VectorDrawableBackend",
            ]
        ),
        // `scenec import`: SVG files into scenes that draw the same (libxml2 with the scene parser's settings).
        .target(name: "SVGImport", dependencies: ["DisplayList", "SceneSource", "SceneSyntax", "SceneVocabulary", "SceneIO", "XMLEvents"]),
        // What the code generators share (below them, above the resolved program): the code writer, names and
        // literals' common rules, the walk over path data, the components placed, a text's words.
        .target(
            name: "CodeGeneration",
            dependencies: ["ResolvedProgram", "SceneCompiler", "SceneEvaluator", "SceneSyntax", "SceneSource", "SceneVocabulary", "DisplayList"]
        ),
        // `scenec export --ts/--js`: a scene library as a self-contained TypeScript or JavaScript module
        // that draws on a Canvas 2D context (docs/export.md); the runtime it embeds is Runtime.ts
        // (Runtime.js is its `tsc` output, checked by Tests/export/check_typescript.py).
        .target(
            name: "TypeScriptExport",
            dependencies: [
                "CodeGeneration", "SceneCompiler", "ResolvedProgram", "SceneSyntax", "SceneEvaluator", "SceneSource", "SceneVocabulary",
                "DisplayList",
            ],
            resources: [.embedInCode("Runtime.ts"), .embedInCode("Runtime.js")]
        ),
        // `scenec export`: the exporter each language is written by, the file checked or written.
        .target(
            name: "CodeExport",
            dependencies: ["SwiftExport", "KotlinExport", "TypeScriptExport", "SceneCompiler", "SceneIO"]
        ),
        .executableTarget(
            name: "scenec",
            dependencies: [
                "SVGImport", "SceneCompiler", "SceneProject", "SceneBuild", "SceneDiff", "SceneSnapshot", "ReviewPage", "SceneIO", "SceneSource",
                "SceneEvaluator", "DisplayList", "PNGBackend", "RasterImage", "ScenePreview", "DiagnosticIndex", "ResolvedProgram",
                "CodeExport",
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
            dependencies: ["SceneEvaluator", "SceneCompiler", "SceneAnalysis", "SceneSyntax", "SceneSource", "DisplayList", "ResolvedProgram"]
        ),
        .testTarget(
            name: "SceneAnalysisTests", dependencies: ["SceneAnalysis", "SceneCompiler", "SceneEvaluator", "SceneSource", "SceneVocabulary"]),
        // The program's dump of every fixture scene, a golden file each (Fixtures/Program).
        .testTarget(
            name: "ResolvedProgramTests", dependencies: ["ResolvedProgram", "SceneCompiler", "SceneSource"],
            exclude: ["Golden"]),
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
        .testTarget(
            name: "SceneDiffTests", dependencies: ["SceneDiff", "SceneCompiler", "SceneProject", "DisplayList", "SceneSource", "SceneVocabulary"]),
        .testTarget(name: "ScenePreviewTests", dependencies: ["ScenePreview", "SceneBuild", "SceneProject", "SceneCompiler", "SceneIO"]),
        .testTarget(name: "CodeExportTests", dependencies: ["CodeExport", "SceneCompiler", "SceneIO"]),
        .testTarget(name: "ReviewPageTests", dependencies: ["ReviewPage", "SceneDiff", "SceneCompiler", "SceneIO"]),
        .testTarget(name: "TextMeasurementTests", dependencies: ["TextMeasurement"]),
        .testTarget(name: "DisplayListTests", dependencies: ["DisplayList", "SceneSource", "SceneVocabulary"]),
        // The runtime every generated Swift file embeds (values, operators, builtins with the
        // evaluator's semantics): compiled and tested here as a module, copied as text by the generator.
        .target(name: "SwiftExportRuntime"),
        .testTarget(
            name: "SwiftExportRuntimeTests",
            dependencies: [
                "SwiftExportRuntime", "SwiftExportDrawing", "CoreGraphicsRecorder",
                "SceneCompiler", "SceneSource", "DisplayList", "TextMeasurement",
            ]),
        // `scenec export --swift`: Swift drawing code generated from scenes, the runtime above embedded as text.
        .target(
            name: "SwiftExport",
            dependencies: ["CodeGeneration", "SceneCompiler", "SceneEvaluator", "ResolvedProgram", "SceneSyntax", "SceneSource", "DisplayList"],
            resources: [
                .embedInCode("Runtime/Values.swift.txt"), .embedInCode("Runtime/Operators.swift.txt"), .embedInCode("Runtime/Budget.swift.txt"),
                .embedInCode("Runtime/Builtins.swift.txt"), .embedInCode("Runtime/Support.swift.txt"),
                .embedInCode("Runtime/Attributes.swift.txt"), .embedInCode("Runtime/Text.swift.txt"),
                .embedInCode("Runtime/Resizing.swift.txt"), .embedInCode("Runtime/Transforms.swift.txt"),
                .embedInCode("Runtime/ScenePath.swift.txt"), .embedInCode("Runtime/Drawing.swift.txt"),
                .embedInCode("Runtime/DrawText.swift.txt"), .embedInCode("Runtime/Components.swift.txt"),
                .embedInCode("Runtime/ValueFunctions.swift.txt"),
                .embedInCode("Runtime/LayoutSizes.swift.txt"), .embedInCode("Runtime/Layout.swift.txt"), .embedInCode("Runtime/Masks.swift.txt"),
            ]
        ),
        // `scenec export --kotlin`: Kotlin drawing code for android.graphics.Canvas, generated from scenes; the
        // runtime it embeds is Runtime/*.kt (Kotlin 1.3), proven by KotlinExportTests against an Android recording stub.
        .target(
            name: "KotlinExport",
            dependencies: [
                "CodeGeneration", "DisplayList", "SceneCompiler", "SceneEvaluator", "ResolvedProgram", "SceneSyntax", "SceneSource",
                "SceneVocabulary",
            ],
            resources: [
                .embedInCode("Runtime/Values.kt"), .embedInCode("Runtime/Operators.kt"), .embedInCode("Runtime/Builtins.kt"),
                .embedInCode("Runtime/Support.kt"), .embedInCode("Runtime/Attributes.kt"), .embedInCode("Runtime/ScenePath.kt"),
                .embedInCode("Runtime/Drawing.kt"), .embedInCode("Runtime/Budget.kt"),
                .embedInCode("Runtime/WrappedText.kt"), .embedInCode("Runtime/Layout.kt"), .embedInCode("Runtime/Masks.kt"),
            ]
        ),
        // The proof: generated Kotlin compiled with kotlinc against a recording stub of android.graphics
        // (AndroidStub/) draws what the evaluator draws.
        .testTarget(
            name: "KotlinExportTests",
            dependencies: [
                "KotlinExport", "SceneCompiler", "SceneEvaluator", "SceneSource", "DisplayList",
                "CoreGraphicsRecorder", "SwiftExport", "TextMeasurement", "ExportProofSupport",
            ],
            exclude: ["AndroidStub"]),
        // The part of the runtime that draws with Core Graphics: on Linux against the recorder.
        .target(
            name: "SwiftExportDrawing",
            dependencies: [
                "SwiftExportRuntime", .target(name: "CoreGraphicsRecorder", condition: .when(platforms: [.linux])),
            ]),
        // The proof: generated Swift compiled with swiftc against the recorder draws what the evaluator draws.
        .testTarget(
            name: "SwiftExportTests",
            dependencies: [
                "SwiftExport", "SceneCompiler", "SceneEvaluator", "SceneSource", "DisplayList",
                "CoreGraphicsRecorder", "ExportProofSupport", "CodeGeneration",
            ],
            // The proof's own scenes (rows and columns, masks with parameters), run like the fixtures.
            exclude: ["Scenes"]),
        // Test support: Core Graphics' names and signatures for what generated Swift calls, recording
        // every call as display-list operations (docs/export.md, "How the Swift is proved").
        .target(name: "CoreGraphicsRecorder", dependencies: ["DisplayList", "SceneSource"], path: "Tests/CoreGraphicsRecorder"),
        // Test support: the parameter values both export proofs draw every scene with (seeded random ones and the
        // declared bounds), one copy for the Swift and the Kotlin proof (a test target cannot import another).
        .target(name: "ExportProofSupport", dependencies: ["SceneEvaluator"], path: "Tests/ExportProofSupport"),
        .testTarget(name: "CoreGraphicsRecorderTests", dependencies: ["CoreGraphicsRecorder", "DisplayList", "SceneCompiler", "SceneSource"]),
        // The seeds' own drawing code (the tutorials' PushButtonView, CounterView, GraphView, FaceView in today's
        // Swift) over a test-only UIKit layer, through the recorder, draws what Scenes/ draws: pixels, via librsvg.
        .testTarget(
            name: "SeedDrawingTests",
            dependencies: [
                "CoreGraphicsRecorder", "DisplayList", "SceneCompiler", "PNGBackend",
                "RasterImage",
            ]),
        // The build-tool plugin: runs the `scenec` of this package on the target's scenes, into the plugin's work folder.
        .plugin(name: "SceneExportPlugin", capability: .buildTool(), dependencies: ["scenec"]),
        // The command line as a user runs it: each test spawns the built `scenec`.
        .testTarget(name: "CommandLineTests", dependencies: ["scenec", "scenec-preview"]),
    ]
)
