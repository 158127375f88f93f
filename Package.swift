// swift-tools-version:6.0
import PackageDescription

// Layers, each a target so that an upward import does not build (docs/engine.md draws them):
//   gamehost (the CLI), GameServer, GameHostTesting
//   GameAuthoring    check, sim, arena, replay, the hiding proof
//   GamePresenters   text and JSON-lines output, the session loop of a terminal or a program
//   GameRuntime      the engine, tables, the driver, seats' views
//   GameRules        loading a rule file and the Lua API it calls
//   GameStorage      scores and records (SQLite)
//   LuaKit, GameCore, Locking, and the C libraries below them
// GameCore has no Lua; LuaKit has no games.
// The runtime targets use Glibc rather than Foundation: Foundation alone costs ~10 MB of
// resident memory and ~6 ms of start-up, half of the budget for a game's first prompt.
// Everything is built optimised in debug builds too: the tests play thousands of games, and
// unoptimised Swift is five to ten times slower at the work they do (reading Lua values,
// writing and checking JSON). A debugger session can drop this line.
// Release builds leave out the run-time exclusivity checks (about 8% of a simulated game's
// instructions, in swift_beginAccess): the debug builds the tests run keep them, so an
// overlapping access still fails a test.
let optimized: [SwiftSetting] = [.unsafeFlags(["-O"], .when(configuration: .debug)),
                                 .unsafeFlags(["-enforce-exclusivity=unchecked"], .when(configuration: .release))]

let package = Package(
    name: "GameHost",
    products: [
        .executable(name: "gamehost", targets: ["gamehost"]),
        .library(name: "GameHostTesting", targets: ["GameHostTesting"]),
    ],
    targets: [
        .systemLibrary(name: "CLua", pkgConfig: "lua5.4", providers: [.apt(["liblua5.4-dev"])]),
        .systemLibrary(name: "CEdit", pkgConfig: "libedit", providers: [.apt(["libedit-dev"])]),
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        // The embedded web server of `gamehost serve` (Debian ships no pkg-config file for it).
        .systemLibrary(name: "CCivetweb", providers: [.apt(["libcivetweb-dev"])]),
        // PostgreSQL's client library, for serve's shared store: its header only (libpq itself is
        // opened when a PostgreSQL store is asked for: Sources/CPostgreSQL/shim.h says why).
        .systemLibrary(name: "CPostgreSQL", providers: [.apt(["libpq-dev"])]),
        // A lock the thread sanitizer can see (Sources/Locking/Locked.swift says why).
        .target(name: "Locking"),
        .target(name: "LuaKit", dependencies: ["CLua", "Locking", "GameCore"], swiftSettings: optimized),
        // A prefetch for word lists' hash tables: a header of one static inline function.
        .systemLibrary(name: "CCache"),
        .target(name: "GameCore", dependencies: ["CCache"], swiftSettings: optimized),
        .target(name: "GameStorage", dependencies: ["GameCore", "CSQLite", "Locking"], swiftSettings: optimized),
        .target(name: "GameRules", dependencies: ["GameStorage", "LuaKit", "GameCore"], swiftSettings: optimized),
        .target(name: "GameRuntime", dependencies: ["GameRules", "GameStorage", "LuaKit", "GameCore"], swiftSettings: optimized),
        .target(name: "GamePresenters", dependencies: ["GameRuntime", "GameRules", "GameStorage", "GameCore"], swiftSettings: optimized),
        .target(name: "GameAuthoring", dependencies: ["GamePresenters", "GameRuntime", "GameRules", "GameStorage", "LuaKit", "GameCore"], swiftSettings: optimized),
        .target(name: "GameServer", dependencies: ["GamePresenters", "GameRuntime", "GameRules", "GameStorage", "GameCore", "LuaKit", "CCivetweb", "CSQLite", "CPostgreSQL", "Locking"], swiftSettings: optimized),
        .target(name: "GameHostTesting", dependencies: ["GameAuthoring", "GamePresenters", "GameRuntime", "GameRules", "GameStorage", "GameCore"], swiftSettings: optimized),
        .executableTarget(name: "gamehost", dependencies: ["GameAuthoring", "GamePresenters", "GameRuntime", "GameRules", "GameStorage", "GameServer", "GameCore", "CEdit", "Locking"], swiftSettings: optimized),
        .executableTarget(name: "gamehost-bench", dependencies: ["GameRules", "LuaKit", "GameCore"]),
        .executableTarget(name: "gamehost-serve-bench", dependencies: ["CCivetweb", "Locking"]),
        // Work the slow tests start early, on a second thread (Tests/TestSupport/EarlyStart.swift).
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "LuaKitTests", dependencies: ["LuaKit", "GameCore", "Locking"], swiftSettings: optimized),
        .testTarget(name: "GameCoreTests", dependencies: ["GameCore"], swiftSettings: optimized),
        // rules/ holds the rule of docs/testing-rules.md's worked test, found beside the test file.
        .testTarget(name: "GameHostTests", dependencies: ["GameAuthoring", "GamePresenters", "GameRuntime", "GameRules", "GameStorage", "GameHostTesting", "GameCore", "LuaKit", "Locking", "TestSupport"], exclude: ["rules"], swiftSettings: optimized),
        .testTarget(name: "CLITests", dependencies: ["gamehost", "GameHostTesting", "GamePresenters", "GameRuntime", "GameRules", "GameStorage", "Locking", "TestSupport"], swiftSettings: optimized),
        .testTarget(name: "ServerTests", dependencies: ["GameServer", "GameRules", "GameStorage", "GameRuntime", "GameAuthoring", "GameCore", "CSQLite", "CCivetweb", "gamehost", "GameHostTesting"], swiftSettings: optimized),
    ]
)
