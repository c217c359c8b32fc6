// swift-tools-version:6.0
import PackageDescription

// A package that uses render-previews as any other package would: its plugin renders Scenes/ into Output/
// (the GIF in README.md), and its tests snapshot the same scene with RenderPreviewsSnapshotTesting.
// Outside this repository the dependency reads
//   .package(url: "https://github.com/OWNER/render-previews", from: "1.0.0"),
// here it is the repository itself, so `make test` proves the plugin and the products from outside.
let package = Package(
    name: "MyCellLibrary",
    products: [.library(name: "MyCellLibrary", targets: ["MyCellLibrary"])],
    dependencies: [.package(name: "render-previews", path: "../..")],
    targets: [
        .target(name: "MyCellLibrary"),
        .testTarget(
            name: "MyCellLibraryTests",
            dependencies: [
                "MyCellLibrary",
                .product(name: "RenderPreviewsKit", package: "render-previews"),
                .product(name: "RenderPreviewsSnapshotTesting", package: "render-previews"),
            ],
            exclude: ["__Snapshots__"]
        ),
    ]
)
