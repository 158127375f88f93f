#if canImport(Glibc)
import Glibc
#endif

/// The server's random names: table codes people type, and seat tokens nobody can guess.
enum Secrets {
    /// Letters and digits no one confuses (no 0/O, 1/I/L).
    static let codeAlphabet = Array("ABCDEFGHJKMNPQRSTUVWXYZ23456789")

    /// A table's code: six characters, about a billion possibilities. Not a secret (people
    /// share it to join); a seat is held by its token.
    static func tableCode() -> String {
        String(randomBytes(6).map { codeAlphabet[Int($0) % codeAlphabet.count] })
    }

    /// A seat's token: 128 bits from the kernel's random source, in hex.
    static func seatToken() -> String {
        randomBytes(16).map { byte in
            let hex = Array("0123456789abcdef")
            return String([hex[Int(byte >> 4)], hex[Int(byte & 15)]])
        }.joined()
    }

    static func randomBytes(_ n: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: n)
        var generator = SystemRandomNumberGenerator()  // getrandom(2)
        for i in 0..<n { bytes[i] = UInt8.random(in: 0...255, using: &generator) }
        return bytes
    }

    /// A fresh seed for a game, from the kernel's random source.
    static func seed() -> UInt64 {
        var generator = SystemRandomNumberGenerator()
        return UInt64.random(in: 1...UInt64(Int64.max), using: &generator)
    }

    /// Whether two tokens are equal, in time that does not depend on where they differ.
    static func sameToken(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8), y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for i in 0..<x.count { difference |= x[i] ^ y[i] }
        return difference == 0
    }
}
