import GameCore
import GameRules
import GameStorage
import Locking
import LuaKit
#if canImport(Glibc)
import Glibc
#endif

/// `gamehost serve`: tables of installed games that people and programs join over WebSocket,
/// the browser client's files, and the tables kept in `serve.db` so a restart loses none.
///
/// The messages a client sends are JSON objects, one a WebSocket message:
/// `games`, `create`, `join` (by code, or by a seat's token to take the seat back), `watch`
/// and `input`. The server answers with `games`, `joined`, `table` (who sits where), `error`
/// and `closed`, and sends each seat its protocol stream (the `start`, `step` and `end`
/// objects of docs/protocol.md, version 2), as `gamehost play --json --as SEAT` would.
public final class GameServer: WebServerDelegate, Sendable {
    public let limits: ServerLimits
    let catalog: RuleCatalog
    let dataHome: String
    let scoresDirectory: String?
    let webDirectory: String?
    private let store: TableStore?
    /// The scores of every table, where the tables are kept in PostgreSQL (nil: each table's
    /// scores are in the data folder's scores.db).
    private let sharedScores: PostgreSQLScoreStore?
    private let pool: TablePool
    /// The tables with a search seat run here (see `ServerLimits.thinkingThreads`).
    private let thinkingPool: TablePool
    /// Where tables are made (stored, their rule's state built, the first step played), at a
    /// lower priority than the tables in play: a storm of new tables slows the making of new
    /// tables, not the moves of those being played.
    private let makingPool: TablePool
    /// The memory every table's rule holds, together (`ServerLimits.tablesMemoryBytes`).
    let memory: MemoryAccount
    /// Files of the browser client, read once at start, by path ("/" is index.html).
    private let files: [String: HTTPResponse]
    /// Hears of the changes other servers make to a shared store's tables.
    private let listener: StoreListener?

    private struct State {
        var tables: [String: ServedTable] = [:]
        /// Which table (and seat, or none for a watcher) each connection is at.
        var places: [Int: (code: String, seat: Int?)] = [:]
        /// The connections counted against the limits (accepted, not yet closed or made room
        /// for), by id.
        var counted: [Int: WebSocket] = [:]
        var perAddress: [String: Int] = [:]
        var stopping = false
        /// Codes of tables being made (counted with `tables` against the limit until they are in).
        var reserved: Set<String> = []
        /// Who made each table made here (its address), and how many each address has open.
        var madeBy: [String: String] = [:]
        var tablesByAddress: [String: Int] = [:]
        /// Each address's message allowance, over its connections: kept when its last one
        /// closes, so reconnecting refills nothing (forgotten only once it would be full again).
        var allowances: [String: Allowance] = [:]
        var allowancesPruneAt = 4096
        /// The web server, once started.
        var web: WebServer?
        /// Tables of the store still to be rebuilt since the start (they count against the
        /// limit), and those that could not be, with why (kept in the store, never played).
        var dormant: Set<String> = []
        var broken: [String: String] = [:]
        var restorer: TableRestorer?
        /// Tables set aside when their store failed (ServedTable.setAside), rebuilt from the
        /// store when next asked for; and those being rebuilt so.
        var setAside: Set<String> = []
        var rebuilding: Set<String> = []
    }
    private let state = Locked(State())

    /// `data`: where serve.db and the scores live (nil keeps nothing: tables last as long as
    /// the process). `store`: a PostgreSQL address to keep the tables in instead of serve.db.
    /// `web`: the browser client's folder.
    public init(catalog: RuleCatalog, dataHome: String, data: String?, store: String? = nil, web: String?, limits: ServerLimits = ServerLimits()) throws {
        self.catalog = catalog
        self.dataHome = dataHome
        self.limits = limits
        takeBackReplays = Locked(Allowance(perSecond: Double(limits.storedInputsPerTable) / 30, burst: 2 * Double(limits.storedInputsPerTable)))
        scoresDirectory = data
        webDirectory = web
        let origin = String(Secrets.seatToken().prefix(16))
        if let store {
            self.store = try TableStore(postgresql: store, data: data, origin: origin)
            sharedScores = try PostgreSQLScoreStore(url: store)
        } else {
            self.store = try data.map { try TableStore(directory: $0) }
            sharedScores = nil
        }
        pool = TablePool(threads: limits.tableThreads)
        thinkingPool = TablePool(threads: limits.thinkingThreads, niceness: 10)
        makingPool = TablePool(threads: limits.makingThreads, niceness: 10)
        memory = MemoryAccount(cap: limits.tablesMemoryBytes)
        files = Self.readClient(web)
        // It calls back into the server, which it knows once the server is whole (weakly:
        // the server owns it).
        struct Reference { weak var server: GameServer? }
        let reference = Locked(Reference())
        listener = store.map { url in
            StoreListener(url: url, origin: origin, heard: { code in reference.withLock { $0.server }?.heard(code) },
                          reconnected: { reference.withLock { $0.server }?.refreshAll() })
        }
        reference.withLock { $0.server = self }
    }

    /// Starts listening at once, and rebuilds the tables the store holds in the background: a
    /// table someone asks for is rebuilt first, before the message is answered. Returns the port.
    public func start(address: String, port: Int) throws -> Int {
        let restorer = try prepareRestore()
        let web = WebServer(delegate: self, limits: limits)
        let bound = try web.start(address: address, port: port)
        state.withLock { $0.web = web }
        restorer?.start()
        listener?.start()
        startExpiry()
        return bound
    }

    /// Where a table's scores go: the shared database's, or the data folder's scores.db.
    private func scoreDatabase() -> (any ScoreDatabase)? {
        sharedScores ?? scoresDirectory.map { ScoreStore(directory: $0) }
    }

    // MARK: A store shared with other servers

    /// Another server changed the table `code` (a move, a seat taken, its end): this server's
    /// copy of it, if it has one, is brought up to date and shows what changed.
    private func heard(_ code: String) {
        guard let table = state.withLock({ $0.tables[code] }) else { return }
        lanes(table).submit(table.lane) { [weak self] in
            table.refresh()
            if table.finished { self?.forget(table, setAside: table.setAside) }
        }
    }

    /// Brings every table up to date (the notifications were not heard for a while).
    private func refreshAll() {
        for code in state.withLock({ Array($0.tables.keys) }) { heard(code) }
    }

    /// Tables the store holds that are still to be rebuilt.
    public var tablesToRebuild: Int { state.withLock { $0.dormant.count } }

    /// Waits until every stored table is rebuilt (or found broken).
    public func waitUntilRebuilt() { state.withLock { $0.restorer }?.waitUntilDone() }

    /// The tables of the store that could not be rebuilt, with why: kept, never played.
    public var brokenTables: [(code: String, reason: String)] {
        state.withLock { s in s.broken.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
    }

    /// Stops taking connections, lets the tables finish the step they are on, and closes.
    /// Open tables stay in the store, to go on at the next start.
    public func stop() {
        let web: WebServer? = state.withLock { s in
            s.stopping = true
            defer { s.web = nil }
            return s.web
        }
        web?.stop()
        state.withLock { $0.restorer }?.stop()
        listener?.stop()
        makingPool.stop()
        pool.stop()
        thinkingPool.stop()
        store?.release()
        sharedScores?.release()
    }

    // MARK: HTTP

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        guard request.method == "GET" || request.method == "HEAD" else { return .error(405, "only GET") }
        guard !request.repeatsAHeader else { return .error(400, "a request gives its Host and Origin once each") }
        guard Self.knownHost(request.host, names: limits.hostNames) else {
            return .error(403, "this server is not reached by that name (gamehost serve --host-name NAME allows it)")
        }
        let path = request.path == "/" ? "/index.html" : request.path
        return files[path] ?? .error(404, "not found")
    }

    static let types = ["html": "text/html; charset=utf-8", "css": "text/css; charset=utf-8", "js": "text/javascript; charset=utf-8",
                        "svg": "image/svg+xml", "png": "image/png", "ico": "image/x-icon", "json": "application/json",
                        "wav": "audio/wav", "txt": "text/plain; charset=utf-8"]

    /// The client's files, by URL path: only the regular files of the folder (and of its
    /// folders), read once. No request ever reaches the file system, so no path can lead out,
    /// and a symbolic link is never followed (one could lead anywhere on the machine).
    static func readClient(_ folder: String?) -> [String: HTTPResponse] {
        guard let folder else { return [:] }
        var files: [String: HTTPResponse] = [:]
        func walk(_ dir: String, _ prefix: String, depth: Int) {
            guard depth < 4 else { return }
            for name in FileSystem.list(dir) where !name.hasPrefix(".") {
                let path = FileSystem.join(dir, name)
                guard !FileSystem.isSymbolicLink(path) else { continue }
                if FileSystem.isDirectory(path) {
                    walk(path, prefix + name + "/", depth: depth + 1)
                } else if let dot = name.lastIndex(of: "."), let type = types[String(name[name.index(after: dot)...])],
                          let bytes = try? FileSystem.read(path, limit: 4 << 20) {
                    files["/" + prefix + name] = HTTPResponse(contentType: type, body: bytes)
                }
            }
        }
        walk(folder, "", depth: 0)
        return files
    }

    // MARK: WebSocket connections

    public func accept(_ request: HTTPRequest, socket: WebSocket) -> Bool {
        // A page of another site may not open a connection here (a browser always says where
        // the page came from); programs send no Origin, or this server's own.
        guard !request.repeatsAHeader else { return false }
        if let origin = request.origin, !Self.sameSite(origin: origin, host: request.host, port: request.serverPort) { return false }
        guard Self.knownHost(request.host, names: limits.hostNames) else { return false }
        let address = request.remoteAddress
        let (taken, evicted): (Bool, WebSocket?) = state.withLock { s in
            let mine = s.perAddress[address, default: 0]
            guard !s.stopping, mine < limits.connectionsPerAddress else { return (false, nil) }
            var evicted: WebSocket?
            if s.counted.count >= limits.connections {
                // A full server makes room at the address that holds the most connections (its
                // newest), never at one that holds as many as this one would: addresses that fill
                // the server share it, and cannot shut out an address that holds fewer.
                guard let heaviest = s.perAddress.max(by: { $0.value < $1.value }), heaviest.value > mine + 1,
                      let newest = s.counted.values.filter({ $0.remoteAddress == heaviest.key }).max(by: { $0.id < $1.id })
                else { return (false, nil) }
                Self.uncount(newest, in: &s)
                evicted = newest
            }
            s.perAddress[address, default: 0] += 1
            s.counted[socket.id] = socket
            return (true, evicted)
        }
        evicted?.close(code: 1013, reason: "the server is full: your address holds the most connections")
        return taken
    }

    /// Takes a connection out of the counts (once: when it is closed, or made room for).
    private static func uncount(_ socket: WebSocket, in s: inout State) {
        guard s.counted.removeValue(forKey: socket.id) != nil else { return }
        s.perAddress[socket.remoteAddress, default: 1] -= 1
        if s.perAddress[socket.remoteAddress] == 0 { s.perAddress[socket.remoteAddress] = nil }
    }

    /// Whether a request's Host names this server: an IP address, localhost, or one of `names`
    /// (any port). None at all is a program's request (a browser always sends one).
    static func knownHost(_ host: String?, names: Set<String>) -> Bool {
        guard let host else { return true }
        if host.hasPrefix("[") { return host.contains("]") }  // an IPv6 address
        let name = (host.lastIndex(of: ":").map { String(host[..<$0]) } ?? host).lowercased()
        let parts = name.split(separator: ".", omittingEmptySubsequences: false)
        let isIPv4 = parts.count == 4 && parts.allSatisfy { !$0.isEmpty && $0.count <= 3 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }
        return isIPv4 || name == "localhost" || names.contains(name)
    }

    /// Whether a page at `origin` is this server's own: its host and port are the request's
    /// Host (which a program may send without the port).
    static func sameSite(origin: String, host: String?, port: Int) -> Bool {
        guard let host, let scheme = origin.firstRange(of: "://") else { return false }
        func authority(_ text: Substring, defaultPort: Int) -> String {
            let lower = text.lowercased()
            // An IPv6 literal keeps its colons inside brackets.
            if let close = lower.lastIndex(of: "]") { return lower[lower.index(after: close)...].contains(":") ? lower : lower + ":\(defaultPort)" }
            return lower.contains(":") ? lower : lower + ":\(defaultPort)"
        }
        let originPort = origin.hasPrefix("https") ? 443 : 80
        let page = authority(origin[scheme.upperBound...], defaultPort: originPort)
        return page == authority(Substring(host), defaultPort: port) && !page.contains("/")
    }

    public func opened(_ socket: WebSocket) {}

    public func closed(_ socket: WebSocket) {
        let place: (code: String, seat: Int?)? = state.withLock { s in
            Self.uncount(socket, in: &s)
            return s.places.removeValue(forKey: socket.id)
        }
        if let place, let table = state.withLock({ $0.tables[place.code] }) {
            lanes(table).submit(table.lane) { table.detach(socket) }
        }
    }

    public func received(_ text: String, from socket: WebSocket) {
        let now = SystemClock().now()
        guard socket.takeMessage(at: now, perSecond: limits.messagesPerSecond, burst: limits.messageBurst) else {
            refuse(socket, "too-fast", "more than \(Int(limits.messagesPerSecond)) messages a second: the connection is closed", closing: true)
            return
        }
        guard takeAddressMessage(socket.remoteAddress, at: now) else {
            refuse(socket, "too-fast", "more than \(Int(limits.addressMessagesPerSecond)) messages a second from your address: the connection is closed", closing: true)
            return
        }
        // What the parser refused is said (a string with a run of combining marks, say).
        var problem = ""
        let message: JSONValue?
        // A move line may hold a long run of combining marks: the table refuses it in a step,
        // as it does in `play` (`Table.take`), where every other string is refused here.
        do { message = try JSONValue(parsing: text, keepingMarkRunsIn: "line") } catch {
            message = nil
            problem = " (\(error))"
        }
        guard let message, case .object(let fields) = message, case .string(let type)? = fields["type"] else {
            refuse(socket, "bad-message", "a message is a JSON object with a \"type\"" + problem)
            return
        }
        switch type {
        case "games": sendGames(to: socket, language: fields["lang"]?.string)
        case "create": create(fields, from: socket)
        case "join": join(fields, from: socket)
        case "watch": watch(fields, from: socket)
        case "input": input(fields, from: socket)
        default: refuse(socket, "bad-message", "no message type '\(TerminalText.plain(String(type.prefix(40))))' (games, create, join, watch, input)")
        }
    }

    /// Takes one message from `address`'s allowance; false when it has none left.
    private func takeAddressMessage(_ address: String, at now: Double) -> Bool {
        let rate = limits.addressMessagesPerSecond, burst = limits.addressMessageBurst
        return state.withLock { s in
            // Allowances that would be full again say nothing: forgotten, so the map stays small.
            if s.allowances.count > s.allowancesPruneAt {
                s.allowances = s.allowances.filter { !$0.value.isFull(at: now) }
                // Pruned again only once it has doubled: many addresses cost no scan a message.
                s.allowancesPruneAt = max(4096, 2 * s.allowances.count)
            }
            var allowance = s.allowances[address] ?? Allowance(perSecond: rate, burst: burst)
            defer { s.allowances[address] = allowance }
            return allowance.take(1, at: now)
        }
    }

    /// An error object for bad input; `closing` also closes the connection (where going on
    /// would be less safe: a flood).
    private func refuse(_ socket: WebSocket, _ code: String, _ message: String, closing: Bool = false) {
        socket.send(JSONValue.object(["type": .string("error"), "code": .string(code), "message": .string(message)]).encoded)
        if closing { socket.close(code: 1008, reason: code) }
    }

    // MARK: Messages

    /// The installed games: built-in ones and the player's rules folder. Never a path: a
    /// table runs only installed rules, and no rule comes over the network.
    private func installedRule(_ name: String) -> String? {
        guard !name.isEmpty, name.utf8.count <= 64, name.utf8.allSatisfy({ ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 || $0 == 95 }) else { return nil }
        return catalog.files().first { $0.name == name }?.path
    }

    /// The folders whose names no one at a table is shown (`ServedTable.privateFolders`).
    private var privateFolders: [String] {
        catalog.directories + [catalog.builtIn, scoresDirectory, dataHome].compactMap { $0 }.flatMap { [$0, FileSystem.realPath($0) ?? $0] }
    }

    /// The lobby's lists of games, one a language the rules' translations have (and one with
    /// none), each made at its first request (each rule is loaded, read and closed in turn),
    /// then kept: a page is sent its own language's texts alone.
    private let gameLists = Locked<[String: String]>([:])

    private func sendGames(to socket: WebSocket, language asked: String?) {
        let languages = gameLanguages.withLock { languages in
            if let languages { return languages }
            languages = Set(catalog.files().flatMap { _, path -> [String] in
                guard let rule = try? LoadedRule(path: path, libraryDirectories: catalog.libraryDirectories) else { return [] }
                defer { rule.close() }
                rule.readTranslations()
                return Array(rule.info.texts.translations.keys)
            })
            return languages!
        }
        // The most specific of the page's codes the rules have (`de-at`, else `de`), else none:
        // the lists kept are bounded by the languages the installed rules speak.
        let code = asked.flatMap { RuleTexts.isLanguage($0.lowercased()) ? RuleTexts.fallbacks($0).first(where: languages.contains) : nil } ?? ""
        socket.send(gameLists.withLock { made in
            if let list = made[code] { return list }
            var games: [JSONValue] = []
            let lists = wordListNames
            for (_, path) in catalog.files() {
                guard let rule = try? LoadedRule(path: path, libraryDirectories: catalog.libraryDirectories) else { continue }
                if !code.isEmpty { rule.readTranslations([code]) }
                var listing = rule.info.listing(languages: [code])
                // A game that plays a word list offers the lists a table may choose.
                if rule.info.defaultWordList != nil, case .object(var fields) = listing {
                    fields["word_lists"] = .array(lists.map { .string($0) })
                    listing = .object(fields)
                }
                games.append(listing)
                rule.close()
            }
            let list = JSONValue.object(["type": .string("games"), "games": .array(games)]).encoded
            made[code] = list
            return list
        })
    }

    /// The languages the installed rules' translations have, read at the first request.
    private let gameLanguages = Locked<Set<String>?>(nil)

    /// The word lists a table may choose: those of the list folders by name (never a path, and
    /// not the machine's own dictionary, which the server's keeper did not choose).
    var wordListNames: [String] {
        WordListCatalog(beside: catalog, dataHome: dataHome).names.filter { $0 != "system" && WordListCatalog.isListName($0) }.sorted()
    }

    /// `attempt`: how many codes were drawn for this table already (another server's table had
    /// the code).
    private func create(_ fields: [String: JSONValue], from socket: WebSocket, attempt: Int = 1) {
        guard case .string(let game)? = fields["game"], let path = installedRule(game) else {
            return refuse(socket, "no-game", "create needs \"game\": the name of an installed game (send {\"type\":\"games\"} for the list)")
        }
        var chosenWords: String?
        switch fields["words"] {
        case nil, .null?: break
        case .string(let name)? where name.utf8.count <= 64 && wordListNames.contains(name): chosenWords = name
        default: return refuse(socket, "bad-words", "\"words\" names one of the word lists the games message offers")
        }
        guard let name = Self.playerName(fields["name"]) else { return refuse(socket, "bad-name", Self.nameIsText) }
        // The game of the day: the day's deal of the game's own options and seats, under a name.
        var daily: String?
        switch fields["daily"] {
        case nil, .null?, .bool(false)?: break
        case .bool(true)?:
            guard !name.isEmpty else { return refuse(socket, "bad-name", "the game of the day is played once a day by each name: give a name") }
            guard fields["options"] == nil && fields["seats"] == nil && fields["words"] == nil else {
                return refuse(socket, "bad-options", "the game of the day is played with the game's own options, seats and words")
            }
            daily = DailyGame.date(at: SystemClock().now())
        default: return refuse(socket, "bad-options", "\"daily\" is true or false")
        }
        // A practice table: moves may be taken back (`/undo`), scores are kept apart, never ranked.
        var practice = false
        switch fields["practice"] {
        case nil, .null?, .bool(false)?: break
        case .bool(true)?:
            guard daily == nil else { return refuse(socket, "bad-options", "the game of the day is ranked: it is not played for practice") }
            practice = true
        default: return refuse(socket, "bad-options", "\"practice\" is true or false")
        }
        // The language the game's texts are said in (the browser's), where the rule has them.
        var language: String?
        switch fields["lang"] {
        case nil, .null?: break
        case .string(let code)? where code.utf8.count <= 16:
            let code = code.lowercased()
            if RuleTexts.isLanguage(code) { language = code } else if let base = code.split(separator: "-").first, RuleTexts.isLanguage(String(base)) {
                language = String(base)
            }
        default: return refuse(socket, "bad-options", "\"lang\" is a language's code, such as de or ja")
        }
        var options: [String: String] = [:]
        switch fields["options"] {
        case nil, .null?: break
        case .object(let given)?:
            guard given.count <= 32 else { return refuse(socket, "bad-options", "at most 32 options") }
            for (key, value) in given {
                guard key.utf8.count <= 64 else { return refuse(socket, "bad-options", "an option's name has at most 64 bytes") }
                switch value {
                case .string(let s) where s.utf8.count <= 256: options[key] = s
                case .int(let i): options[key] = String(i)
                default: return refuse(socket, "bad-options", "option \(TerminalText.plain(key)) must be a string of at most 256 bytes or a whole number")
                }
            }
        default: return refuse(socket, "bad-options", "\"options\" is an object of option names and values, as {\"match\": \"best-of-5\"}")
        }
        // Seats: how many, and who fills each ("person", "bot", "random" or "search"); the creator
        // takes seat 1.
        var fillers: [String] = []
        switch fields["seats"] {
        case nil, .null?: break
        case .array(let list)?:
            guard (1...SeatRange.limit).contains(list.count) else { return refuse(socket, "bad-seats", "from 1 to \(SeatRange.limit) seats") }
            for item in list {
                guard case .string(let f) = item, ["person", "bot", "random", "search"].contains(f) else {
                    return refuse(socket, "bad-seats", "a seat is \"person\", \"bot\", \"random\" or \"search\"")
                }
                fillers.append(f)
            }
            guard fillers[0] == "person" else { return refuse(socket, "bad-seats", "seat 1 is the creator's: the list starts with \"person\"") }
        default: return refuse(socket, "bad-seats", "\"seats\" is a list of seats, as [\"person\", \"bot\"]")
        }
        // The table's place is taken at once, under the lock: creates at the same moment
        // cannot pass the limits between the count and the table's coming in.
        let most = limits.tables, mine = limits.tablesPerAddress, address = socket.remoteAddress
        let now = SystemClock().now(), abandonedAfter = limits.abandonedTableSeconds
        var madeRoom: ServedTable?
        let reservation: Result<String, RefusedCreate> = state.withLock { s in
            guard !s.stopping else { return .failure(.serverFull) }
            guard s.tablesByAddress[address, default: 0] < mine else { return .failure(.addressFull) }
            if s.tables.count + s.reserved.count + s.dormant.count >= most {
                // A full server makes room by closing the table longest without an input that
                // nobody is at (no seat's holder, no watcher) and that has had none for a while:
                // tables made and left cannot keep everyone else from playing.
                guard let abandoned = s.tables.values.filter({ $0.connected.withLock { $0 } == 0 && $0.lastActive.withLock { $0 } < now - abandonedAfter })
                        .min(by: { $0.lastActive.withLock { $0 } < $1.lastActive.withLock { $0 } })
                else { return .failure(.serverFull) }
                Self.forget(abandoned.code, in: &s)
                madeRoom = abandoned
            }
            var code = Secrets.tableCode()
            while s.tables[code] != nil || s.reserved.contains(code) || s.dormant.contains(code) || s.broken[code] != nil { code = Secrets.tableCode() }
            s.reserved.insert(code)
            s.madeBy[code] = address
            s.tablesByAddress[address, default: 0] += 1
            return .success(code)
        }
        if let madeRoom { lanes(madeRoom).submit(madeRoom.lane) { madeRoom.close(reason: .quit, says: "closed to make room: nobody was at it") } }
        let code: String
        switch reservation {
        case .success(let reserved): code = reserved
        case .failure(.serverFull): return refuse(socket, "server-full", "the server has its most tables (\(limits.tables)); try again later")
        case .failure(.addressFull): return refuse(socket, "too-many-tables", "your address has \(mine) tables open, the most it may: finish or leave one first")
        }
        let rule: LoadedRule
        do {
            rule = try catalog.load(game)
        } catch {
            forget(code)
            return refuse(socket, "no-game", "\(game) cannot be loaded")
        }
        _ = path
        let seats = rule.info.seats
        if fillers.isEmpty { fillers = (1...seats.min).map { $0 == 1 ? "person" : (rule.info.hasBot ? "bot" : "random") } }
        guard fillers.count >= seats.min, fillers.count <= seats.max else {
            rule.close()
            forget(code)
            return refuse(socket, "bad-seats", "\(game) takes \(seats.min == seats.max ? "\(seats.min)" : "\(seats.min) to \(seats.max)") seats")
        }
        if fillers.contains("bot") && !rule.info.hasBot {
            rule.close()
            forget(code)
            return refuse(socket, "bad-seats", "\(game) has no bot: fill the seat with a person or random")
        }
        let token = Secrets.seatToken()
        var records = fillers.map { TableStore.SeatRecord(filler: $0, name: $0 == "person" ? "" : $0, token: nil) }
        records[0] = TableStore.SeatRecord(filler: "person", name: name, token: token)
        let table = ServedTable(code: code, game: game, options: options, seats: records, store: store, hints: rule.info.search.allowsHints,
                                privateFolders: privateFolders, historyLimit: (limits.storedInputsPerTable, limits.storedBytesPerTable))
        // Nothing of the table runs (a seat's leaving, a refresh) before its making is done:
        // its lane is held from before anyone can reach it until the making ends, however it ends.
        lanes(table).hold(table.lane)
        var madeElsewhere = false
        defer { if !madeElsewhere { lanes(table).release(table.lane) } }
        table.settingAside = { [weak self, unowned table] in self?.listSetAside(table) }
        table.freshRule = freshRule(game, words: chosenWords == rule.info.defaultWordList ? nil : chosenWords)
        table.serverReplays = takeBackReplays
        state.withLock { $0.tables[code] = table; $0.reserved.remove(code) }
        move(socket, to: (code, 1))
        if chosenWords != nil && rule.info.defaultWordList == nil {
            forget(code)
            rule.close()
            return refuse(socket, "bad-words", "\(game) plays no word list")
        }
        if chosenWords == rule.info.defaultWordList { chosenWords = nil }
        let words: WordList?
        do {
            words = try loadWords(chosenWords, for: rule)
        } catch {
            forget(code)
            rule.close()
            return refuse(socket, "no-game", "\(game)'s word list cannot be read")
        }
        let scores = scoreDatabase()
        let store = self.store, timeLimit = limits.ruleTimeLimit, thinking = limits.thinking, memory = self.memory
        let make: TablePool.Job = { [weak self] in
            do {
                // In a store other servers share, the bounds of tables, and of tables an address
                // made, count every server's: checked as the table is stored.
                try store?.create(code: code, game: game, options: options, words: chosenWords, daily: daily, language: language, practice: practice,
                                  seats: records, at: SystemClock().now(), madeBy: address, room: (most, mine))
                try table.open(rule: rule, words: words, wordsName: chosenWords, daily: daily, language: language, practice: practice, scores: scores,
                               saved: nil, timeLimit: timeLimit, thinking: thinking, memory: memory)
            } catch let full as TableStore.Full {
                switch full {
                case .server: self?.refuse(socket, "server-full", "the server has its most tables (\(most)); try again later")
                case .address: self?.refuse(socket, "too-many-tables", "your address has \(mine) tables open, the most it may: finish or leave one first")
                case .code where attempt < 3:
                    // Made again with a code drawn afresh.
                    self?.forget(code)
                    table.close(reason: .error)
                    self?.create(fields, from: socket, attempt: attempt + 1)
                    return
                case .code: self?.refuse(socket, "cannot-start", "no free table code was found: try again")
                }
                self?.forget(code)
                table.close(reason: .error)
                return
            } catch let error as StoreError {
                self?.refuse(socket, "store-unavailable", "the server cannot reach its store now: try again in a moment")
                ServedTable.log("table \(code) could not be stored: \(error)")
                self?.forget(code)
                table.close(reason: .error)
                return
            } catch let error as UsageError {
                // An option the game does not take, or a value it refuses: the creator's to mend.
                self?.refuse(socket, "bad-options", "\(game): \(TerminalText.plain(error.message))")
                self?.forget(code)
                table.close(reason: .error)
                return
            } catch {
                self?.refuse(socket, "cannot-start", "\(game): \(TerminalText.plain(String(describing: error)))")
                self?.forget(code)
                table.close(reason: .error)
                return
            }
            table.attach(socket, seat: 1, joined: Self.joined(code: code, seat: 1, token: token))
        }
        if table.thinks {
            // A table with a search seat is made on the thinking threads, where it will think:
            // its first moves may be a search's, and a search holds no thread another table's
            // making needs. Its lane is held until this returns, behind the making.
            lanes(table).submit(table.lane, make)
        } else {
            madeElsewhere = true
            let tableLanes = lanes(table)
            makingPool.submit(table.lane) {
                make()
                tableLanes.release(table.lane)
            }
        }
    }

    private func join(_ fields: [String: JSONValue], from socket: WebSocket) {
        guard case .string(let code)? = fields["table"], code.utf8.count <= 64 else { return refuse(socket, "no-table", "no table with that code") }
        guard let table = table(code) else { return refuseMissingTable(code, socket) }
        // A token of the wrong kind is refused, never taken as none (that would take a new seat).
        switch fields["token"] {
        case nil, .null?, .string?: break
        default: return refuse(socket, "bad-token", "\"token\" is the text joined gave")
        }
        // In a store other servers share, the seats as they are taken there (the seat may have
        // been taken, or its holder named, on another server).
        if let store, store.shared {
            do {
                // Read and set under the roster's lock, as every change of a shared table's
                // seats is (`ServedTable.refresh`): seats read earlier never replace later ones.
                let stored = try table.roster.withLock { roster in
                    let stored = try store.seats(code: table.code)
                    if let stored, !stored.ended { roster = stored.seats }
                    return stored
                }
                guard let stored, !stored.ended else { return refuse(socket, "no-table", "no table with that code") }
                if case .string? = fields["token"] {} else {
                    guard let name = Self.playerName(fields["name"]) else { return refuse(socket, "bad-name", Self.nameIsText) }
                    return joinShared(table, stored: stored, name: name, socket)
                }
            } catch {
                return refuse(socket, "store-unavailable", "the server cannot reach the store that keeps that table now: it is kept, try again in a moment")
            }
        }
        // By token: the seat it holds, again (a reload, a dropped connection).
        if case .string(let token)? = fields["token"] {
            let seat = table.roster.withLock { seats in
                seats.firstIndex { $0.token.map { Secrets.sameToken($0, token) } ?? false }.map { $0 + 1 }
            }
            guard let seat else { return refuse(socket, "bad-token", "that token holds no seat at this table") }
            place(socket, at: table, seat: seat, token: token)
            return
        }
        // By code: the first free seat for a person.
        guard let name = Self.playerName(fields["name"]) else { return refuse(socket, "bad-name", Self.nameIsText) }
        let token = Secrets.seatToken()
        let seat: Int? = table.roster.withLock { seats in
            guard let k = seats.firstIndex(where: { $0.filler == "person" && $0.token == nil }) else { return nil }
            seats[k].token = token
            seats[k].name = name
            return k + 1
        }
        guard let seat else { return refuse(socket, "table-full", "every seat is taken: watch the table instead") }
        let seats = table.roster.withLock { $0.map { $0 } }  // a buffer of its own: none shared with a writer
        do {
            try store?.setSeats(code: table.code, seats)
        } catch {
            // Not stored, not taken: a restart would not know who holds the seat.
            table.roster.withLock { $0[seat - 1].token = nil; $0[seat - 1].name = "" }
            ServedTable.log("table \(table.code): a seat could not be stored: \(error)")
            return refuse(socket, "cannot-store", "the server could not store your seat: try again later")
        }
        place(socket, at: table, seat: seat, token: token)
    }

    /// Takes the first free seat for a person at a table of a store other servers share: the
    /// seat is taken in the store only if nobody took a seat there since it was read (another
    /// server may at the same moment), and read again if somebody did.
    private func joinShared(_ table: ServedTable, stored: (text: String, seats: [TableStore.SeatRecord], ended: Bool), name: String, _ socket: WebSocket) {
        guard let store else { return }
        var stored = stored
        for _ in 0..<8 {
            var seats = stored.seats
            guard let k = seats.firstIndex(where: { $0.filler == "person" && $0.token == nil }) else {
                return refuse(socket, "table-full", "every seat is taken: watch the table instead")
            }
            let token = Secrets.seatToken()
            seats[k].token = token
            seats[k].name = name
            do {
                let taken = try table.roster.withLock { roster in
                    guard try store.changeSeats(code: table.code, from: stored.text, to: seats) else { return false }
                    roster = seats
                    return true
                }
                if taken { return place(socket, at: table, seat: k + 1, token: token) }
                guard let again = try store.seats(code: table.code), !again.ended else { return refuse(socket, "no-table", "no table with that code") }
                stored = again
            } catch {
                ServedTable.log("table \(table.code): a seat could not be stored: \(error)")
                return refuse(socket, "cannot-store", "the server could not store your seat: try again later")
            }
        }
        refuse(socket, "cannot-store", "the seats of that table are changing too fast: try again")
    }

    private func place(_ socket: WebSocket, at table: ServedTable, seat: Int, token: String) {
        move(socket, to: (table.code, seat))
        lanes(table).submit(table.lane) { table.attach(socket, seat: seat, joined: Self.joined(code: table.code, seat: seat, token: token)) }
    }

    /// Notes where a connection is now, and takes it away from where it was: a connection is
    /// at one table at a time, so its old seat shows it gone and its old watcher place is free.
    private func move(_ socket: WebSocket, to place: (code: String, seat: Int?)) {
        let previous = state.withLock { s -> (code: String, seat: Int?)? in
            defer { s.places[socket.id] = place }
            return s.places[socket.id]
        }
        guard let previous, previous.code != place.code || previous.seat != place.seat,
              let old = state.withLock({ $0.tables[previous.code] }) else { return }
        lanes(old).submit(old.lane) { old.detach(socket) }
    }

    private func watch(_ fields: [String: JSONValue], from socket: WebSocket) {
        guard case .string(let code)? = fields["table"], code.utf8.count <= 64 else { return refuse(socket, "no-table", "no table with that code") }
        guard let table = table(code) else { return refuseMissingTable(code, socket) }
        move(socket, to: (table.code, nil))
        let limit = limits.watchersPerTable
        lanes(table).submit(table.lane) { [weak self] in
            guard table.watcherCount < limit else {
                self?.refuse(socket, "table-full", "the table has its most watchers (\(limit))")
                return
            }
            table.attach(socket, seat: nil, joined: .object(["type": .string("joined"), "table": .string(table.code), "seat": .null]))
        }
    }

    private func input(_ fields: [String: JSONValue], from socket: WebSocket) {
        guard case .string(var line)? = fields["line"] else { return refuse(socket, "bad-message", "input needs \"line\": a string") }
        // The line as `play` reads one: a newline would have ended it there, so none is in it
        // (nor counts towards its length); a NUL is a space, as in any line the table takes
        // (`InputLine.clean`), byte for byte, and the store could not keep one (TableStore.query).
        if line.utf8.contains(where: { $0 == 0 || $0 == 10 }) {
            line = String(decoding: line.utf8.compactMap { $0 == 10 ? nil : $0 == 0 ? 32 : $0 }, as: UTF8.self)
        }
        guard let place = state.withLock({ $0.places[socket.id] }), let seat = place.seat,
              let table = state.withLock({ $0.tables[place.code] }) else {
            return refuse(socket, "no-seat", "join a table's seat first: only a seat's holder moves for it")
        }
        // The step the input answers, when the client says (`game` and `step`): a tap on a
        // screen that had not yet shown the seat's last move (a second device) is not a move.
        var seen: (game: Int, step: Int)?
        if case .int(let game)? = fields["game"], case .int(let step)? = fields["step"] { seen = (Int(game), Int(step)) }
        let job = { [weak self] in
            if let seen, table.isStale(seat: seat, seen: seen) {
                self?.refuse(socket, "stale", "the seat has moved since game \(seen.game) step \(seen.step) (from another device?): look again")
                return
            }
            table.handle(line, seat: seat)
            if let refusal = table.refusal { self?.refuse(socket, "busy", refusal) }
            if table.finished { self?.forget(table, setAside: table.setAside) }
        }
        // A move runs on the connection's own thread when its table is idle (its answer goes
        // out sooner); a table that thinks runs on the thinking threads, at their priority.
        if table.thinks { thinkingPool.submit(table.lane, job) } else { pool.run(table.lane, job) }
    }

    /// The pool a table's jobs run on: the thinking threads for a table with a search seat.
    private func lanes(_ table: ServedTable) -> TablePool { table.thinks ? thinkingPool : pool }

    /// Forgets a table (or the reservation of one being made): its place, its maker's count
    /// and the connections at it.
    private func forget(_ code: String, setAside: Bool = false) {
        state.withLock { s in
            Self.forget(code, in: &s)
            if setAside { s.setAside.insert(code) }
        }
    }

    /// Forgets `table` when it is still the one listed under its code (a table set aside is
    /// forgotten as its store fails, and its code may list a rebuilt one since).
    private func forget(_ table: ServedTable, setAside: Bool) {
        state.withLock { s in
            if s.tables[table.code] === table { Self.forget(table.code, in: &s) }
            if setAside && s.tables[table.code] == nil { s.setAside.insert(table.code) }
        }
    }

    /// Lists `table` as set aside before it tells its connections so: whoever asks for it
    /// next is told the store is away (or has it rebuilt), never shown the table it closed.
    private func listSetAside(_ table: ServedTable) {
        state.withLock { s in
            guard s.tables[table.code] === table else { return }
            Self.forget(table.code, in: &s)
            s.setAside.insert(table.code)
        }
    }

    private static func forget(_ code: String, in s: inout State) {
        s.tables[code] = nil
        s.reserved.remove(code)
        if let address = s.madeBy.removeValue(forKey: code) {
            s.tablesByAddress[address, default: 1] -= 1
            if s.tablesByAddress[address] == 0 { s.tablesByAddress[address] = nil }
        }
        for (id, place) in s.places where place.code == code { s.places[id] = nil }
    }

    private enum RefusedCreate: Error { case serverFull, addressFull }

    static func joined(code: String, seat: Int, token: String) -> JSONValue {
        .object(["type": .string("joined"), "table": .string(code), "seat": .int(Int64(seat)), "token": .string(token),
                 "link": .string("/#" + code)])
    }

    /// A player's name from a message: printable text, at most 32 characters.
    /// The name a message gives, cleaned ("" for none); nil when "name" is there but not a text.
    static func playerName(_ value: JSONValue?) -> String? {
        switch value {
        case nil, .null?: return ""
        case .string(let raw)?: return PlayerName.clean(raw)
        default: return nil
        }
    }

    static let nameIsText = "\"name\" is a text: the name others see (a longer one is cut to \(PlayerName.limit) bytes)"

    // MARK: Restarts and expiry

    /// Plays every stored table again to where it was (no one hears these steps again).
    /// Reads which tables the store holds, for the restorer. A table whose rebuild ended the
    /// last start (a step stuck in Lua's own C code ends the process: Watchdog) is named in
    /// `serve.db.restoring` while it is rebuilt; the next start marks it broken rather than
    /// rebuild it again, so that one such table cannot keep the server from starting.
    private func prepareRestore() throws -> TableRestorer? {
        guard let store else { return nil }
        let marker = store.restoringMarker
        if let stuck = marker.flatMap(Self.readMarker) {
            ServedTable.log("table \(stuck) ended the last start while it was rebuilt; it is kept, and not played again")
            try store.markBroken(code: stuck, reason: "its rebuild ended the server", at: SystemClock().now())
        }
        if let marker { unlink(marker) }
        let broken = try store.brokenTables()
        let codes = try store.openTableCodes(limit: limits.tables)
        if codes.count >= limits.tables {
            ServedTable.log("the store holds \(limits.tables) open tables or more, the server's bound: the oldest \(limits.tables) are rebuilt, any others are kept in the store and not played")
        }
        let restorer = TableRestorer(codes: codes) { [weak self] code in self?.rebuild(code) }
        state.withLock { s in
            s.dormant = Set(codes)
            for (code, reason) in broken { s.broken[code] = reason }
            s.restorer = restorer
        }
        return restorer
    }

    /// Rebuilds one stored table by replaying its inputs (on the restorer's thread). A table
    /// that cannot be rebuilt is marked broken and kept in the store, never deleted.
    private func rebuild(_ code: String) {
        guard let store else { return }
        let marker = store.restoringMarker
        if let marker { Self.writeMarker(marker, code) }
        defer {
            if let marker { unlink(marker) }
            state.withLock { _ = $0.dormant.remove(code) }
        }
        do {
            // (Twice the bytes a table may store: tables stored before clock readings counted.)
            guard let saved = try store.openTable(code: code, inputs: limits.storedInputsPerTable, bytes: 2 * limits.storedBytesPerTable) else { return }
            // Only a game installed now: a stored name is not a path to run.
            guard installedRule(saved.game) != nil else { throw ServeError("its game '\(TerminalText.plain(String(saved.game.prefix(64))))' is not installed") }
            let rule = try catalog.load(saved.game)
            let table = ServedTable(code: saved.code, game: saved.game, options: saved.options, seats: saved.seats, store: store,
                                    hints: rule.info.search.allowsHints,
                                    privateFolders: privateFolders, historyLimit: (limits.storedInputsPerTable, limits.storedBytesPerTable))
            table.settingAside = { [weak self, unowned table] in self?.listSetAside(table) }
            table.freshRule = freshRule(saved.game, words: saved.words)
            table.serverReplays = takeBackReplays
            let words = try loadWords(saved.words, for: rule)
            try table.open(rule: rule, words: words, wordsName: saved.words, scores: scoreDatabase(), saved: saved, timeLimit: limits.ruleTimeLimit,
                           thinking: limits.thinking, memory: memory)
            if table.finished { return }
            state.withLock { $0.tables[saved.code] = table }
            // What other servers stored since it was read, which no notification will say again.
            if store.shared { lanes(table).submit(table.lane) { table.refresh() } }
        } catch let error as StoreError {
            // The store itself failed (not the table): the table waits, as stored, for the
            // next one who asks for it.
            ServedTable.log("table \(code) could not be read from the store (\(error)); it is kept, and rebuilt when next asked for")
            state.withLock { _ = $0.setAside.insert(code) }
        } catch {
            let reason = String(describing: error)
            ServedTable.log("table \(code) could not be rebuilt (\(reason)); it is kept, and not played")
            do {
                try store.markBroken(code: code, reason: reason, at: SystemClock().now())
            } catch {
                ServedTable.log("table \(code): its failed rebuild could not be noted: \(error)")
            }
            state.withLock { $0.broken[code] = reason }
        }
    }

    /// The table with `code` (any case), rebuilt first when it is still waiting to be.
    private func table(_ code: String) -> ServedTable? {
        let code = code.uppercased()
        if let table = state.withLock({ $0.tables[code] }) { return table }
        // Set aside by a store that failed: rebuilt from the store now (by one asker; another
        // who asks meanwhile is told to try again).
        if state.withLock({ s in s.setAside.contains(code) && s.rebuilding.insert(code).inserted }) {
            rebuild(code)
            return state.withLock { s in
                s.rebuilding.remove(code)
                if s.tables[code] != nil { s.setAside.remove(code) }
                return s.tables[code]
            }
        }
        if let restorer = state.withLock({ $0.restorer }), restorer.wait(for: code) {
            return state.withLock { $0.tables[code] }
        }
        // Made by another server of a shared store: rebuilt here from the store (by one
        // asker; another who asks meanwhile waits for it).
        guard let store, store.shared, state.withLock({ $0.broken[code] == nil }), code.utf8.count <= 16, code.utf8.allSatisfy({ ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) }) else { return nil }
        while !state.withLock({ $0.rebuilding.insert(code).inserted }) { usleep(10_000) }
        defer { state.withLock { _ = $0.rebuilding.remove(code) } }
        if let table = state.withLock({ $0.tables[code] }) { return table }
        rebuild(code)
        return state.withLock { $0.tables[code] }
    }

    /// Refuses a message for a table that is not open: broken (kept for the server's keeper)
    /// or unknown.
    private func refuseMissingTable(_ code: String, _ socket: WebSocket) {
        if state.withLock({ $0.setAside.contains(code.uppercased()) }) {
            return refuse(socket, "store-unavailable", "the server cannot reach the store that keeps that table now: it is kept, try again in a moment")
        }
        // (In a store other servers share, another server may have found it so.)
        if state.withLock({ $0.broken[code.uppercased()] }) != nil || (store?.shared == true && (try? store?.isBroken(code: code.uppercased())) == true) {
            return refuse(socket, "table-broken", "that table could not be rebuilt after the server restarted; it is kept for the server's keeper to look at: start a new one")
        }
        refuse(socket, "no-table", "no table with that code")
    }

    /// The stored inputs all tables together may play again to take moves back: one table's
    /// bound of inputs every 30 seconds (in bursts of two tables' bounds), a small part of a core.
    private let takeBackReplays: Locked<Allowance>

    /// How a table of `game` gets a fresh copy of its rule and word list, to be played again
    /// without a move taken back (an engine's rule is its own).
    private func freshRule(_ game: String, words: String?) -> () throws -> (rule: LoadedRule, words: WordList?) {
        { [weak self] in
            guard let self else { throw ServeError("the server has stopped") }
            let rule = try self.catalog.load(game)
            do {
                return (rule, try self.loadWords(words, for: rule))
            } catch {
                rule.close()
                throw error
            }
        }
    }

    /// The table's word list: `chosen` (a list's name), or the game's own; nil for a game of none.
    private func loadWords(_ chosen: String?, for rule: LoadedRule) throws -> WordList? {
        try (chosen ?? rule.info.defaultWordList).map {
            try WordListCatalog(beside: catalog, dataHome: dataHome).load($0, filter: rule.info.wordFilter, allowsPaths: false, besideRule: rule.path)
        }
    }

    /// Table codes are short letters and digits: the marker holds one, or is ignored.
    private static func readMarker(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 64)
        let n = read(fd, &bytes, bytes.count)
        guard n > 0 else { return nil }
        let code = String(decoding: bytes[0..<n], as: UTF8.self)
        return code.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) ? code : nil
    }

    private static func writeMarker(_ path: String, _ code: String) {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW, 0o600)
        guard fd >= 0 else { return }
        _ = code.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
        close(fd)
    }

    private func startExpiry() {
        let idle = Double(limits.idleTableSeconds)
        Repeating.every(seconds: min(60, idle / 2)) { [weak self] in
            guard let self, !self.state.withLock({ $0.stopping }) else { return false }
            self.expire(olderThan: SystemClock().now() - idle)
            return true
        }
    }

    /// Closes the tables nobody has played at since `time`, telling their connections why. In a
    /// shared store each table is ended there once (by the first server to find it idle; the
    /// others hear of it), and the tables ended a while ago are forgotten.
    func expire(olderThan time: Double) {
        purgeEnded(before: SystemClock().now() - Self.endedKept)
        let idle = state.withLock { s in s.tables.values.filter { $0.lastActive.withLock { $0 } < time } }
        for table in idle {
            if let store, store.shared {
                // Idle in the store, not only here (it may be played on another server whose
                // news this one missed): ended there once, by the first server to find it so.
                lanes(table).submit(table.lane) { [weak self] in
                    do {
                        if try store.endIfIdle(code: table.code, since: time) {
                            table.close(reason: .quit, says: "idle")
                        } else {
                            table.refresh()
                        }
                    } catch {
                        ServedTable.log("table \(table.code): its idleness could not be checked in the store: \(error)")
                    }
                    if table.finished { self?.forget(table.code, setAside: table.setAside) }
                }
                continue
            }
            forget(table.code)
            lanes(table).submit(table.lane) { table.close(reason: .quit, says: "idle") }
        }
    }

    /// Forgets the tables of a shared store that ended before `time`.
    func purgeEnded(before time: Double) {
        guard let store, store.shared else { return }
        do { try store.purgeEnded(before: time) } catch {
            ServedTable.log("the ended tables could not be forgotten: \(error)")
        }
    }

    /// How long a shared store keeps an ended table (its last input, for the servers that show
    /// it to play): seconds.
    static let endedKept = 600.0

    /// Tables open and rebuilt.
    public var tableCount: Int { state.withLock { $0.tables.count } }
}
