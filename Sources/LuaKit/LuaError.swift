/// An error from Lua, with the message a player or rule author should read first
/// (`rules/x.lua:12: message`) and the traceback for those who want more.
public struct LuaError: Error, CustomStringConvertible, Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case syntax        // the chunk does not compile
        case runtime       // an error raised while running
        case memory        // the state's memory cap was reached
        case budget        // the call ran out of instructions
        case value         // a non-string error object was raised (see `value`)
        case data          // a value the code returned cannot be read (a cycle, too large)
    }

    public var kind: Kind
    /// The message without the traceback.
    public var message: String
    public var traceback: String?
    /// The raised object as the host read it, when it was not a string (a table, nil): plain
    /// data described (an error may travel to another thread, and a Lua reference may not).
    public var value: String?

    public init(_ kind: Kind, _ message: String, traceback: String? = nil, value: String? = nil) {
        self.kind = kind
        self.message = message
        self.traceback = traceback
        self.value = value
    }

    public var description: String { message }
}
