import Foundation
import GameHostTesting
import XCTest

/// Runs gamehost with a terminal for its input and output (a pseudo-terminal, through
/// python3's pty), as a player at a keyboard: a live session, not practice. `input` is typed
/// a line at each prompt (`> `); Ctrl-D follows the prompt after the last line.
/// Start with `start`, then `finish`.
///
/// Each line is typed the moment its prompt shows, as a fast typist or a program at a
/// terminal would. At that moment the terminal must already be out of line mode: a key the
/// kernel reads as a line's end (Ctrl-D) would otherwise never reach the line editor.
/// `finish` counts the prompts that showed in line mode.
struct TerminalSession {
    let process: Process
    let output: Pipe
    let report: Pipe

    /// `ahead` is typed at once, before any prompt, as by a program that writes to the
    /// terminal and waits for room (a paste into a game still starting); `input` follows it.
    static func start(_ arguments: [String], input: String, ahead: String = "", environment: [String: String] = [:]) throws -> TerminalSession {
        let python = try requiredTool("python3")
        let script = """
            import json, os, pty, select, signal, sys, termios, threading, time
            args = json.loads(sys.argv[1])
            pid, fd = pty.fork()
            if pid == 0:
                os.execv(args[0], args)
            # Keys are written by a thread of their own, as a terminal would, so the game's
            # output is read while a write waits for room.
            def type_keys(data):
                while data:
                    data = data[os.write(fd, data):]
            def start_typing(data):
                typist = threading.Thread(target=type_keys, args=(data,), daemon=True)
                typist.start()
                return typist
            typist = start_typing(sys.stdin.buffer.read())
            # Each line is typed once its prompt is there, then Ctrl-D. No session here takes
            # a minute: past that it is ended.
            lines = sys.argv[2].splitlines(keepends=True) + ["\\x04"]
            out, typed, line_mode = b"", 0, 0
            deadline = time.monotonic() + 60
            while True:
                if typed < len(lines) and out.count(b"> ") > typed and not typist.is_alive():
                    # The master side reads the terminal's settings (Linux shares them).
                    if termios.tcgetattr(fd)[3] & termios.ICANON:
                        line_mode += 1
                    typist = start_typing(lines[typed].encode())
                    typed += 1
                ready, _, _ = select.select([fd], [], [], min(0.1, max(0, deadline - time.monotonic())))
                if not ready and time.monotonic() < deadline:
                    continue
                if not ready:
                    os.kill(pid, signal.SIGKILL)
                    break
                try:
                    data = os.read(fd, 65536)
                except OSError:
                    break
                if not data:
                    break
                out += data
            _, status = os.waitpid(pid, 0)
            # The terminal as the game left it (the master side reads it after the game's end).
            try:
                left_in_line_mode = termios.tcgetattr(fd)[3] & termios.ICANON != 0
            except termios.error:
                left_in_line_mode = True
            sys.stdout.buffer.write(out[-8000:])
            sys.stderr.write("%d %d" % (line_mode, left_in_line_mode))
            sys.exit(os.waitstatus_to_exitcode(status))
            """
        let command = [GamehostProcess.binary.path] + arguments
        let json = String(decoding: try JSONSerialization.data(withJSONObject: command), as: UTF8.self)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, json, input]
        var env = ProcessInfo.processInfo.environment
        env["XDG_DATA_HOME"] = GamehostProcess.dataHome
        env["TERM"] = "dumb"
        for (k, v) in environment { env[k] = v }
        process.environment = env
        let output = Pipe(), report = Pipe()
        process.standardOutput = output
        process.standardError = report
        let typedAhead = Pipe()
        process.standardInput = typedAhead
        try process.run()
        typedAhead.fileHandleForWriting.write(Data(ahead.utf8))
        try typedAhead.fileHandleForWriting.close()
        return TerminalSession(process: process, output: output, report: report)
    }

    /// Waits for the session to end: its exit status, the last of what it wrote, how many
    /// prompts showed while the terminal was still in line mode, and whether the game left
    /// the terminal in line mode.
    func finish() -> (status: Int32, output: String, promptsInLineMode: Int, leftInLineMode: Bool) {
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let counted = report.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let figures = String(decoding: counted, as: UTF8.self).split(separator: " ").compactMap { Int($0) }
        return (process.terminationStatus, String(decoding: data, as: UTF8.self), figures.first ?? -1, figures.last == 1)
    }
}
