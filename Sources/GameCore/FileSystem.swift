#if canImport(Glibc)
import Glibc
#endif

/// The few file operations the host needs, on the C library (the runtime avoids Foundation:
/// see Package.swift).
public enum FileSystem {
    /// The largest file the host reads unless told otherwise (rules, word lists, transcripts).
    public static let readLimit = 64 << 20

    /// The first bytes (at most `count`) of the regular file at `path`, without following a
    /// symbolic link; nil when there is no such file.
    public static func firstBytes(of path: String, count: Int) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var bytes = [UInt8](repeating: 0, count: count)
        let n = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, count) }
        return n < 0 ? nil : Array(bytes.prefix(n))
    }

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

    /// Bounds on a file read a line at a time: past any of them, reading stops.
    public struct LineBounds: Sendable {
        /// The longest line, in bytes without its line ending.
        public var lineBytes: Int
        /// The most lines that are not empty.
        public var lines: Int
        /// The whole file, in bytes.
        public var totalBytes: Int

        public init(lineBytes: Int, lines: Int, totalBytes: Int) {
            self.lineBytes = lineBytes
            self.lines = lines
            self.totalBytes = totalBytes
        }
    }

    /// Reads a regular file a line at a time and gives `body` each line that is not empty
    /// (its bytes without the "\n") with its line number. At most one line and one block are
    /// held, and never more than `bounds.totalBytes` are read: past a bound, reading stops
    /// with an error naming the file and the line where the bound was passed.
    public static func readLines(_ path: String, bounds: LineBounds, _ body: (Int, [UInt8]) throws -> Void) throws {
        let fd = try openRegular(path)
        defer { close(fd) }
        func passed(_ number: Int, _ reason: String) -> FileError { FileError(path: "\(path):\(number)", reason: reason) }
        var line: [UInt8] = []
        var number = 1, nonEmpty = 0, consumed = 0
        func finish() throws {
            if !line.isEmpty {
                nonEmpty += 1
                guard nonEmpty <= bounds.lines else { throw passed(number, "more than \(bounds.lines) lines") }
                try body(number, line)
            }
            line.removeAll(keepingCapacity: true)
            number += 1
        }
        var block = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let n = block.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress!, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw FileError(path: path, reason: describe(errno))
            }
            if n == 0 { break }
            let usable = min(n, bounds.totalBytes - consumed)
            var start = 0
            while start < usable {
                let end = block[start..<usable].firstIndex(of: 10) ?? usable
                guard line.count + (end - start) <= bounds.lineBytes else {
                    throw passed(number, "a line longer than \(bounds.lineBytes) bytes")
                }
                line += block[start..<end]
                start = end
                if start < usable {  // at a newline
                    try finish()
                    start += 1
                }
            }
            consumed += usable
            guard usable == n else { throw passed(number, "the file goes on past \(bounds.totalBytes) bytes") }
        }
        try finish()
    }

    /// A descriptor of the regular file at `path`, open for reading. Only regular files are
    /// read: a FIFO or a device such as /dev/zero would never end.
    static func openRegular(_ path: String) throws -> Int32 {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw FileError(path: path, reason: describe(errno)) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw FileError(path: path, reason: describe(code))
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return fd
        case S_IFDIR: close(fd); throw FileError(path: path, reason: "a folder, not a file")
        default: close(fd); throw FileError(path: path, reason: "not a regular file")
        }
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

    /// Whether `path` itself is a symbolic link (not followed).
    public static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
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
        var hash = FNV1a()
        bytes.withUnsafeBufferPointer { hash.add($0) }
        return hash.hex
    }
}

// MARK: Writing

extension FileSystem {
    /// What `openForWriting` does with a name that is already taken.
    public enum WriteMode: Sendable {
        /// Only a new file: a name already taken (by a file, or by a symbolic link, dangling or
        /// not) is refused.
        case new
        /// A new file, or an existing regular file written again from its start.
        case replacing
    }

    /// The one way the host opens a file to write (a transcript, a new rule and its test): every
    /// writer comes here, so no writer can forget a check. The file is reached from `folder`
    /// (the folder the command writes in, as the player named it; by default the file's own)
    /// through real folders only: a folder below it that is a symbolic link is refused, so a
    /// shared folder's `tests -> ~/.ssh` cannot redirect a write. The file itself is never
    /// followed (O_NOFOLLOW), never created through a link, even a dangling one (O_CREAT |
    /// O_EXCL), and must be a regular file with no other name (a device or FIFO would take the
    /// text or block; a hard link would carry the write into another folder). Missing folders
    /// below `folder` are made when `makingFolders`, each as a real folder.
    public static func openForWriting(_ path: String, mode: WriteMode, below folder: String? = nil,
                                      makingFolders: Bool = false) throws -> OutputFile {
        func failure(_ reason: String) -> FileError { FileError(path: path, reason: reason) }
        let base = folder ?? directory(of: path)
        let rest: Substring
        if folder == nil {
            rest = path.lastIndex(of: "/").map { path[path.index(after: $0)...] } ?? Substring(path)
        } else if path.hasPrefix(base.hasSuffix("/") ? base : base + "/") {
            rest = path.dropFirst(base.hasSuffix("/") ? base.count : base.count + 1)
        } else if base == ".", !path.hasPrefix("/") {
            rest = Substring(path)  // "tests/t.transcript" below the current folder
        } else {
            throw failure("not inside \(base)")
        }
        let parts = rest.split(separator: "/").filter { $0 != "." }.map(String.init)
        guard let name = parts.last, !rest.hasSuffix("/") else { throw failure("names a folder, not a file") }
        guard !parts.contains("..") else { throw failure("a path through '..' is not written") }

        var dir = open(base, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dir >= 0 else { throw failure(describe(errno)) }
        defer { close(dir) }
        var walked = base
        for part in parts.dropLast() {
            walked = join(walked, part)
            var next = openat(dir, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0 && errno == ENOENT && makingFolders {
                // mkdirat never follows a link in the last place: a dangling `tests` stays one.
                guard mkdirat(dir, part, 0o755) == 0 || errno == EEXIST else { throw failure("\(walked): " + describe(errno)) }
                next = openat(dir, part, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            guard next >= 0 else {
                let code = errno
                if isLink(part, in: dir) { throw failure("\(walked) is a symbolic link, and no file is written through a link") }
                throw failure(code == ENOTDIR ? "\(walked) is not a folder" : "\(walked): " + describe(code))
            }
            close(dir)
            dir = next
        }

        var info = stat()
        let exists = fstatat(dir, name, &info, AT_SYMLINK_NOFOLLOW) == 0
        if exists {
            if (info.st_mode & S_IFMT) == S_IFLNK { throw failure("a symbolic link, and no file is written through a link") }
            if mode == .new { throw failure("already exists") }
            if (info.st_mode & S_IFMT) != S_IFREG { throw failure("not a regular file") }
        }
        // O_NONBLOCK: a FIFO put in the file's place since the look above fails at once instead
        // of waiting for a reader.
        let fd = exists
            ? openat(dir, name, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
            : openat(dir, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            switch errno {
            case ELOOP: throw failure("a symbolic link, and no file is written through a link")
            case EEXIST: throw failure(isLink(name, in: dir) ? "a symbolic link, and no file is written through a link" : "already exists")
            case ENXIO: throw failure("not a regular file")
            case let code: throw failure(describe(code))
            }
        }
        let file = OutputFile(descriptor: fd, path: path)
        // What was opened is what was looked at: a regular file with this one name.
        guard fstat(fd, &info) == 0 else { throw failure(describe(errno)) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw failure("not a regular file") }
        guard info.st_nlink <= 1 else { throw failure("the file has other names (hard links), and is not written through them") }
        if exists && ftruncate(fd, 0) != 0 { throw failure(describe(errno)) }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
        return file
    }

    /// Whether `name` in the folder `dir` is a symbolic link (dangling or not).
    static func isLink(_ name: String, in dir: Int32) -> Bool {
        var info = stat()
        return fstatat(dir, name, &info, AT_SYMLINK_NOFOLLOW) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }
}

/// A lock on a file that only one process holds at a time (`flock`), released with the lock
/// object or when the process ends, however it ends: a kept game played in one window is not
/// taken up in another.
public final class FileLock {
    private let descriptor: Int32

    /// Locks the file at `path` (never through a symbolic link); nil when another process holds
    /// it or it cannot be opened.
    public init?(_ path: String) {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            return nil
        }
        descriptor = fd
    }

    deinit { close(descriptor) }
}

/// A file open for writing, from `FileSystem.openForWriting`; closed when released.
public final class OutputFile {
    public let path: String
    let descriptor: Int32

    init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// Takes the file's lock (as `FileLock` does) while it stays open; false when another
    /// process holds it.
    public func lockExclusively() -> Bool { flock(descriptor, LOCK_EX | LOCK_NB) == 0 }

    /// Writes all of `text` at the end of what is written so far (each call is one write as
    /// far as the file allows, so a transcript written line by line keeps whole lines).
    public func write(_ text: String) throws {
        let bytes = Array(text.utf8)
        var done = 0
        try bytes.withUnsafeBytes { buffer in
            while done < buffer.count {
                let n = Glibc.write(descriptor, buffer.baseAddress! + done, buffer.count - done)
                if n < 0 {
                    if errno == EINTR { continue }
                    throw FileError(path: path, reason: FileSystem.describe(errno))
                }
                done += n
            }
        }
    }
}
