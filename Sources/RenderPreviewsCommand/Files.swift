import Dispatch
import Encoders
import Foundation
import RenderPreviewsKit

/// A file-system failure, in one shape for every command: `cannot write OUTPUT: reason` (printed as
/// `render-previews: error: cannot write OUTPUT: reason`).
struct FileSystemError: Error, CustomStringConvertible {
    enum Access: String { case read, write }
    var access: Access
    var path: String
    var reason: String

    init(_ access: Access, _ path: String, _ reason: String) { self.access = access; self.path = path; self.reason = reason }

    /// The reason the C library gives for the last failed call.
    init(_ access: Access, _ path: String, errno code: Int32) { self.init(access, path, String(cString: strerror(code))) }

    var description: String { "cannot \(access.rawValue) \(path): \(reason)" }
}

/// The commands' file access: reads and listings with clean errors, and writes that readers see whole or not
/// at all (a temporary file beside the target, renamed over it), with missing folders made on the way.
enum Files {
    /// Writes each frame it is given as `frame-NNNN.png` into `folder`, made first (`frames`, `render --frames-dir`).
    static func frameWriter(into folder: String) throws -> (Int, PreviewImage) throws -> Void {
        try makeFolder(folder)
        return { i, image in
            try write([UInt8](image.pngData()), to: (folder as NSString).appendingPathComponent(String(format: "frame-%04d.png", i)))
        }
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        let folder = (path as NSString).deletingLastPathComponent
        if !folder.isEmpty { try makeFolder(folder) }
        let name = (path as NSString).lastPathComponent
        let temp = (folder.isEmpty ? "" : folder + "/") + ".\(name).\(getpid()).tmp"
        let fd = TemporaryFiles.shared.create(temp)
        guard fd >= 0 else { throw FileSystemError(.write, path, errno: errno) }
        var written = 0
        let failure: Int32? = bytes.withUnsafeBytes { raw -> Int32? in
            while written < raw.count {
                let n = Platform.write(fd, raw.baseAddress! + written, raw.count - written)
                if n < 0 { if errno == EINTR { continue }; return errno }
                written += n
            }
            return nil
        }
        let closed = close(fd) == 0 ? nil : errno
        if let e = failure ?? closed { TemporaryFiles.shared.discard(temp); throw FileSystemError(.write, path, errno: e) }
        if let e = TemporaryFiles.shared.commit(temp, to: path) { throw FileSystemError(.write, path, errno: e) }
    }

    static func read(_ path: String) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw FileSystemError(.read, path, errno: errno) }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR { throw FileSystemError(.read, path, "is a folder") }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = chunk.withUnsafeMutableBytes { Platform.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 { if errno == EINTR { continue }; throw FileSystemError(.read, path, errno: errno) }
            if n == 0 { return bytes }
            bytes += chunk[0..<n]
        }
    }

    /// The names in a folder, sorted.
    static func list(_ folder: String) throws -> [String] {
        var info = stat()
        guard stat(folder, &info) == 0 else { throw FileSystemError(.read, folder, errno: errno) }
        guard (info.st_mode & S_IFMT) == S_IFDIR else { throw FileSystemError(.read, folder, "not a folder") }
        guard let dir = opendir(folder) else { throw FileSystemError(.read, folder, errno: errno) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// Makes a folder and the folders above it that are missing.
    static func makeFolder(_ folder: String) throws {
        var info = stat()
        if stat(folder, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw FileSystemError(.write, folder, "not a folder") }
            return
        }
        let parent = (folder as NSString).deletingLastPathComponent
        if !parent.isEmpty && parent != folder { try makeFolder(parent) }
        if mkdir(folder, 0o755) != 0 && errno != EEXIST { throw FileSystemError(.write, folder, errno: errno) }
    }
}

/// The temporary files being written, removed when SIGINT or SIGTERM stops the run, so nothing half-written
/// is left behind. Signals are process-wide, so this one registry is too; the handlers run on a queue of
/// their own (not in signal context), take the lock, remove the files and exit as the signal would have.
final class TemporaryFiles: @unchecked Sendable {
    static let shared = TemporaryFiles()

    private let lock = NSLock()
    private var paths: Set<String> = []
    private var sources: [DispatchSourceSignal] = []
    private let queue = DispatchQueue(label: "render-previews.signals")

    /// Creates a temporary file and remembers it, under the lock the signal handler takes, so the handler
    /// sees every temporary file that exists.
    func create(_ path: String) -> Int32 {
        lock.lock(); defer { lock.unlock() }
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd >= 0 { paths.insert(path) }
        return fd
    }

    /// Renames a temporary file over its target; the C library's error number when that fails (the
    /// temporary file is then removed).
    func commit(_ temp: String, to path: String) -> Int32? {
        lock.lock(); defer { lock.unlock() }
        paths.remove(temp)
        if rename(temp, path) == 0 { return nil }
        let e = errno
        unlink(temp)
        return e
    }

    func discard(_ temp: String) {
        lock.lock(); defer { lock.unlock() }
        paths.remove(temp)
        unlink(temp)
    }

    func installSignalHandlers() {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
            source.setEventHandler { [self] in
                lock.lock()
                for path in paths { unlink(path) }
                paths.removeAll()
                // Held on purpose: no write may start a new temporary file before the process ends.
                exit(128 + signalNumber)
            }
            source.resume()
            sources.append(source)
        }
    }
}
