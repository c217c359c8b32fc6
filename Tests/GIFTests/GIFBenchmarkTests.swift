import Encoders
import Foundation
import Raster
import XCTest

/// Encode time, size and fidelity on 60 frames of the scrolling list (480x1039, 30 fps). Runs only with
/// GIF_BENCH=1 (use a release build: `swift test -c release -Xswiftc -enable-testing --filter GIFBenchmark`).
/// With GIF_BENCH_DIR set, also writes the source frames as PNG and the GIF there, and scores any other
/// `*.gif` found there (other tools' output of the same frames) the same way.
final class GIFBenchmarkTests: XCTestCase {
    func testBenchmarkScrollingList() throws {
        let env = ProcessInfo.processInfo.environment
        guard env["GIF_BENCH"] == "1" else { throw XCTSkip("set GIF_BENCH=1") }
        let synthetic = Int(env["GIF_BENCH_FRAMES"] ?? "") ?? 60
        let step = Double(env["GIF_BENCH_STEP"] ?? "") ?? 3.37
        var frames = (0..<synthetic).map { UIPage.shared.frame(scroll: step * Double($0)) }
        if let source = env["GIF_BENCH_SOURCE"], !source.isEmpty {
            // Frames rendered elsewhere (frame000.png ...), e.g. by `render-previews frame`.
            let names = try FileManager.default.contentsOfDirectory(atPath: source).filter { $0.hasSuffix(".png") }.sorted()
            frames = try names.map { try PNGCodec.decode(Array(Data(contentsOf: URL(fileURLWithPath: "\(source)/\($0)")))) }
        }
        let count = frames.count

        var bytes: [UInt8] = []
        var best = Double.infinity
        for _ in 0..<3 {
            let start = Date()
            let encoder = try GIFEncoder(width: frames[0].width, height: frames[0].height)
            for f in frames { try encoder.addFrame(f, duration: 1.0 / 30) }
            bytes = try encoder.finish()
            best = min(best, Date().timeIntervalSince(start))
        }
        print(String(format: "GIFEncoder: %d frames, %.2f ms/frame, %d bytes", count, best * 1000 / Double(count), bytes.count))
        try report("GIFEncoder", bytes, frames)

        guard let dir = env["GIF_BENCH_DIR"] else { return }
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (i, f) in frames.enumerated() {
            try writeAtomically(PNGCodec.encode(f), to: "\(dir)/frame\(String(format: "%03d", i)).png")
        }
        try writeAtomically(bytes, to: "\(dir)/ours.gif")
        for name in try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        where name.hasSuffix(".gif") && name != "ours.gif" {
            let data = try Array(Data(contentsOf: URL(fileURLWithPath: "\(dir)/\(name)")))
            try report(name, data, frames)
        }
    }

    /// PSNR of each source frame against the decoded frame on screen at that frame's start time.
    private func report(_ name: String, _ bytes: [UInt8], _ frames: [Pixmap]) throws {
        let gif = try GIFDecoder.decode(bytes)
        var starts: [Int] = [], t = 0
        for f in gif.frames { starts.append(t); t += f.delayCentiseconds }
        var psnrs: [Double] = [], exact = 0
        for (i, source) in frames.enumerated() {
            // Same count: frame by frame (tools round delays differently); else by time on screen.
            let time = Int((Double(i) * 100 / 30).rounded())
            let shown = gif.frames.count == frames.count ? gif.frames[i].image
                : gif.frames[max(0, (starts.lastIndex { $0 <= time }) ?? 0)].image
            psnrs.append(min(99, Fidelity.psnr(source, shown)))
            exact = max(exact, Fidelity.maxErrorOnFrequentColors(source: source, decoded: shown, top: 200))
        }
        if ProcessInfo.processInfo.environment["GIF_BENCH_FRAMES_PSNR"] != nil {
            print(name, psnrs.map { String(format: "%.1f", $0) }.joined(separator: " "))
        }
        print(String(format: "%@: %d bytes, %d frames, PSNR mean %.2f dB worst %.2f dB, max error on top-200 colors %d",
                     name, bytes.count, gif.frames.count, psnrs.reduce(0, +) / Double(psnrs.count), psnrs.min()!, exact))
    }
}
