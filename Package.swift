// swift-tools-version:6.0
import PackageDescription

// The pipeline, one module a stage; dependencies point one way, from the CLI down to Geometry:
//   RenderPreviewsCLI -> SceneFormat -> Models -> SceneSchema -> LayerTree -> Geometry
//                                         Models -> Artwork (PDF vector art) -> LayerTree, CZlib
//                     -> Compositor  -> Text -> LayerTree, Raster -> Geometry
//                     -> Encoders    -> Raster, CPNG, CGIF
//                     -> Previews (frames on every core into GIF bytes) -> Compositor, Encoders
// What other packages use (docs in Sources/RenderPreviewsKit/RenderPreviewsKit.docc):
//   RenderPreviewsKit (the small public API: load, render, preview) -> SceneFormat, Compositor, Encoders, Previews
//   RenderPreviewsSnapshotTesting (swift-snapshot-testing strategies) -> RenderPreviewsKit, SnapshotTesting
//   the `render-previews` command plugin -> RenderPreviewsCLI, which renders through RenderPreviewsKit
// The designer (a web page to tune a scene's parameters) is a product of its own, so `make previews` never
// builds its HTTP server:
//   DesignerMain -> DesignerServer (FlyingFox) -> Designer (the API, no HTTP) -> SceneFormat, Previews
let package = Package(
    name: "render-previews",
    products: [
        .executable(name: "render-previews", targets: ["RenderPreviewsCLI"]),
        // `render-previews design` runs this one, found beside it.
        .executable(name: "render-previews-designer", targets: ["DesignerMain"]),
        // The public API; scripts/fuzz, Examples/MyCellLibrary and the CLI use it as any client would.
        .library(name: "RenderPreviewsKit", targets: ["RenderPreviewsKit"]),
        .library(name: "RenderPreviewsSnapshotTesting", targets: ["RenderPreviewsSnapshotTesting"]),
        // For a package's own preview kinds: the kind protocol, parameters, layers, motion, device chrome.
        .library(name: "RenderPreviewsKindKit", targets: ["RenderPreviewsKindKit"]),
        // The command line for a package's executable target: `RenderPreviews.main(kinds: [MyKind.self])`.
        .library(name: "RenderPreviewsCommand", targets: ["RenderPreviewsCommand"]),
        // The designer for a package's NAME-designer executable: `await DesignerCommand.main(kinds: [MyKind.self])`.
        .library(name: "RenderPreviewsDesigner", targets: ["RenderPreviewsDesigner"]),
        // `swift package --allow-writing-to-package-directory render-previews` in a package that depends on this one.
        .plugin(name: "RenderPreviewsPlugin", targets: ["RenderPreviewsPlugin"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/pointfreeco/swift-snapshot-testing", from: "1.17.0"),
        .package(url: "https://github.com/swhitty/FlyingFox", from: "0.27.1"),
        // `make docs` (a plugin only: nothing of it is linked).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.4.0"),
    ],
    targets: [
        // Each system library's flags come from pkg-config, on Debian (apt) as with Homebrew (brew: SwiftPM also
        // searches its opt/NAME/lib/pkgconfig). giflib ships no .pc upstream: Debian adds libgif.pc, Homebrew has
        // none, and SwiftPM then only warns ("you may be able to install libgif…") and builds with the compiler's
        // default paths; enough under /usr/local, while under /opt/homebrew a libgif.pc on PKG_CONFIG_PATH supplies
        // them (-I/opt/homebrew/include, -L/opt/homebrew/lib -lgif).
        .systemLibrary(name: "CPNG", pkgConfig: "libpng", providers: [.apt(["libpng-dev"]), .brew(["libpng"])]),
        .systemLibrary(name: "CGIF", pkgConfig: "libgif", providers: [.apt(["libgif-dev"]), .brew(["giflib"])]),
        .target(name: "Geometry"),
        .target(name: "LayerTree", dependencies: ["Geometry"]),
        .target(name: "Raster", dependencies: ["Geometry"]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .target(name: "Artwork", dependencies: ["Geometry", "LayerTree", "CZlib"], resources: [.copy("Resources/Shapes")]),
        .systemLibrary(name: "CFreeType", pkgConfig: "freetype2", providers: [.apt(["libfreetype-dev"]), .brew(["freetype"])]),
        .systemLibrary(name: "CHarfBuzz", pkgConfig: "harfbuzz", providers: [.apt(["libharfbuzz-dev"]), .brew(["harfbuzz"])]),
        // The fonts travel with the package (Resources/Fonts, with their licences): no installed font changes a pixel.
        .target(name: "Text", dependencies: ["Geometry", "LayerTree", "CFreeType", "CHarfBuzz"], resources: [.copy("Resources/Fonts")]),
        .target(name: "Compositor", dependencies: ["LayerTree", "Raster", "Text"]),
        .target(name: "Encoders", dependencies: ["Raster", "CPNG", "CGIF"]),
        .target(name: "SceneSchema", dependencies: ["Geometry", "LayerTree"]),
        .target(name: "Models", dependencies: ["Geometry", "LayerTree", "SceneSchema", "Artwork"]),
        .target(name: "SceneFormat", dependencies: ["Geometry", "LayerTree", "SceneSchema"]),
        // What a kind is written with, in one import (the public product for kind authors).
        .target(name: "RenderPreviewsKindKit", dependencies: ["Artwork", "Geometry", "LayerTree", "Models", "SceneFormat", "SceneSchema",
                                                             "Encoders", "Raster"]),
        // The kinds this package ships, one folder a kind, on the public kit alone.
        .target(name: "BuiltInKinds", dependencies: ["RenderPreviewsKindKit"]),
        // A scene's frames rendered on every core into its GIF (or PNG) bytes: the CLI's and the designer's.
        .target(name: "Previews", dependencies: ["SceneSchema", "LayerTree", "Raster", "Compositor", "Encoders"]),
        .target(name: "RenderPreviewsKit", dependencies: ["SceneFormat", "BuiltInKinds", "SceneSchema", "LayerTree", "Text", "Compositor", "Raster",
                                                         "Encoders", "Previews"]),
        .target(
            name: "RenderPreviewsSnapshotTesting",
            dependencies: ["RenderPreviewsKit", "Raster", "Encoders", .product(name: "SnapshotTesting", package: "swift-snapshot-testing")]
        ),
        .plugin(
            name: "RenderPreviewsPlugin",
            capability: .command(
                intent: .custom(verb: "render-previews", description: "Render Scenes/*.json into Output/ (or check that Output/ is up to date)."),
                permissions: [.writeToPackageDirectory(reason: "Writes the rendered previews (GIF, PNG) into the package's Output/ folder.")]
            )
            // No tool dependency: the plugin builds the command line in release itself (a tool would be a debug build).
        ),
        // The command line as a library, so a package's executable runs it with its own kinds.
        .target(
            name: "RenderPreviewsCommand",
            dependencies: [
                "RenderPreviewsKit", "BuiltInKinds", "SceneFormat", "SceneSchema", "Text", "Compositor", "Encoders", "Previews",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .executableTarget(name: "RenderPreviewsCLI", dependencies: ["RenderPreviewsCommand"]),
        .target(name: "Designer", dependencies: ["SceneFormat", "BuiltInKinds", "SceneSchema", "LayerTree", "Text", "Compositor", "Encoders", "Previews"]),
        .target(
            name: "DesignerServer",
            dependencies: ["Designer", "BuiltInKinds", "SceneFormat", .product(name: "FlyingFox", package: "FlyingFox"), .product(name: "FlyingSocks", package: "FlyingFox")]
        ),
        .executableTarget(
            name: "DesignerMain",
            dependencies: ["RenderPreviewsDesigner"]
        ),
        // The designer's command as a library, so a package's NAME-designer executable serves its own kinds.
        .target(
            name: "RenderPreviewsDesigner",
            dependencies: ["DesignerServer", "BuiltInKinds", "SceneFormat", "SceneSchema", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        .testTarget(name: "GeometryTests", dependencies: ["Geometry"]),
        .testTarget(name: "ArtworkTests", dependencies: ["Artwork", "Geometry", "LayerTree", "Compositor", "Raster", "Encoders", "CZlib"],
                    exclude: ["__Snapshots__"]),
        .testTarget(name: "CompositorTests", dependencies: ["Compositor", "LayerTree", "Geometry", "Raster"]),
        // Helpers the test targets share (not shipped: no product names it).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "RasterTests", dependencies: ["Raster", "Compositor", "LayerTree", "TestSupport"]),
        .testTarget(name: "SceneFormatTests", dependencies: ["SceneFormat", "SceneSchema", "Models", "BuiltInKinds", "Text", "Encoders", "Raster"]),
        .testTarget(name: "ModelTests", dependencies: ["Models", "BuiltInKinds", "Geometry", "LayerTree", "SceneSchema", "Text"]),
        .testTarget(name: "GIFTests", dependencies: ["Encoders", "Raster", "CGIF", "TestSupport"]),
        .testTarget(name: "TextEngineTests", dependencies: ["Text", "Geometry", "LayerTree", "Raster", "CFreeType"]),
        .testTarget(name: "CLITests", dependencies: ["RenderPreviewsCommand", "RenderPreviewsCLI", "Encoders", "Previews", "SceneSchema", "Compositor", "LayerTree", "Geometry", "Raster"]),
        // DesignerMain and RenderPreviewsCLI so that both executables are built beside the tests, which run them.
        .testTarget(name: "DesignerTests", dependencies: ["Designer", "DesignerServer", "DesignerMain", "RenderPreviewsCLI", "SceneFormat", "BuiltInKinds"]),
        .testTarget(name: "RobustnessTests", dependencies: ["SceneFormat", "BuiltInKinds", "SceneSchema", "Text", "Compositor", "Geometry", "Raster", "Encoders"]),
        .testTarget(name: "RenderPreviewsKitTests", dependencies: ["RenderPreviewsKit", "RenderPreviewsKindKit", "BuiltInKinds"]),
        // The library products' public symbols against a committed list (the semver check).
        .testTarget(name: "PublicAPITests", dependencies: ["RenderPreviewsKit", "RenderPreviewsSnapshotTesting", "RenderPreviewsKindKit"],
                    exclude: ["public-api.txt"]),
        .testTarget(
            name: "SnapshotTests",
            dependencies: [
                "SceneFormat", "BuiltInKinds", "Compositor", "Encoders", "RenderPreviewsKit", "RenderPreviewsSnapshotTesting",
                .product(name: "SnapshotTesting", package: "swift-snapshot-testing"),
            ],
            exclude: ["__Snapshots__"],
            resources: [.copy("Scenes")]
        ),
    ]
)
