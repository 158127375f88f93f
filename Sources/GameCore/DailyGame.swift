#if canImport(Glibc)
import Glibc
#endif

/// The game of the day (`play GAME --daily`): one deal of each game a day, the same for everyone
/// who plays it that day, on any machine, so friends can compare how they did. Played once a
/// day by each name and ranked on a board of that day. Its deal can be worked out by anyone
/// who reads this file (as the five-letter games' word can be): it is a game among friends.
public enum DailyGame {
    /// A date as `YYYY-MM-DD`: the player's own date at `time` (seconds since the epoch).
    public static func date(at time: Double) -> String {
        var seconds = time_t(time.rounded(.down))
        var parts = tm()
        localtime_r(&seconds, &parts)
        return text(year: Int(parts.tm_year) + 1900, month: Int(parts.tm_mon) + 1, day: Int(parts.tm_mday))
    }

    static func text(year: Int, month: Int, day: Int) -> String {
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))"
    }

    /// Whether `text` is a date of the calendar, written `YYYY-MM-DD` (from 2000 to 9999).
    public static func isDate(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard text.utf8.count == 10, parts.count == 3, parts.allSatisfy({ $0.allSatisfy { ("0"..."9").contains($0) } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
              parts[0].count == 4, (2000...9999).contains(year), (1...12).contains(month) else { return false }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    /// The seed of `game`'s deal on `date`: the same on every machine and in every version.
    public static func seed(game: String, date: String) -> UInt64 {
        SipHash.hash(Array("gamehost daily \(game) \(date)".utf8), k0: 0x6761_6d65_686f_7374, k1: 0x6461_696c_7920_6465)
    }

    /// A score as the line to share writes it: a whole number without its ".0".
    public static func number(_ x: Double) -> String {
        x == x.rounded() && abs(x) < 1e15 ? String(Int64(x)) : String((x * 100).rounded() / 100)
    }

    /// The board a day's games are ranked on.
    public static func board(_ date: String) -> String { "daily " + date }

    /// The record that says `player` played `date`'s game (it holds the line they were given to
    /// share).
    public static func record(_ date: String, player: String) -> String { "daily \(date) · \(player)" }
}
