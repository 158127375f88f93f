import Foundation
import XCTest

/// Runs the built `gamehost` binary as a player or a script would.
struct GamehostProcess {
    struct Result {
        var status: Int32
        var stdout: String
        var stderr: String
        /// The processor time the run took (user and system), which a loaded machine does not
        /// stretch as it stretches wall-clock time.
        var cpuSeconds: Double = 0
    }

    /// Processor seconds of the children waited for so far.
    static func childrenCPU() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_CHILDREN.rawValue, &usage)
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        return seconds(usage.ru_utime) + seconds(usage.ru_stime)
    }

    /// The binary beside the test bundle (SwiftPM builds it first: CLITests depends on it).
    static var binary: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("gamehost")
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// Runs several gamehosts, two at a time (the machine's cores), and gives their results in
    /// order. A run that could not start is a result with status -1 and the error as stderr.
    static func runAll(_ runs: [(arguments: [String], input: String)], environment: [String: String] = [:]) -> [Result] {
        final class Slots: @unchecked Sendable {
            // Each index is written by one iteration only, under the lock.
            let lock = NSLock()
            var results: [Result?]
            init(_ n: Int) { results = Array(repeating: nil, count: n) }
        }
        let slots = Slots(runs.count)
        DispatchQueue.concurrentPerform(iterations: runs.count) { i in
            let r = (try? run(runs[i].arguments, input: runs[i].input, environment: environment))
                ?? Result(status: -1, stdout: "", stderr: "gamehost did not start")
            slots.lock.lock()
            slots.results[i] = r
            slots.lock.unlock()
        }
        return slots.results.map { $0! }
    }

    /// The data folder of every gamehost a test starts without one of its own: one for this
    /// test process, so that two test runs at once (a developer's and CI's, on one machine)
    /// never share score files. Removed as the process exits.
    static let dataHome: String = {
        let folder = NSTemporaryDirectory() + "gamehost-cli-tests-data-\(getpid())"
        atexit { try? FileManager.default.removeItem(atPath: GamehostProcess.dataHome) }
        return folder
    }()

    /// Runs gamehost with `arguments`, feeding `input` to stdin, and waits for it to exit.
    ///
    /// The process is started with posix_spawn and reaped with wait4, which gives this run's own
    /// processor time: measuring the children's total before and after would count the runs that
    /// other threads (runAll, tests started early) have ended meanwhile.
    static func run(_ arguments: [String], input: String = "", environment: [String: String] = [:]) throws -> Result {
        var env = ProcessInfo.processInfo.environment
        env["XDG_DATA_HOME"] = dataHome
        env["COLUMNS"] = nil  // text wraps only where a test asks for a width
        for (k, v) in environment { env[k] = v }
        return try ChildProcess.run(binary.path, arguments, input: Data(input.utf8), environment: env)
    }
}

/// Writes an executable script (mode 755) through a descriptor no child process inherits.
/// Tests start processes from several threads at once, and a child started while this file
/// was open for writing would keep it open, so running the script would fail with "text file
/// busy" (Foundation's writes are not close-on-exec).
func writeExecutable(_ text: String, to path: String) throws {
    let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o755)
    guard fd >= 0 else { throw ChildProcess.Failure(description: "\(path): cannot be written") }
    defer { close(fd) }
    let bytes = Array(text.utf8)
    guard bytes.withUnsafeBytes({ write(fd, $0.baseAddress, $0.count) }) == bytes.count, fchmod(fd, 0o755) == 0 else {
        throw ChildProcess.Failure(description: "\(path): cannot be written")
    }
}

/// A child process with its standard streams on pipes: the input written and the outputs read
/// at once (one poll loop, so neither side fills a pipe and waits for the other), and its exit
/// status and processor time taken from wait4.
enum ChildProcess {
    struct Failure: Error, CustomStringConvertible { let description: String }

    private static let spawning = NSLock()

    /// A child that exits before reading all its input must not end this process by SIGPIPE.
    private static let ignoreBrokenPipes: Void = { signal(SIGPIPE, SIG_IGN) }()

    static func run(_ path: String, _ arguments: [String], input: Data, environment: [String: String]) throws -> GamehostProcess.Result {
        // The pipes are made close-on-exec, under a lock, so that no other run started on
        // another thread meanwhile takes a copy of them (its copy of a write end would keep
        // this run's output open until it ended).
        spawning.lock()
        defer { spawning.unlock() }
        var pipes: [[Int32]] = []
        for _ in 0..<3 {
            var fds: [Int32] = [0, 0]
            guard pipe(&fds) == 0 else { throw Failure(description: "pipe: \(String(cString: strerror(errno)))") }
            for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
            pipes.append(fds)
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipes[0][0], 0)
        posix_spawn_file_actions_adddup2(&actions, pipes[1][1], 1)
        posix_spawn_file_actions_adddup2(&actions, pipes[2][1], 2)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        // The child starts with every signal at its default and none blocked, whatever this
        // process ignores (SIGPIPE, below) or blocks.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t(), none = sigset_t()
        sigfillset(&all)
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        _ = ignoreBrokenPipes
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, path, &actions, &attributes, argv, envp)
        for fd in [pipes[0][0], pipes[1][1], pipes[2][1]] { close(fd) }
        guard spawned == 0 else {
            for fd in [pipes[0][1], pipes[1][0], pipes[2][0]] { close(fd) }
            throw Failure(description: "\(path): \(String(cString: strerror(spawned)))")
        }
        spawning.unlock()
        defer { spawning.lock() }
        var stdout = Data(), stderr = Data()
        exchange(input: input, inputFD: pipes[0][1], outputs: [(pipes[1][0], { stdout.append($0) }), (pipes[2][0], { stderr.append($0) })])
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
        // As Foundation's Process reports it: the exit code, or the signal's number.
        let code = (status & 0x7f) == 0 ? (status >> 8) & 0xff : status & 0x7f
        return GamehostProcess.Result(status: code, stdout: String(decoding: stdout, as: UTF8.self), stderr: String(decoding: stderr, as: UTF8.self),
                                      cpuSeconds: seconds(usage.ru_utime) + seconds(usage.ru_stime))
    }

    /// Writes `input` and reads every output until each is closed; closes every descriptor.
    private static func exchange(input: Data, inputFD: Int32, outputs: [(Int32, (Data) -> Void)]) {
        var pending = input[...]
        var writer: Int32? = inputFD
        if pending.isEmpty { close(inputFD); writer = nil } else { _ = fcntl(inputFD, F_SETFL, fcntl(inputFD, F_GETFL) | O_NONBLOCK) }
        var open = outputs
        var buffer = [UInt8](repeating: 0, count: 65536)
        while writer != nil || !open.isEmpty {
            var fds = open.map { pollfd(fd: $0.0, events: Int16(POLLIN), revents: 0) }
            if let w = writer { fds.append(pollfd(fd: w, events: Int16(POLLOUT), revents: 0)) }
            if poll(&fds, nfds_t(fds.count), -1) < 0 { if errno == EINTR { continue } else { break } }
            if let w = writer, let ready = fds.last, ready.revents != 0 {
                let n = pending.withUnsafeBytes { write(w, $0.baseAddress, min($0.count, 65536)) }
                if n > 0 { pending = pending.dropFirst(n) }
                if pending.isEmpty || (n < 0 && errno != EAGAIN && errno != EINTR) { close(w); writer = nil }
            }
            for (i, polled) in fds.prefix(open.count).enumerated().reversed() where polled.revents != 0 {
                let n = read(polled.fd, &buffer, buffer.count)
                if n > 0 { open[i].1(Data(buffer[0..<n])) } else if n == 0 || (errno != EINTR && errno != EAGAIN) { close(polled.fd); open.remove(at: i) }
            }
        }
    }
}
