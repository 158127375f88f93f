import CLua

/// Snapshots for all-or-nothing moves (see snapshot.h): the state is saved as bytes before a
/// move; after a refused or failed move it is kept when it is exactly as saved, else rebuilt.
extension LuaState {
    /// The most bytes a saved state may take.
    static let snapshotLimit = 256 << 20

    /// The snapshot's C functions: save (with the host's copier of userdata objects),
    /// unchanged and restore.
    func makeSnapshotFunctions() -> (save: LuaRef, unchanged: LuaRef, restore: LuaRef) {
        // No host object lives in a rule's state: userdata is kept as it is, by identity.
        let copyObject = function { call in
            call.pushArgument(1)
            return 1
        }
        push(.ref(copyObject))
        gh_push_snapshot_functions(L, snapshot)
        defer { gh_pop(L, 3) }
        return (ref(at: -3), ref(at: -2), ref(at: -1))
    }

    /// Saves `value` (a state table) before a move. Runs as rule work, under the budget: a
    /// huge state fails cleanly. Host objects in it are copied. `canonical`: each table's
    /// fields in a fixed order, so equal states save as equal bytes (`snapshotBytes`); without
    /// it, in the order each table holds them (cheaper, and all a move's rollback needs).
    public func saveSnapshot(of value: LuaRef, canonical: Bool = false) throws {
        let anchors = try call(snapshotFunctions!.save, [.ref(value), .boolean(canonical)], results: 1, tablesByReference: true)
        guard case .ref(let kept)? = anchors.first else { throw LuaError(.runtime, "the state could not be saved") }
        snapshotAnchors = kept
    }

    /// Lets go of the saved state (when a new game starts): what it alone still references
    /// is then free to collect, and counts no more against the memory limit.
    public func forgetSnapshot() {
        snapshotAnchors = nil
        gh_tc_forget(L, snapshot)  // the table copies' anchors (allocates nothing, cannot raise)
    }

    /// The state as it was saved: `value` itself when it is exactly as saved (the same tables
    /// with the same contents), else a rebuilt copy. Host work, outside the rule's budget: it
    /// runs after the rule has spent it.
    public func restoreSnapshot(into value: LuaRef) throws -> LuaRef {
        guard let functions = snapshotFunctions, let anchors = snapshotAnchors else { return value }
        if try hostCall(functions.unchanged, [.ref(value), .ref(anchors)]).first == .boolean(true) { return value }
        guard case .ref(let restored)? = try hostCall(functions.restore, [.ref(value), .ref(anchors)], tablesByReference: true).first else {
            throw LuaError(.runtime, "the saved state could not be restored")
        }
        return restored
    }
}

extension LuaState {
    /// The bytes a snapshot of `value` takes: equal for states with the same tables and the
    /// same contents (check compares them around calls that must only look).
    public func snapshotBytes(of value: LuaRef) throws -> [UInt8] {
        try saveSnapshot(of: value, canonical: true)
        var length = 0
        guard let bytes = gh_snapshot_bytes(snapshot, &length) else { return [] }
        return Array(UnsafeBufferPointer(start: bytes, count: length))
    }

    /// Problems with Lua source text before the parser sees it (see `gh_source_problem`):
    /// its size, and the constructs the parser handles in quadratic time. `chunkName` names
    /// the text in the message, with the line where Lua would.
    public func sourceProblem(_ source: [UInt8], chunkName: String) -> String? {
        source.withUnsafeBufferPointer { buffer -> String? in
            var message = [CChar](repeating: 0, count: 256)
            let line = buffer.withMemoryRebound(to: CChar.self) {
                gh_source_problem($0.baseAddress, $0.count, Self.sourceLimit, &message, message.count)
            }
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            switch line {
            case 0: return nil
            case -1: return "\(chunkName): the file is \(source.count) bytes; a rule file may have \(Self.sourceLimit >> 20) MB"
            default: return "\(chunkName):\(line): \(text)"
            }
        }
    }

    /// The largest Lua source a rule may load.
    public static let sourceLimit = 1 << 20
}
