/// FNV-1a, 64 bits: a stable, fast hash of bytes, fed a piece at a time, written as 16 hex
/// digits. The fingerprint of a file's content, and of the words a list plays.
public struct FNV1a {
    public private(set) var hash: UInt64 = 0xCBF2_9CE4_8422_2325

    public init() {}

    public mutating func add(_ bytes: some Sequence<UInt8>) {
        for b in bytes { add(b) }
    }

    public mutating func add(_ byte: UInt8) {
        hash ^= UInt64(byte)
        hash = hash &* 0x0000_0100_0000_01B3
    }

    /// The hash as 16 hex digits.
    public var hex: String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
