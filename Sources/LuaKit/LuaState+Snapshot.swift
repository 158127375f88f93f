import CLua

/// Snapshots for all-or-nothing moves (see snapshot.h): the state is saved as bytes before a
/// move; after a refused or failed move it is kept when it is exactly as saved, else rebuilt.
extension LuaState {
    /// The most bytes a saved state may take.
    static let snapshotLimit = 256 << 20

    /// The snapshot's C functions: save (with the host's copier of userdata objects),
    /// unchanged and restore.
    func makeSnapshotFunctions() -> (save: LuaRef, unchanged: LuaRef, restore: LuaRef) {
        let copyObject = function { call in
            guard let object = call.state.hostObject(at: 1, on: call.L) else { call.pushArgument(1); return 1 }
            call.state.pushCopy(of: object, on: call.L)
            return 1
        }
        push(.ref(copyObject))
        gh_push_snapshot_functions(L, snapshot)
        defer { gh_pop(L, 3) }
        return (ref(at: -3), ref(at: -2), ref(at: -1))
    }

    /// Saves `value` (a state table) before a move. Runs as rule work, under the budget: a
    /// huge state fails cleanly. Host objects in it are copied.
    public func saveSnapshot(of value: LuaRef) throws {
        let anchors = try call(snapshotFunctions!.save, [.ref(value)], results: 1, tablesByReference: true)
        guard case .ref(let kept)? = anchors.first else { throw LuaError(.runtime, "the state could not be saved") }
        snapshotAnchors = kept
    }

    /// The state as it was saved: `value` itself when it is exactly as saved (the same tables
    /// with the same contents), else a rebuilt copy. Host work, outside the rule's budget: it
    /// runs after the rule has spent it.
    public func restoreSnapshot(into value: LuaRef) throws -> LuaRef {
        guard let functions = snapshotFunctions, let anchors = snapshotAnchors else { return value }
        if try hostCall(functions.unchanged, [.ref(value), .ref(anchors)]).first == .boolean(true) { return value }
        guard case .ref(let rebuilt)? = try hostCall(functions.restore, [.ref(anchors)], tablesByReference: true).first else {
            throw LuaError(.runtime, "the saved state could not be rebuilt")
        }
        return rebuilt
    }
}

extension LuaState {
    /// The bytes a snapshot of `value` takes: equal for states with the same tables and the
    /// same contents (check compares them around calls that must only look).
    public func snapshotBytes(of value: LuaRef) throws -> [UInt8] {
        // TEMPORARY until the snapshot exposes its bytes: a canonical dump of the value.
        var out: [UInt8] = []
        func dump(_ v: LuaValue) {
            switch v {
            case .nil: out.append(0)
            case .boolean(let b): out.append(b ? 1 : 2)
            case .integer(let i): out.append(3); out += Array(String(i).utf8)
            case .number(let d): out.append(4); out += Array(String(d).utf8)
            case .string(let t): out.append(5); out += Array(String(t.utf8.count).utf8); out.append(0); out += Array(t.utf8)
            case .array(let items): out.append(6); items.forEach(dump); out.append(7)
            case .map(let fields):
                out.append(8)
                for key in fields.keys.sorted(by: { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }) {
                    dump(.string(key)); dump(fields[key]!)
                }
                out.append(9)
            case .ref(let r): out.append(10); out += Array(r.typeName.utf8)
            }
        }
        dump(try read(value, as: "state"))
        return out
    }

    /// Problems with Lua source text before the parser sees it: its size, and the constructs
    /// the parser handles in quadratic time.
    public func sourceProblem(_ source: [UInt8]) -> String? {
        source.count > Self.sourceLimit ? "the file is \(source.count) bytes; a rule file may have \(Self.sourceLimit >> 20) MB" : nil
    }

    /// The largest Lua source a rule may load.
    public static let sourceLimit = 1 << 20
}
