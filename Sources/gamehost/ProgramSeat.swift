import Locking
import GameCore
import GamePresenters
import GameRules
import GameRuntime
#if canImport(Glibc)
import Glibc
#endif

/// An outside program in a seat: started with `/bin/sh -c COMMAND`, it reads the protocol for
/// its seat on its standard input (docs/protocol.md) and writes one input line to its standard
/// output whenever its seat is to move. Its standard error is the player's. A program that
/// stops writing, or ends, leaves its seat: the session ends (`seat-left`).
final class ProgramSeat: LineSource, TextSink {
    let command: String
    let seat: Int
    private var pid: pid_t = 0
    private var toProgram: Int32 = -1
    private let fromProgram: InputBytes
    private var closed = false

    /// Whether Ctrl-C writes the program its end object (see `interrupted`). The arena's
    /// programs, started on worker threads by the dozen, learn of an interrupt as their input
    /// ends with the process.
    private let hearsInterrupt: Bool
    /// The most seconds the program may take to give a line when its seat is to move, and to
    /// read what it is sent (nil: no bound, where Ctrl-C ends a program that hangs). A bounded
    /// program runs in a process group of its own, and one that overstays is killed with
    /// everything it started (a shell that keeps the pipe open when its program is done).
    let replyTime: Double?
    /// The seconds the program is given to end once its input is closed: its reply time in
    /// the arena, which plays unattended; `leaveTime` at `play`, where the person waits.
    let endTime: Double

    init(command: String, seat: Int, hearsInterrupt: Bool = true, replyTime: Double? = nil, endTime: Double? = nil) throws {
        self.hearsInterrupt = hearsInterrupt
        self.replyTime = replyTime
        self.endTime = endTime ?? replyTime ?? Self.leaveTime
        self.command = command
        self.seat = seat
        var input: [Int32] = [0, 0], output: [Int32] = [0, 0]
        guard pipe(&input) == 0, pipe(&output) == 0 else { throw CLIError.failure("cannot start the program for seat \(seat): no pipes") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input[0], 0)
        posix_spawn_file_actions_adddup2(&actions, output[1], 1)
        for fd in [input[0], input[1], output[0], output[1]] { posix_spawn_file_actions_addclose(&actions, fd) }
        // Nothing else of the host's: not its score database, a transcript it writes, or
        // what its own parent left open (a program that kept that would keep it waiting).
        _ = Self.addCloseFrom?(&actions, 3)
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup(command), nil]
        defer { argv.forEach { free($0) } }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        if replyTime != nil { posix_spawnattr_setpgroup(&attributes, 0) }
        Interrupts.unblockInChild(&attributes, flags: replyTime != nil ? POSIX_SPAWN_SETPGROUP : 0)
        let status = posix_spawn(&pid, "/bin/sh", &actions, &attributes, argv, environ)
        close(input[0])
        close(output[1])
        guard status == 0 else {
            close(input[1])
            close(output[0])
            throw CLIError.failure("cannot start the program for seat \(seat) (\(command)): \(String(cString: strerror(status)))")
        }
        toProgram = input[1]
        fromProgram = InputBytes(fd: output[0])
        fromProgram.waitLimit = replyTime.map { Int32($0 * 1000) }
        if replyTime != nil {
            Self.groups.withLock { _ = $0.insert(pid) }
            // (The shell is this process's child: asking reaps it once it has ended.)
            let shell = pid
            fromProgram.writerIsRunning = { [weak self] in
                guard let self, self.pid == shell else { return false }
                var status: Int32 = 0
                if waitpid(shell, &status, WNOHANG) == shell {
                    self.reaped = true
                    return false
                }
                return true
            }
        }
        // Writes never block: a program that stops reading must not stop Ctrl-C (see write).
        _ = fcntl(toProgram, F_SETFL, fcntl(toProgram, F_GETFL) | O_NONBLOCK)
        if hearsInterrupt { Self.withInterruptsHeld { Self.interruptible.withLock { $0[toProgram] = false } } }
    }

    deinit { finish() }

    /// glibc's `posix_spawn_file_actions_addclosefrom_np` (2.34 and later), which Swift's
    /// Glibc module does not declare: looked up once (nil in an older C library, where a
    /// program inherits what the host has open).
    private static let addCloseFrom: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32)? = {
        guard let symbol = dlsym(nil, "posix_spawn_file_actions_addclosefrom_np") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (UnsafeMutablePointer<posix_spawn_file_actions_t>?, Int32) -> Int32).self)
    }()

    /// Closes the program's input and waits for it to end: at most `endTime`; a program that
    /// outlives its input past that is stopped
    /// (SIGTERM, and SIGKILL a second later), so the host always ends. Returns false when it
    /// had to be stopped.
    @discardableResult
    func finish() -> Bool {
        guard pid != 0 else { return true }
        closeInput()
        let group = pid
        defer { Self.groups.withLock { _ = $0.remove(group) } }
        if reaped {
            // Its shell has ended already; what it started goes with it.
            kill(-pid, SIGKILL)
            pid = 0
            return true
        }
        var status: Int32 = 0
        let deadline = MonotonicClock.seconds() + endTime
        // (A program with a reply time has a process group of its own; one without shares
        // the host's, the terminal's Ctrl-C reaching it too, and is stopped alone.)
        let target = replyTime != nil ? -pid : pid
        var terminated = false
        while waitpid(pid, &status, WNOHANG) == 0 {
            if MonotonicClock.seconds() > deadline + (terminated ? 1 : 0) {
                if terminated {
                    kill(target, SIGKILL)
                    waitpid(pid, &status, 0)
                    break
                }
                kill(target, SIGTERM)
                terminated = true
            }
            usleep(2_000)
        }
        pid = 0
        return !terminated
    }

    /// Seconds a program at `play` is given to end once its input is closed.
    static let leaveTime = 5.0

    /// Seconds a program at `play` may take to give its move (`--reply-time`): long enough
    /// for a program that searches, short enough that a silent one does not hang the session.
    static let playReplyTime = 60.0

    /// Why the program left its seat, when it did: it overstayed its reply time, or it ended
    /// (or closed its output) when its move was wanted.
    var leftMessage: String? {
        guard left else { return nil }
        let who = "the program in seat \(seat) (\(TerminalText.plain(command)))"
        guard overstayed, let replyTime else { return who + " ended, or closed its output, when its move was wanted: its seat is left" }
        let limit = replyTime == replyTime.rounded() ? String(Int(replyTime)) : String(replyTime)
        return who + " did not read its input or give its move within \(limit) s (--reply-time SECONDS): it was stopped"
    }

    /// Whether the program gave no line within `replyTime` when it was asked for one, or
    /// read none of its input for as long.
    var overstayed: Bool { fromProgram.timedOut || stoppedReading }
    private var stoppedReading = false
    /// Whether the program's shell ended, and was reaped, while a line was awaited.
    private var reaped = false
    /// Whether the program left its seat (it ended, closed its output or overstayed).
    private(set) var left = false

    private func closeInput() {
        guard toProgram >= 0 else { return }
        // Off the interrupt's list first: a closed descriptor's number may be reused.
        if hearsInterrupt { Self.withInterruptsHeld { Self.interruptible.withLock { $0[toProgram] = nil } } }
        close(toProgram)
        toProgram = -1
    }

    func readLine(prompt: String) -> String? { readInput(prompt: prompt)?.line }

    /// The program's next line (its move), or nil when it has ended. A line longer than an
    /// input may be is kept to the limit, so the table refuses it; a program that writes
    /// 64 MB with no newline is not speaking the protocol, and its seat is left.
    func readInput(prompt: String) -> (line: String, bytes: Int)? {
        // A program stopped for not reading has left, whatever lines it wrote before.
        guard !closed, !stoppedReading, let line = fromProgram.line(keeping: InputLine.limit + 1, runaway: StandardInput.runawayLimit) else {
            closed = true
            left = true
            // A silent program, or one whose shell ended while what it started holds the pipe,
            // is left like one that ended; what is left of it is killed.
            if fromProgram.timedOut || fromProgram.writerEnded, pid != 0, replyTime != nil { kill(-pid, SIGKILL) }
            return nil
        }
        if line.runaway {
            fail("the program in seat \(seat) (\(TerminalText.plain(command))) wrote \(StandardInput.runawayLimit >> 20) MB with no newline: its seat is left")
            closed = true
            return nil
        }
        return (line.text, line.length)
    }

    /// A protocol line for the program. The host waits for a program that reads slowly, but
    /// Ctrl-C still ends it; the interrupt handler writes the end object after a whole line
    /// only, so a program whose pipe is full mid-line sees its input end there. A program that
    /// has closed its input loses the line (its seat is left when it is next to move and gives
    /// no line).
    func write(_ text: String, style: TextStyle) {
        guard toProgram >= 0 else { return }
        var text = text
        text.withUTF8 { buf in
            var offset = 0
            while offset < buf.count {
                // Each write and the note of a cut line are one, for the interrupt thread.
                let n = Self.withInterruptsHeld { () -> Int in
                    let n = Glibc.write(toProgram, buf.baseAddress! + offset, buf.count - offset)
                    if n > 0 {
                        offset += n
                        if hearsInterrupt { Self.interruptible.withLock { $0[toProgram] = offset < buf.count } }
                    }
                    return n
                }
                if n > 0 {
                    continue
                } else if n < 0 && errno == EAGAIN {
                    var ready = pollfd(fd: toProgram, events: Int16(POLLOUT), revents: 0)
                    // Bounded, a program that stops reading is killed (as one that stops
                    // answering); unbounded, Ctrl-C ends the wait.
                    if poll(&ready, 1, replyTime.map { Int32($0 * 1000) } ?? -1) == 0 {
                        stoppedReading = true
                        if pid != 0 { kill(-pid, SIGKILL) }
                        closeInput()
                        return
                    }
                } else if !(n < 0 && errno == EINTR) {
                    closeInput()
                    return
                }
            }
        }
    }

    func bell() {}

    // MARK: Ctrl-C

    /// The programs' open inputs, for the interrupt thread, which writes each the end object
    /// before the process exits (a program learns why its input ends), and whether a line to
    /// it is cut short (its pipe full): that program gets no end object, which would join the
    /// half line. Changed inside the lock of whole lines (`Interrupts.whole`), so a line and
    /// the note of its cut are one for the interrupt thread.
    private static let interruptible = Locked([Int32: Bool]())

    /// The process groups of the programs running now (each bounded program has its own):
    /// an interrupt ends them too, so none outlives the host.
    private static let groups = Locked(Set<pid_t>())

    /// Called on the interrupt thread, which holds the lock of whole lines (write only, to
    /// pipes that never block): each program gets the end object after its last whole line,
    /// with the code the host leaves with (128 + `signal`).
    static func interrupted(by signal: Int32) {
        let interruptedEnd = Array((JSONValue.object(["type": .string("end"), "reason": .string(Table.EndReason.interrupted.rawValue),
                                                      "exit_code": .int(Int64(128 + signal))]).encoded + "\n").utf8)
        let inputs = interruptible.withLock { $0 }
        interruptedEnd.withUnsafeBufferPointer { end in
            for (fd, midLine) in inputs where !midLine {
                _ = Glibc.write(fd, end.baseAddress, end.count)
            }
        }
        // Their inputs end now; a program that does not end with its input within a second
        // is stopped, with all it started (the host is leaving, and leaves no program behind).
        for fd in inputs.keys { close(fd) }
        let running = groups.withLock { $0 }
        guard !running.isEmpty else { return }
        func anyLeft() -> Bool {
            running.contains { group in
                _ = waitpid(group, nil, WNOHANG)  // a shell that has ended is reaped: a zombie still counts
                return kill(-group, 0) == 0
            }
        }
        for _ in 0..<100 where anyLeft() { usleep(10_000) }
        for group in running { kill(-group, SIGTERM) }
        for _ in 0..<20 where anyLeft() { usleep(10_000) }
        for group in running { kill(-group, SIGKILL) }
    }

    private static func withInterruptsHeld<T>(_ body: () -> T) -> T { Interrupts.whole(body) }
}
