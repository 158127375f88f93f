/// SipHash-2-4 (Aumasson and Bernstein): a keyed hash whose outputs tell nothing of the key or
/// of other outputs to someone without the key. The arena derives each game's seed from the
/// run's seed with it, so a program that sees a finished game's seed (its replay line) cannot
/// work out the run's seed, nor any other game's deal.
public enum SipHash {
    /// The hash of `message` under the 128-bit key (`k0`, `k1`), as the reference code gives it
    /// (the key's bytes little-endian).
    public static func hash(_ message: [UInt8], k0: UInt64, k1: UInt64) -> UInt64 {
        var v0: UInt64 = 0x736f_6d65_7073_6575 ^ k0
        var v1: UInt64 = 0x646f_7261_6e64_6f6d ^ k1
        var v2: UInt64 = 0x6c79_6765_6e65_7261 ^ k0
        var v3: UInt64 = 0x7465_6462_7974_6573 ^ k1
        func round() {
            v0 = v0 &+ v1; v1 = rotate(v1, 13); v1 ^= v0; v0 = rotate(v0, 32)
            v2 = v2 &+ v3; v3 = rotate(v3, 16); v3 ^= v2
            v0 = v0 &+ v3; v3 = rotate(v3, 21); v3 ^= v0
            v2 = v2 &+ v1; v1 = rotate(v1, 17); v1 ^= v2; v2 = rotate(v2, 32)
        }
        func word(_ bytes: ArraySlice<UInt8>) -> UInt64 {
            bytes.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
        }
        let whole = message.count / 8 * 8
        for start in stride(from: 0, to: whole, by: 8) {
            let m = word(message[start..<(start + 8)])
            v3 ^= m
            round(); round()
            v0 ^= m
        }
        let last = word(message[whole...]) | UInt64(message.count & 0xff) << 56
        v3 ^= last
        round(); round()
        v0 ^= last
        v2 ^= 0xff
        round(); round(); round(); round()
        return v0 ^ v1 ^ v2 ^ v3
    }

    /// The hash of the whole number `n` (its eight bytes, little-endian).
    public static func hash(_ n: UInt64, k0: UInt64, k1: UInt64) -> UInt64 {
        hash((0..<8).map { UInt8(truncatingIfNeeded: n >> (8 * $0)) }, k0: k0, k1: k1)
    }

    private static func rotate(_ x: UInt64, _ b: UInt64) -> UInt64 { x << b | x >> (64 - b) }
}
