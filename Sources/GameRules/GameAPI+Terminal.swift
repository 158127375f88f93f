import GameCore
import LuaKit

/// Text layout for views: terminal column widths (East Asian Width, emoji, ZWJ sequences), so
/// grids line up, and colour that appears only where the player's terminal shows it.
extension GameAPI {
    /// The widest text `game.pad` makes.
    static let padLimit: Int64 = 1000

    func installTerminal() {
        set("width", [.string("text")]) { call in
            call.push(Int64(TerminalWidth.columns(call.text(1))))
            return 1
        }
        set("pad", [.string("text"), .integer("width", 0...Self.padLimit), .choice("align", ["left", "right"], optional: true)]) { call in
            call.push(TerminalWidth.pad(call.text(1), to: call.int(2), alignRight: call.text(3) == "right"))
            return 1
        }
        // The colour is a marker the terminal output turns into an escape (see TerminalText):
        // a rule never writes escapes itself.
        set("colour", [.string("text"), .choice("colour", TerminalText.colours.map(\.name))]) { [unowned self] call in
            let text = call.text(1)
            call.push(usesColour ? TerminalText.coloured(text, call.text(2)) ?? text : text)
            return 1
        }
    }
}
