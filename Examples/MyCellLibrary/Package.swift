// swift-tools-version:6.0
import PackageDescription

// A package that uses render-previews as any other package would: its plugin renders Scenes/ into Output/
// (the GIF in README.md), and its tests snapshot the same scene with RenderPreviewsSnapshotTesting. The cell
// itself is UIKit code, which builds on Apple's systems only; the scene describes it with the built-in swipe kind
// (Examples/CarouselLibrary has a kind of its own instead).
// Outside this repository the dependency reads
//   .package(url: "https://github.com/OWNER/render-previews", from: "1.0.0"),
// here it is the repository itself, so `make test` proves the plugin and the products from outside.
let package = Package(
    name: "MyCellLibrary",
    dependencies: [.package(name: "render-previews", path: "../..")],
    targets: [
        .testTarget(
            name: "MyCellLibraryTests",
            dependencies: [
                .product(name: "RenderPreviewsKit", package: "render-previews"),
                .product(name: "RenderPreviewsSnapshotTesting", package: "render-previews"),
            ],
            exclude: ["__Snapshots__"]
        ),
    ]
)
