import GameRuntime
#if canImport(Glibc)
import Glibc
#endif

/// Every bound of `gamehost serve`, in one place (the README lists them): what one client, one
/// address and the whole server may hold or send.
public struct ServerLimits: Sendable {
    /// How long a `search` seat thinks about a move: 300 scratch games, and at most 50 million
    /// steps of the rule's work (`LuaState.stepsSpent`: a thousand a call into the rule, and the
    /// host's work for it; a second or so for a plain rule). Both are counts, not time, so a
    /// table rebuilt from its inputs, or shown on another server, plays the same moves however
    /// loaded the machine was; 30 s of processor time is a last bound, for work the count does
    /// not see (a long loop inside one call). A table that may search runs on the thinking threads
    /// (`thinkingThreads`), at a lower priority: other tables never wait for its thought.
    public var thinking: SearchPlayer.Budget = {
        var budget = SearchPlayer.Budget(iterations: 300)
        budget.stepCeiling = 50_000_000
        budget.ceiling = 30
        return budget
    }()
    /// WebSocket connections open at once (each holds one of civetweb's threads).
    public var connections = 512
    /// Connections open at once from one address.
    public var connectionsPerAddress = 32
    /// Requests whose headers are still arriving, from one address and in all: a client that
    /// sends half a request holds a thread until the request timeout, so one address may hold
    /// only a few, and the server keeps threads for the others.
    public var halfOpenRequestsPerAddress = 16
    public var halfOpenRequests = 128
    /// What may wait to be sent to one connection, in bytes: a reader that falls further behind
    /// is closed, and never slows a table.
    public var outgoingBytesPerConnection = 256 << 10
    /// The longest message a client may send (an input line is at most 4 KB).
    public var messageBytes = 8192
    /// Frames of any kind a connection may send a second, and in a burst (a ping, or a
    /// message's empty pieces, cost work though they carry no message).
    public var framesPerSecond = 200.0
    public var frameBurst = 400.0
    /// Messages a connection may send a second, and in a burst.
    public var messagesPerSecond = 20.0
    public var messageBurst = 40.0
    /// Tables open at once, and watchers of one table.
    public var tables = 1000
    /// Tables open at once that one address made: one address cannot fill the server.
    public var tablesPerAddress = 16
    /// Messages one address may send a second, and in a burst, over all its connections, and
    /// whether it reconnects or not (a new connection does not refill it).
    public var addressMessagesPerSecond = 100.0
    public var addressMessageBurst = 200.0
    public var watchersPerTable = 32
    /// A request's headers must arrive within this (a slow client holds no thread for long).
    public var requestTimeoutMilliseconds = 10_000
    /// The most bytes of request headers.
    public var requestHeaderBytes = 8192
    /// A connection that answers no ping for this long is closed.
    public var idleConnectionSeconds = 120
    /// When the server has its most tables, a table nobody is at (no seat's holder, no
    /// watcher) that has had no input for this long is closed to make room for a new one.
    public var abandonedTableSeconds = 120.0
    /// A table nobody has played at for this long is closed, and its record removed.
    public var idleTableSeconds = 30 * 60
    /// Threads that run the tables' rules (a runaway rule holds one for its time limit).
    public var tableThreads = max(4, 2 * Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    /// Threads that run the tables with a search seat, at a lower priority (nice 10) than the
    /// others: its tables take turns on them, one move's thought at a time each.
    public var thinkingThreads = max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    /// Threads that make new tables (store each, build its rule's state, play its first
    /// step), at a lower priority (nice 10) than the tables in play.
    public var makingThreads = max(2, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    /// The inputs one table stores, and their bytes: a table's history is replayed at every
    /// restart, so it is bounded (a table past it is closed with a message saying so).
    public var storedInputsPerTable = 20_000
    public var storedBytesPerTable = 2 << 20
    /// The memory all the tables' rules may hold together: each has its own cap (64 MB), and
    /// this bounds the sum, so no number of tables takes the machine's memory (a step that would
    /// pass it fails with a memory error, as one past its own cap does). Half the machine's
    /// memory, at most 4 GB.
    public var tablesMemoryBytes = min(4 << 30, Int(sysconf(Int32(_SC_PHYS_PAGES))) * Int(sysconf(Int32(_SC_PAGESIZE))) / 2)
    /// The time limit of one call into a served rule (its steps are bounded as in the terminal).
    public var ruleTimeLimit = 1.0
    /// The names (besides an IP address and localhost) a request may reach the server by, in
    /// its Host header (`--host-name`): a page on another site whose name was made to point
    /// here (DNS rebinding) names its own site, and is refused.
    public var hostNames: Set<String> = []

    public init() {}
}
