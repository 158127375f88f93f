import LuaKit

/// `game.t`'s texts in the player's language, each made ready the first time it is asked for:
/// a text that names no value as the Lua string it always is, any other as its templates.
/// A rule asks for texts at every move, so a key is looked up in a Lua table by the string Lua
/// already holds (no Swift String, no hashing of its bytes in Swift), and a fixed text costs
/// no filling at all. `GameAPI` makes a new one when the texts or the language change.
final class TextCache {
    /// By key: the fixed text (a string), or a code for its templates (an integer: where
    /// they are in `templates`, shifted left one bit, the low bit set for a plural text). Held
    /// in the registry, out of the rule's reach.
    let table: LuaRef
    /// A plain text's template; a plural text's two, its other form first and then its one
    /// form (the other form again when the text has none).
    private(set) var templates: [RuleTexts.Template] = []

    init(lua: LuaState) {
        table = lua.makeRef(.map([:]))
    }

    /// Keeps a plain text's template; what `table` keeps for its key.
    func add(_ template: RuleTexts.Template) -> Int {
        templates.append(template)
        return (templates.count - 1) << 1
    }

    /// Keeps a plural text's templates; what `table` keeps for its key.
    func add(one: String?, other: String) -> Int {
        let otherForm = Self.template(other)
        templates.append(otherForm)
        templates.append(one.map(Self.template) ?? otherForm)
        return (templates.count - 2) << 1 | 1
    }

    /// The template a code names: for a plural text, in its one form or not.
    func template(_ code: Int, one: Bool) -> RuleTexts.Template {
        templates[(code >> 1) + (code & 1 == 1 && one ? 1 : 0)]
    }

    static func isPlural(_ code: Int) -> Bool { code & 1 == 1 }

    static func template(_ s: String) -> RuleTexts.Template {
        var s = s
        return s.withUTF8 { RuleTexts.Template($0) }
    }
}
