import CLua

/// Memory that several Lua states share (a server's tables): what they hold together, and the
/// most their rule code may make it. A rule's allocation that would pass it fails as one past
/// the rule's own cap does (a memory error for that step), so no number of tables, each within
/// its own cap, can take the machine's memory. The host's own allocations are counted, never
/// refused.
public final class MemoryAccount: @unchecked Sendable {
    // Sound as Sendable: the pointer never changes; its `used` is atomic, its `cap` set once.
    let account: UnsafeMutablePointer<gh_account>

    public init(cap: Int) {
        account = .allocate(capacity: 1)
        account.initialize(to: gh_account())
        account.pointee.cap = cap
    }

    deinit {
        account.deinitialize(count: 1)
        account.deallocate()
    }

    /// What the states that share the account hold now, in bytes.
    public var used: Int { Int(gh_account_used(account)) }
    public var cap: Int { account.pointee.cap }
}
