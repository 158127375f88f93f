import LuaKit

/// Host Lua run in a rule's state just before the rule file, so that what it sets up is in
/// place when the file's own code runs (its `local pairs = pairs` takes a replaced `pairs`).
/// check's fixed key orders are one: the rule loader knows nothing of what a prelude does.
/// The chunk must return a table; the rule keeps it as `LoadedRule.preludeResult`.
public struct RulePrelude {
    public let source: String
    public let arguments: [LuaValue]

    public init(source: String, arguments: [LuaValue] = []) {
        self.source = source
        self.arguments = arguments
    }
}
