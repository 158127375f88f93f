/// FNV-1a, 64 bits: a stable, fast hash of bytes, fed a piece at a time, written as 16 hex
/// digits. The fingerprint of a file's content, and of the words a list plays.
public struct FNV1a {
    public private(set) var hash: UInt64 = 0xCBF2_9CE4_8422_2325

    public init() {}

    public mutating func add(_ bytes: some Sequence<UInt8>) {
        for b in bytes { add(b) }
    }

    /// The same, a load, an XOR and a multiply a byte (a million-word list is 11 MB of them).
    public mutating func add(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard var p = bytes.baseAddress else { return }
        let end = p + bytes.count
        var h = hash
        // Four bytes a round, written out: left to the compiler, a long stretch went a byte a
        // round (seven instructions a byte, not four).
        while end - p >= 4 {
            h = (h ^ UInt64(p[0])) &* Self.prime
            h = (h ^ UInt64(p[1])) &* Self.prime
            h = (h ^ UInt64(p[2])) &* Self.prime
            h = (h ^ UInt64(p[3])) &* Self.prime
            p += 4
        }
        while p < end {
            h = (h ^ UInt64(p.pointee)) &* Self.prime
            p += 1
        }
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
