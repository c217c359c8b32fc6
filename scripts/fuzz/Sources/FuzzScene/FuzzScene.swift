import Compositor
import Foundation
import LayerTree
import SceneFormat
import SceneSchema
import Text

/// Fonts are opened once: reopening them per input would dominate every iteration.
let measurer = TextMeasurer()
nonisolated(unsafe) var renderer = LayerRenderer()

/// Largest rendered side in pixels: small frames keep iterations fast, and the rasterizer's paths are the same.
let maxFuzzSide = 64.0

/// Bytes -> scene text -> document -> frames -> one frame rendered. Thrown errors are the expected outcome for
/// most inputs; only traps, hangs and runaway allocations are findings.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    guard let text = String(validating: bytes, as: UTF8.self) else { return 0 }
    guard let document = try? SceneLoader.parseDocument(text, file: "fuzz.json") else { return 0 }
    let frames = document.frames(measuring: measurer)
    // The frame is chosen by the last byte, so the mutator can reach late frames without a new scene.
    let index = Int(bytes.last ?? 0) % max(1, frames.count)
    var frame = frames.frame(index: index)
    let side = max(frame.canvas.width, frame.canvas.height)
    if side * frame.canvas.scale > maxFuzzSide { frame.canvas.scale = maxFuzzSide / side }
    _ = try? renderer.render(frame)
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
