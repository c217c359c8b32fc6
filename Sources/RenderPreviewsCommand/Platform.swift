#if canImport(Glibc)
@preconcurrency import Glibc
#elseif canImport(Musl)
@preconcurrency import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// The few C library calls whose names, types or units differ between Linux (Glibc, Musl) and Apple's systems
/// (Darwin), each written once here. Every other call the commands make (open, stat, rename, signal …) is POSIX
/// and reads the same on both.
enum Platform {
    /// read(2): the bytes read, 0 at the end of the file, -1 with errno set. (`Files.read` hides the C name.)
    static func read(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(fd, buffer, count)
        #elseif canImport(Musl)
        Musl.read(fd, buffer, count)
        #elseif canImport(Darwin)
        Darwin.read(fd, buffer, count)
        #endif
    }

    /// write(2): the bytes written, -1 with errno set. (`Files.write` hides the C name.)
    static func write(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
        #elseif canImport(Musl)
        Musl.write(fd, buffer, count)
        #elseif canImport(Darwin)
        Darwin.write(fd, buffer, count)
        #endif
    }

    /// The process's peak resident set size so far, in bytes: getrusage's ru_maxrss counts kilobytes on Linux,
    /// bytes on Darwin.
    static func peakResidentBytes() -> Int {
        var usage = rusage()
        #if canImport(Glibc)
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        return usage.ru_maxrss * 1024
        #elseif canImport(Musl)
        getrusage(RUSAGE_SELF, &usage)
        return usage.ru_maxrss * 1024
        #elseif canImport(Darwin)
        getrusage(RUSAGE_SELF, &usage)
        return usage.ru_maxrss
        #endif
    }

    /// Standard output written a line at a time even into a pipe or a file (the C library would hold it until
    /// its buffer fills or the process ends), so a log shows each scene as it is done.
    static func lineBufferStandardOutput() {
        setvbuf(stdout, nil, _IOLBF, 0)
    }

    /// This executable's path with symbolic links resolved, from Foundation (no /proc on Darwin).
    static var executablePath: String {
        (Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])).resolvingSymlinksInPath().path
    }
}
