@testable import Encoders
import XCTest
import TestSupport

/// Median cut as written (records moved together, colors bucketed by channel value) against its plain
/// definition: the box of largest weighted error splits at the weighted median of its widest channel in the
/// order (channel value, key), found by sorting the box.
final class MedianCutTests: XCTestCase {
    private func plainMedianCut(keys: [UInt32], counts: [Int32], boxes target: Int) -> (colors: [UInt32], boxOf: [Int32]) {
        var boxes: [[Int]] = [Array(keys.indices)]
        func sums(_ box: [Int]) -> (w: Int64, s: [Int64], q: [Int64]) {
            var w: Int64 = 0, s: [Int64] = [0, 0, 0], q: [Int64] = [0, 0, 0]
            for e in box {
                let c = Int64(counts[e])
                w += c
                for ch in 0..<3 { let v = Int64((keys[e] >> UInt32(8 * ch)) & 0xFF); s[ch] += c * v; q[ch] += c * v * v }
            }
            return (w, s, q)
        }
        func errorAndAxis(_ box: [Int]) -> (Double, Int) {
            let (w, s, q) = sums(box)
            let weights = [Double(quantizeWeightR), Double(quantizeWeightG), Double(quantizeWeightB)]
            var total = 0.0, axis = 0, widest = -1.0
            for ch in 0..<3 {
                let sse = max(0, Double(q[ch]) - Double(s[ch]) * Double(s[ch]) / Double(w)) * weights[ch]
                total += sse
                if sse > widest { widest = sse; axis = ch }
            }
            return (box.count > 1 ? total : -1, axis)
        }
        while boxes.count < target {
            var pick = -1, best = 0.0
            for (i, b) in boxes.enumerated() {
                let e = errorAndAxis(b).0
                if e > 0 && (pick < 0 || e > best) { pick = i; best = e }
            }
            guard pick >= 0 else { break }
            let axis = errorAndAxis(boxes[pick]).1, shift = UInt32(8 * axis)
            let sorted = boxes[pick].sorted {
                let a = ($0 >> 0, (keys[$0] >> shift) & 0xFF, keys[$0] & 0xFF_FFFF), b = ($1 >> 0, (keys[$1] >> shift) & 0xFF, keys[$1] & 0xFF_FFFF)
                return a.1 != b.1 ? a.1 < b.1 : (a.2 != b.2 ? a.2 < b.2 : a.0 < b.0)
            }
            let total = sums(sorted).w
            var acc: Int64 = 0, m = 0
            while m < sorted.count { acc += Int64(counts[sorted[m]]); m += 1; if 2 * acc >= total { break } }
            m = min(m, sorted.count - 1)
            boxes[pick] = Array(sorted[..<m])
            boxes.append(Array(sorted[m...]))
        }
        var boxOf = [Int32](repeating: 0, count: keys.count)
        for (i, b) in boxes.enumerated() { for e in b { boxOf[e] = Int32(i) } }
        let colors = boxes.map { b -> UInt32 in
            let (w, s, _) = sums(b)
            let r = UInt32((Double(s[0]) / Double(w)).rounded()), g = UInt32((Double(s[1]) / Double(w)).rounded())
            let bl = UInt32((Double(s[2]) / Double(w)).rounded())
            return 0xFF00_0000 | bl << 16 | g << 8 | r
        }
        return (colors, boxOf)
    }

    func testMedianCutMatchesSortingEachBox() {
        var random = SeededRandom(17)
        func next() -> UInt32 { random.next() }
        for (size, boxes) in [(1, 5), (40, 7), (600, 223), (3000, 223)] {
            var seen = Set<UInt32>(), keys: [UInt32] = []
            while keys.count < size {
                // Clustered channels, so values repeat within a channel and buckets hold many colors.
                let k = 0xFF00_0000 | (next() % 24) << 16 | (next() % 200) << 8 | (next() % 7) * 30
                if seen.insert(k).inserted { keys.append(k) }
            }
            let counts = keys.map { _ in Int32(1 + next() % 50) }
            var boxOf: [Int32] = []
            let colors = QuantizeBuilder.medianCut(keys: keys, counts: counts, boxes: boxes, boxOf: &boxOf)
            let plain = plainMedianCut(keys: keys, counts: counts, boxes: boxes)
            XCTAssertEqual(colors, plain.colors, "\(size) colors")
            XCTAssertEqual(boxOf, plain.boxOf, "\(size) colors")
        }
    }
}

/// Refinement as written (each color's search starting from a guess) against plain Lloyd rounds with a full
/// scan per color.
final class RefineTests: XCTestCase {
    private func plainRefine(_ palette: inout [UInt32], fixed: Int, keys: [UInt32], counts: [Int32], rounds: Int) {
        for _ in 0..<rounds {
            var sums = [(w: Int64, r: Int64, g: Int64, b: Int64)](repeating: (0, 0, 0, 0), count: palette.count)
            for (i, k) in keys.enumerated() {
                var best = Int32.max, j = -1
                for (m, c) in palette.enumerated() where quantizeDistance(k, c) < best { best = quantizeDistance(k, c); j = m }
                guard j >= fixed else { continue }
                let c = Int64(counts[i])
                sums[j].w += c
                sums[j].r += c * Int64(k & 0xFF); sums[j].g += c * Int64((k >> 8) & 0xFF); sums[j].b += c * Int64((k >> 16) & 0xFF)
            }
            var moved = false
            for j in fixed..<palette.count where sums[j].w > 0 {
                let w = sums[j].w, h = w / 2
                let c = 0xFF00_0000 | UInt32((sums[j].b + h) / w) << 16 | UInt32((sums[j].g + h) / w) << 8 | UInt32((sums[j].r + h) / w)
                if c != palette[j] { palette[j] = c; moved = true }
            }
            if !moved { break }
        }
    }

    func testRefineMatchesPlainLloydRounds() {
        var random = SeededRandom(29)
        func next() -> UInt32 { random.next() }
        for (size, entries, fixed) in [(300, 12, 3), (2000, 30, 5), (4000, 223, 32), (500, 40, 0)] {
            var seen = Set<UInt32>(), keys: [UInt32] = []
            while keys.count < size {
                let k = 0xFF00_0000 | (next() % 40) << 16 | (next() % 90) << 8 | next() % 60
                if seen.insert(k).inserted { keys.append(k) }
            }
            let counts = keys.map { _ in Int32(1 + next() % 30) }
            // Entries among the colors, some equal (ties), and random guesses.
            var start = (0..<entries).map { _ in keys[Int(next()) % keys.count] }
            start[entries - 1] = start[entries / 2]
            let guesses = keys.map { _ in Int32(next() % UInt32(entries)) }
            for rounds in [1, 2, 3, 6] {
                var plain = start, fast = start, guessed = start
                plainRefine(&plain, fixed: fixed, keys: keys, counts: counts, rounds: rounds)
                QuantizeBuilder.refine(&fast, fixed: fixed, keys: keys, counts: counts, rounds: rounds)
                QuantizeBuilder.refine(&guessed, fixed: fixed, keys: keys, counts: counts, rounds: rounds, guesses: guesses)
                XCTAssertEqual(fast, plain, "\(size) colors, \(entries) entries, \(rounds) rounds")
                XCTAssertEqual(guessed, plain, "\(size) colors, \(entries) entries, \(rounds) rounds, guessed")
                // The answers left behind (found mostly among the entries that moved) are a full scan's.
                var answered = start
                var nearest = QuantizeAnswers(index: guesses, distance: [])
                QuantizeBuilder.refine(&answered, fixed: fixed, keys: keys, counts: counts, rounds: rounds, nearest: &nearest)
                XCTAssertEqual(answered, plain)
                for (i, k) in keys.enumerated() {
                    var best = Int32.max, j = -1
                    for (m, c) in plain.enumerated() where quantizeDistance(k, c) < best { best = quantizeDistance(k, c); j = m }
                    XCTAssertEqual(Int(nearest.index[i]), j, "\(size) colors, \(rounds) rounds, key \(i)")
                    XCTAssertEqual(nearest.distance[i], best)
                }
            }
        }
    }
}
