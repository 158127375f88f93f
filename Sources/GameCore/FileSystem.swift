#if canImport(Glibc)
import Glibc
#endif

/// The few file operations the host needs, on the C library (the runtime avoids Foundation:
/// see Package.swift).
public enum FileSystem {
    /// The largest file the host reads unless told otherwise (rules, word lists, transcripts).
    public static let readLimit = 64 << 20

    /// The whole file as bytes. Only regular files are read (a FIFO or a device such as
    /// /dev/zero would never end), and only up to `limit` bytes.
    public static func read(_ path: String, limit: Int = readLimit) throws -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw FileError(path: path, reason: describe(errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw FileError(path: path, reason: describe(errno)) }
        switch info.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw FileError(path: path, reason: "a folder, not a file")
        default: throw FileError(path: path, reason: "not a regular file")
        }
        guard Int(info.st_size) <= limit else {
            throw FileError(path: path, reason: "\(Int(info.st_size)) bytes, larger than the limit of \(limit >> 20) MB (\(limit) bytes)")
        }
        // Read straight into the array's storage: no zero-filling first and no copy after (a
        // 12 MB word list is touched once).
        let size = Int(info.st_size)
        var failure: Int32 = 0
        let bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            var filled = 0
            while filled < size {
                let n = Glibc.read(fd, buffer.baseAddress! + filled, size - filled)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if n == 0 { break }  // the file shrank while it was read
                filled += n
            }
            count = filled
        }
        if failure != 0 { throw FileError(path: path, reason: describe(failure)) }
        return bytes
    }

    /// The canonical absolute path, symbolic links resolved; nil when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// Whether `path`, symbolic links resolved, lies inside `folder` (also resolved).
    public static func isInside(_ path: String, _ folder: String) -> Bool {
        guard let file = realPath(path), let dir = realPath(folder) else { return false }
        return file.hasPrefix(dir.hasSuffix("/") ? dir : dir + "/")
    }

    /// The whole file as text; bytes that are not UTF-8 become U+FFFD.
    public static func readText(_ path: String) throws -> String {
        String(decoding: try read(path), as: UTF8.self)
    }

    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    public static func isFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether `path` is a file this process may run.
    public static func isExecutable(_ path: String) -> Bool { isFile(path) && access(path, X_OK) == 0 }

    /// Names in a directory (no "." or ".."), sorted; empty when it cannot be read.
    public static func list(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// `dir/name`, without doubling the slash.
    public static func join(_ dir: String, _ name: String) -> String {
        dir.hasSuffix("/") ? dir + name : dir + "/" + name
    }

    /// `path` as seen from the folder `dir` ("../rules/war.lua"), both resolved; nil when
    /// either does not exist.
    public static func relativePath(of path: String, from dir: String) -> String? {
        guard let target = realPath(path), let base = realPath(dir) else { return nil }
        let to = target.split(separator: "/"), from = base.split(separator: "/")
        var common = 0
        while common < min(to.count, from.count) && to[common] == from[common] { common += 1 }
        let up = Array(repeating: "..", count: from.count - common)
        return (up + to[common...].map(String.init)).joined(separator: "/")
    }

    /// The directory part of a path ("." for a bare name).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// The last component without its extension: "rules/rps.lua" -> "rps".
    public static func stem(of path: String) -> String {
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return name }
        return String(name[..<dot])
    }

    static func describe(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// A file could not be read; `description` names the file and the reason.
public struct FileError: Error, CustomStringConvertible {
    public var path: String
    public var reason: String
    public var description: String { "\(path): \(reason.prefix(1).lowercased() + reason.dropFirst())" }
}

extension FileSystem {
    /// Creates a directory and its parents, like `mkdir -p`.
    public static func makeDirectory(_ path: String) throws {
        if path.isEmpty || isDirectory(path) { return }
        try makeDirectory(directory(of: path))
        if mkdir(path, 0o755) != 0 && errno != EEXIST {
            throw FileError(path: path, reason: describe(errno))
        }
    }

    /// FNV-1a, 64 bits, as 16 hex digits: a stable fingerprint of a file's content.
    public static func fingerprint(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for b in bytes {
            hash ^= UInt64(b)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}
