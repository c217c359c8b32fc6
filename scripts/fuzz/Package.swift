// swift-tools-version:6.0
import PackageDescription

// libFuzzer target over the whole path from scene text to pixels. A package of its own so the sanitizer flags
// never touch the main build; `make fuzz` builds and runs it.
let package = Package(
    name: "fuzz-scene",
    dependencies: [.package(name: "render-previews", path: "../..")],
    targets: [
        .executableTarget(
            name: "FuzzScene",
            dependencies: [.product(name: "RenderPreviewsKit", package: "render-previews")]
        ),
    ]
)
