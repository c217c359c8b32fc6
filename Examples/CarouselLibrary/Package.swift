// swift-tools-version:6.0
import PackageDescription

// A library author's package with a layout render-previews does not ship: a paged carousel whose cards turn and
// fade with their distance from the centre. Its kind is written on RenderPreviewsKindKit alone; its executable is
// the render-previews command line with that kind added, which the plugin builds and runs; its tests snapshot the
// same scene. Outside this repository the dependency reads
//   .package(url: "https://github.com/OWNER/render-previews", from: "1.0.0"),
let package = Package(
    name: "CarouselLibrary",
    products: [
        .library(name: "CarouselPreviews", targets: ["CarouselPreviews"]),
        .executable(name: "carousel-previews", targets: ["CarouselPreviewsCLI"]),
        // `carousel-previews design` runs it from beside itself (a product of its own: it brings the HTTP server).
        .executable(name: "carousel-previews-designer", targets: ["CarouselPreviewsDesigner"]),
    ],
    dependencies: [.package(name: "render-previews", path: "../..")],
    targets: [
        // The cards' pictures travel as the kind's resources (scripts/make_assets.py draws them).
        .target(name: "CarouselPreviews", dependencies: [.product(name: "RenderPreviewsKindKit", package: "render-previews")],
                resources: [.copy("Assets")]),
        .executableTarget(
            name: "CarouselPreviewsCLI",
            dependencies: ["CarouselPreviews", .product(name: "RenderPreviewsCommand", package: "render-previews")]
        ),
        .executableTarget(
            name: "CarouselPreviewsDesigner",
            dependencies: ["CarouselPreviews", .product(name: "RenderPreviewsDesigner", package: "render-previews")]
        ),
        .testTarget(
            name: "CarouselPreviewsTests",
            dependencies: [
                "CarouselPreviews",
                .product(name: "RenderPreviewsKit", package: "render-previews"),
                .product(name: "RenderPreviewsSnapshotTesting", package: "render-previews"),
            ],
            exclude: ["__Snapshots__"]
        ),
    ]
)
