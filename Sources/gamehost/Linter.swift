import GameCore
#if canImport(Glibc)
import Glibc
#endif

/// luacheck, when it is installed (Debian's lua-check), run on a rule file with the sandbox's
/// globals (rules/.luacheckrc): unused variables, globals a rule sets by mistake, shadowing.
/// luacheck is another program, outside the sandbox's budgets, and takes minutes on a big file:
/// it runs under a time bound of its own, and is killed when the bound is reached.
enum Linter {
    /// The longest luacheck may take on one file, in wall-clock seconds (a real rule takes well
    /// under one): `gamehost check --lint-time SECONDS` raises it.
    static let defaultTimeLimit = 30.0
    /// The most of luacheck's output kept; the rest is read and dropped, so it never blocks.
    static let outputLimit = 1 << 20
    /// The largest file linted: a rule file's bound (LuaState.sourceLimit).
    static let sourceLimit = 1 << 20

    /// `file:line:col: message` for each warning; nil when luacheck is not installed. When
    /// the time bound stops it, the last line says so.
    static func lint(_ path: String, config: String, timeLimit: Double = Linter.defaultTimeLimit) -> [String]? {
        guard let luacheck = which("luacheck") else { return nil }
        // A file the host would not load (past a rule file's 1 MB, or not a regular file) is
        // not linted either: check has said why, and luacheck would read all of it (an 8 GB
        // sparse file took it past a gigabyte).
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size <= sourceLimit else { return [] }
        var pipe: [Int32] = [0, 0]
        guard Glibc.pipe(&pipe) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, pipe[1], 1)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addclose(&actions, pipe[0])
        let arguments = [luacheck, "--no-color", "--codes", "--formatter", "plain", "--config", config, path]
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        Interrupts.unblockInChild(&attributes)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, luacheck, &actions, &attributes, argv, environ) == 0
        close(pipe[1])
        defer { close(pipe[0]) }
        guard spawned else { return nil }

        let deadline = MonotonicClock.seconds() + timeLimit
        var stopped = false
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        // Read until luacheck closes its output, waiting no later than the deadline.
        while true {
            let left = deadline - MonotonicClock.seconds()
            if left <= 0 { stopped = true; break }
            var ready = pollfd(fd: pipe[0], events: Int16(POLLIN), revents: 0)
            let n = poll(&ready, 1, Int32(min(left, 1) * 1000) + 1)
            if n < 0 && errno != EINTR { break }
            if n <= 0 { continue }
            let got = read(pipe[0], &buffer, buffer.count)
            if got < 0 && errno == EINTR { continue }
            if got <= 0 { break }
            if output.count < outputLimit { output += buffer[0..<min(got, outputLimit - output.count)] }
        }
        // Its output closed, luacheck may still be running: wait for it up to the deadline too.
        var status: Int32 = 0
        var reaped = false
        while !stopped {
            let r = waitpid(pid, &status, WNOHANG)
            if r == pid || (r < 0 && errno != EINTR) { reaped = true; break }
            if MonotonicClock.seconds() >= deadline { stopped = true; break }
            usleep(10_000)
        }
        if !reaped {
            kill(pid, SIGKILL)
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
        // Split as bytes: luacheck quotes the rule's own text, and splitting a String walks
        // Characters, quadratic in a run of combining marks.
        // A line is cut to 1 KB and its runs of marks tamed: it quotes the rule's text, and
        // is only shown.
        var lines = output.split(separator: 10).map { MarkRun.tamed(String(decoding: $0.prefix(1024), as: UTF8.self)) }
        if stopped {
            lines.append("\(path): luacheck's time bound (\(seconds(timeLimit)) s) stopped it, so the lint is incomplete; raise the bound with gamehost check --lint-time SECONDS")
        }
        return lines
    }

    static func seconds(_ t: Double) -> String { t == t.rounded() ? String(Int(t)) : String(t) }

    /// `--lint-time SECONDS`: luacheck's time bound for each file `check` lints.
    static func parseTimeLimit(_ text: String) throws -> Double {
        guard let seconds = Double(text), seconds.isFinite, seconds >= 0.1, seconds <= 86_400 else {
            throw CLIError.usage("--lint-time needs a number of seconds from 0.1 to 86400, not '\(text)'")
        }
        return seconds
    }

    /// The full path of a program on PATH.
    static func which(_ program: String) -> String? {
        let path = Terminal.environment("PATH") ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") where access("\(dir)/\(program)", X_OK) == 0 {
            return "\(dir)/\(program)"
        }
        return nil
    }
}
