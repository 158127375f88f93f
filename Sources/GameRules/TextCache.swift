import LuaKit

/// `game.t`'s texts in the player's language, each made ready the first time it is asked for:
/// a text that names no value as the Lua string it always is, any other as its templates.
/// A rule asks for texts at every move, so a key is looked up in a Lua table by the string Lua
/// already holds (no Swift String, no hashing of its bytes in Swift), and a fixed text costs
/// no filling at all. `GameAPI` makes a new one when the texts or the language change.
final class TextCache {
    /// By key: the fixed text (a string), or the index of its templates in `entries` (an
    /// integer). Held in the registry, out of the rule's reach.
    let table: LuaRef
    var entries: [Entry] = []

    /// A text that names values: its one form, or its plural forms.
    enum Entry {
        case plain(RuleTexts.Template)
        case plural(one: RuleTexts.Template?, other: RuleTexts.Template)

        init(_ text: RuleTexts.Text) {
            func template(_ s: String) -> RuleTexts.Template {
                var s = s
                return s.withUTF8 { RuleTexts.Template($0) }
            }
            switch text {
            case .plain(let s): self = .plain(template(s))
            case .plural(let one, let other): self = .plural(one: one.map(template), other: template(other))
            }
        }
    }

    init(lua: LuaState) {
        table = lua.makeRef(.map([:]))
    }
}
