import GameCore
import GameHost
#if canImport(Glibc)
import Glibc
#endif

/// An outside program in a seat: started with `/bin/sh -c COMMAND`, it reads the protocol for
/// its seat on its standard input (docs/protocol.md) and writes one input line to its standard
/// output whenever its seat is to move. Its standard error is the player's. A program that
/// stops writing, or ends, leaves its seat: the session ends.
final class ProgramSeat: LineSource, TextSink {
    let command: String
    let seat: Int
    private var pid: pid_t = 0
    private var toProgram: Int32 = -1
    private let fromProgram: InputBytes
    private var closed = false

    init(command: String, seat: Int) throws {
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
        let argv: [UnsafeMutablePointer<CChar>?] = [strdup("/bin/sh"), strdup("-c"), strdup(command), nil]
        defer { argv.forEach { free($0) } }
        let status = posix_spawn(&pid, "/bin/sh", &actions, nil, argv, environ)
        close(input[0])
        close(output[1])
        guard status == 0 else {
            close(input[1])
            close(output[0])
            throw CLIError.failure("cannot start the program for seat \(seat) (\(command)): \(String(cString: strerror(status)))")
        }
        toProgram = input[1]
        fromProgram = InputBytes(fd: output[0])
    }

    deinit { finish() }

    /// Closes the program's input and waits for it to end.
    func finish() {
        guard pid != 0 else { return }
        if toProgram >= 0 { close(toProgram) }
        toProgram = -1
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        pid = 0
    }

    /// The program's next line (its move), or nil when it has ended. A line longer than an
    /// input may be is kept to the limit, so the table refuses it; a program that writes
    /// 64 MB with no newline is not speaking the protocol, and its seat is left.
    func readLine(prompt: String) -> String? {
        guard !closed, let line = fromProgram.line(keeping: InputLine.limit + 1, runaway: StandardInput.runawayLimit) else {
            closed = true
            return nil
        }
        if line.runaway {
            fail("the program for seat \(seat) wrote \(StandardInput.runawayLimit >> 20) MB with no newline: its seat is left")
            closed = true
            return nil
        }
        return line.text
    }

    /// A protocol line for the program. One that has stopped reading loses it (its seat is
    /// left when it is next to move and gives no line).
    func write(_ text: String, style: TextStyle) {
        guard toProgram >= 0 else { return }
        var text = text
        text.withUTF8 { buf in
            var offset = 0
            while offset < buf.count {
                let n = Glibc.write(toProgram, buf.baseAddress! + offset, buf.count - offset)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 {
                    close(toProgram)
                    toProgram = -1
                    return
                }
                offset += n
            }
        }
    }

    func bell() {}
}
