// swift-tools-version:6.0
import PackageDescription

// An app's package as a user of scenec writes it: the target holds .scene files and applies
// scenec's build-tool plugin, which exports them to Swift at every build (docs/export.md, "In the
// build"). Tests/export/check_plugin_sample.py builds and runs it in `make test`.
let package = Package(
    name: "PluginSample",
    platforms: [.macOS(.v15)],
    dependencies: [
        // In an app: .package(url: "https://…/scenec.git", from: "…"); here the checkout this sample is in.
        .package(name: "scenec", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "PluginSample",
            dependencies: [
                // Linux has no Core Graphics: the generated code draws into scenec's recorder instead,
                // which records every call as display-list operations (docs/export.md).
                .product(name: "CoreGraphicsRecorder", package: "scenec", condition: .when(platforms: [.linux]))
            ],
            plugins: [.plugin(name: "SceneExportPlugin", package: "scenec")]
        )
    ]
)
