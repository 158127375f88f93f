import GameCore
import GameRules
import LuaKit
#if canImport(Glibc)
import Glibc
#endif

// Benchmarks for the figures in the README's performance section. Build in release mode and
// run through Benchmarks/run. Each figure is the median of repeated runs.
//   start-up:   `gamehost play rps` with empty input, spawn to exit (first prompt, then EOF)
//   memory:     peak resident memory of a whole RPS session (ru_maxrss)
//   call:       one call from Lua into a Swift function, in a sandboxed state with the budget on
//   words:      loading the 100,000-word system dictionary
//   draw:       game.cards.draw on a 52-card deck, beside plain Lua's table.remove(deck, 1)

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}

func median(_ xs: [Double]) -> Double {
    let s = xs.sorted()
    return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

/// Runs `path args` with `input` on stdin; returns wall seconds and peak resident KB.
func spawn(_ path: String, _ args: [String], input: String) -> (seconds: Double, maxKB: Int) {
    // A file of a name no one can guess or have linked beforehand (mkstemp creates it).
    var template = Array("/tmp/gamehost-bench-input-XXXXXX".utf8CString)
    let descriptor = mkstemp(&template)
    guard descriptor >= 0, let file = fdopen(descriptor, "w") else {
        FileHandleOut.error("cannot make a temporary file\n")
        exit(1)
    }
    let inputPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    fputs(input, file)
    fclose(file)
    defer { unlink(inputPath) }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 0, inputPath, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + args).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid: pid_t = 0
    let start = now()
    guard posix_spawn(&pid, path, &actions, nil, argv, environ) == 0 else {
        FileHandleOut.error("cannot run \(path)\n")
        exit(1)
    }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    return (now() - start, usage.ru_maxrss)
}

let gamehost = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : ".build/release/gamehost"
/// Figures to measure (all when none are named): startup, memory, call, words.
let sections = Set(CommandLine.arguments.dropFirst(2))
func wanted(_ section: String) -> Bool { sections.isEmpty || sections.contains(section) }

// Start-up: 5 warm-up runs, then 60 measured, beside the stock Lua interpreter doing nothing.
if wanted("startup") {
for _ in 0..<5 { _ = spawn(gamehost, ["play", "rps", "--seed", "1"], input: "") }
let startups = (0..<60).map { _ in spawn(gamehost, ["play", "rps", "--seed", "1"], input: "").seconds * 1000 }
let lua = ["/usr/bin/lua5.4", "/usr/local/bin/lua5.4"].first { (path: String) in access(path, X_OK) == 0 }
let baseline = lua.map { path in median((0..<60).map { _ in spawn(path, ["-e", ""], input: "").seconds * 1000 }) }
let beside = baseline.map { ", lua5.4 -e '' \(fmt($0)) ms (\(fmt(median(startups) / $0))x)" } ?? ""
print("start-up to first prompt (gamehost play rps, empty input): median \(fmt(median(startups))) ms, "
    + "min \(fmt(startups.min()!)) ms\(beside)  (target <= 3x lua5.4, goal 2x)")

}

// Memory: a session of 40 best-of-5 matches (about 300 inputs, refusals and commands included).
if wanted("memory") {
var session = ""
for i in 0..<40 { session += "rock\npaper\nscissors\nr\np\ns\nlizard\n/moves\n" + (i % 2 == 0 ? "y\n" : "/new\n") }
let peaks = (0..<5).map { _ in Double(spawn(gamehost, ["play", "rps", "--seed", "2", "--match", "best-of-5"], input: session).maxKB) / 1024 }
print("peak memory of an RPS session (40 matches): median \(fmt(median(peaks))) MB  (target <= 12 MB)")

}

// One Lua-to-Swift call: a loop that calls a Swift function, minus the same loop calling nothing.
if wanted("call") {
let lua = LuaState()
lua.stepBudget = Int64.max / 2
lua.timeLimit = 60
lua.register("inc", [.integer("n", Int64.min...(Int64.max - 1))]) { call in
    call.push(Int64(call.int(1) + 1))
    return 1
}
let withCall = try! lua.load("local inc, n = inc, ... local x = 0 for i = 1, n do x = inc(x) end return x", chunkName: "=bench")
let without = try! lua.load("local n = ... local x = 0 for i = 1, n do x = x + 1 end return x", chunkName: "=bench")
let n: Int64 = 5_000_000
func time(_ f: LuaRef) -> Double {
    let start = now()
    _ = try! lua.call(f, [.integer(n)])
    return now() - start
}
_ = time(withCall)
let perCall = (0..<11).map { _ in (time(withCall) - time(without)) / Double(n) * 1e9 }
print("one Lua-to-Swift call: median \(fmt(median(perCall))) ns  (target < 150 ns)")
}

// Drawing from a 52-card deck (the card goes back under it, so the deck stays at 52), in a
// rule's sandbox, beside the same loop with plain Lua's table.remove(deck, 1).
if wanted("draw") {
    let sandbox = RuleSandbox()
    let lua = sandbox.lua
    lua.stepBudget = nil
    lua.timeLimit = 60
    let loop = """
        local game, n, plain = ...
        local draw, remove, deck = game.cards.draw, table.remove, game.cards.standard()
        if plain then
          for _ = 1, n do local card = remove(deck, 1) deck[#deck + 1] = card end
        else
          for _ = 1, n do local card = draw(deck) deck[#deck + 1] = card end
        end
        """
    let f = try! lua.load(loop, chunkName: "=bench")
    let n: Int64 = 200_000
    func perDraw(plain: Bool) -> Double {
        let start = now()
        _ = try! lua.call(f, [.ref(sandbox.game), .integer(n), .boolean(plain)])
        return (now() - start) / Double(n) * 1e6
    }
    _ = perDraw(plain: false)
    let host = median((0..<7).map { _ in perDraw(plain: false) })
    let plain = median((0..<7).map { _ in perDraw(plain: true) })
    print("game.cards.draw on a 52-card deck: median \(fmt(host * 1000)) ns, plain Lua table.remove \(fmt(plain * 1000)) ns  (target <= 10 us)")
}

// Loading a 100,000-word list: the system dictionary (Debian's wamerican), parsed, checked,
// normalised and de-duplicated, with no filter.
let dictionary = "/usr/share/dict/words"
if !wanted("words") {
} else if FileSystem.isFile(dictionary) {
    var entries = 0
    let loads = (0..<15).map { _ -> Double in
        let start = now()
        entries = (try? WordList(path: dictionary))?.entries.count ?? 0
        return (now() - start) * 1000
    }
    print("loading a \(entries)-word list (\(dictionary)): median \(fmt(median(loads))) ms  (target < 50 ms)")
} else {
    print("loading a word list: skipped, \(dictionary) is missing (apt-get install wamerican)")
}

func fmt(_ x: Double) -> String {
    let scaled = (x * 10).rounded() / 10
    return String(scaled)
}

/// Writes to standard error through its descriptor (the C `stderr` global is shared mutable
/// state to the compiler).
enum FileHandleOut {
    static func error(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
    }
}
