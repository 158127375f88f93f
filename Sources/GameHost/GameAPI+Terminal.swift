import GameCore
import LuaKit

/// Text layout for views: terminal column widths (East Asian Width, emoji, ZWJ sequences), so
/// grids line up, and colour that appears only where the player's terminal shows it.
extension GameAPI {
    /// ANSI colours by name; 256-colour codes where the 8 basic colours have no match.
    static let colours: [String: String] = [
        "red": "31", "green": "32", "yellow": "33", "blue": "34", "magenta": "35", "cyan": "36",
        "white": "37", "gray": "90", "orange": "38;5;208", "purple": "38;5;129", "pink": "38;5;205",
        "brown": "38;5;130",
    ]

    func installTerminal() {
        lua.setField(table, "width", .ref(lua.function { call in
            call.push(Int64(TerminalWidth.columns(try call.string(1, "text"))))
            return 1
        }))
        lua.setField(table, "pad", .ref(lua.function { call in
            let text = try call.string(1, "text")
            let width = Int(try call.integer(2, "width"))
            let right = try call.count >= 3 && call.string(3, "align") == "right"
            call.push(TerminalWidth.pad(text, to: width, alignRight: right))
            return 1
        }))
        lua.setField(table, "colour", .ref(lua.function { [unowned self] call in
            let text = try call.string(1, "text")
            let name = try call.string(2, "colour")
            guard let code = Self.colours[name] else {
                throw GameAPIError("colour: unknown colour '\(name)' (colours: \(Self.colours.keys.sorted().joined(separator: ", ")))")
            }
            call.push(usesColour ? "\u{1B}[\(code)m" + text + "\u{1B}[0m" : text)
            return 1
        }))
    }
}
