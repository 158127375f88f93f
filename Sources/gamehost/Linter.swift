#if canImport(Glibc)
import Glibc
#endif

/// luacheck, when it is installed (Debian's lua-check), run on a rule file with the sandbox's
/// globals (rules/.luacheckrc): unused variables, globals a rule sets by mistake, shadowing.
enum Linter {
    /// `file:line:col: message` for each warning; nil when luacheck is not installed.
    static func lint(_ path: String, config: String) -> [String]? {
        guard let luacheck = which("luacheck") else { return nil }
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
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, luacheck, &actions, nil, argv, environ) == 0
        close(pipe[1])
        defer { close(pipe[0]) }
        guard spawned else { return nil }
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while output.count < 1 << 20 {
            let n = read(pipe[0], &buffer, buffer.count)
            if n <= 0 { break }
            output += buffer[0..<n]
        }
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
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
