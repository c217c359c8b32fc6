import CZlib

/// zlib's inflate with a bound on the output, so a small hostile stream cannot ask for gigabytes.
enum Inflate {
    static func inflate(_ input: [UInt8], limit: Int) throws -> [UInt8] {
        var stream = z_stream()
        guard inflateInit_(&stream, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            throw ArtworkError("zlib could not start inflating")
        }
        defer { inflateEnd(&stream) }
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        var input = input
        if input.isEmpty { return [] }
        return try input.withUnsafeMutableBufferPointer { inBuffer in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = UInt32(inBuffer.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { out -> (Int32, Int) in
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    let status = CZlib.inflate(&stream, Z_NO_FLUSH)
                    return (status, out.count - Int(stream.avail_out))
                }
                guard output.count + produced <= limit else { throw ArtworkError("a stream inflates to more than \(limit) bytes") }
                output += chunk[0..<produced]
                switch status {
                case Z_STREAM_END: return output
                // No progress (input used up, or truncated): keep what came out.
                case Z_OK: if produced == 0 { return output }
                case Z_BUF_ERROR: return output
                default: throw ArtworkError("corrupt Flate data (zlib status \(status))")
                }
            }
        }
    }
}
