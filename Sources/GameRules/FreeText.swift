/// Free text a game accepts: what it is, for people, and a Lua pattern the whole input
/// matches, for programs.
public struct FreeText: Equatable, Sendable {
    public var description: String
    public var pattern: String?

    public init(description: String, pattern: String? = nil) {
        self.description = description
        self.pattern = pattern
    }

    /// The longest description and pattern a rule may give.
    public static let limit = 200

    /// Lua that answers whether text `s` matches pattern `p` whole: `p` is anchored at both
    /// ends unless the rule anchored it already.
    static let matcherSource = """
        local s, p = ...
        if p:sub(1, 1) ~= "^" then p = "^" .. p end
        if #p:match("%%*$") % 2 == 0 then          -- a lone % at the end: let find report it
          local run = p:match("(%%*)%$$")
          if not run or #run % 2 == 1 then p = p .. "$" end
        end
        return s:find(p) ~= nil
        """
}
