/// FNV-1a, 64 bits: a stable, fast hash of bytes, fed a piece at a time, written as 16 hex
/// digits. The fingerprint of a file's content, and of the words a list plays.
public struct FNV1a {
    public private(set) var hash: UInt64 = 0xCBF2_9CE4_8422_2325

    public init() {}

    public mutating func add(_ bytes: some Sequence<UInt8>) {
        for b in bytes { add(b) }
    }

    /// The same, in a loop the compiler unrolls: a load, an XOR and a multiply a byte (a
    /// million-word list is 11 MB of them).
    public mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        var h = hash
        for b in bytes { h = (h ^ UInt64(b)) &* Self.prime }
        hash = h
    }

    static let prime: UInt64 = 0x0000_0100_0000_01B3

    public mutating func add(_ byte: UInt8) {
        hash ^= UInt64(byte)
        hash = hash &* Self.prime
    }

    /// The hash as 16 hex digits.
    public var hex: String {
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
