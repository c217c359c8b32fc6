import Foundation
import RenderPreviewsKit

/// Largest rendered side in pixels: small frames keep iterations fast, and the rasterizer's paths are the same.
let maxFuzzSide = 64

/// Bytes -> scene text -> scene -> frames -> one frame rendered, through the public kit as any client would.
/// Thrown errors are the expected outcome for most inputs; only traps, hangs and runaway allocations are findings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let scene = try? PreviewScene(json: Data(bytes), name: "fuzz") else { return 0 }
    // The frame is chosen by the last byte, so the mutator can reach late frames without a new scene.
    let index = Int(bytes.last ?? 0) % max(1, scene.frameCount)
    let side = max(scene.pixelWidth, scene.pixelHeight)
    guard let small = side > maxFuzzSide ? try? scene.rescaled(to: scene.scale * Double(maxFuzzSide) / Double(side)) : scene
    else { return 0 }
    _ = try? small.image(frame: index)
    return 0
}

/// libFuzzer's driver, from the sanitizer runtime that `-sanitize=fuzzer` links.
@_silgen_name("LLVMFuzzerRunDriver")
func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt
) -> CInt

/// SwiftPM links a debug executable with `main` renamed to the module's entry point, so libFuzzer's own `main`
/// is never used; this entry point hands the command line to libFuzzer's driver instead.
@main
enum FuzzMain {
    static func main() {
        var argc = CommandLine.argc
        var argv = CommandLine.unsafeArgv
        exit(LLVMFuzzerRunDriver(&argc, &argv, fuzz))
    }
}
