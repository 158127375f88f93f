/// What a seat sees, as the rule drew it: text, or elements with their text rendering (at the
/// protocol's width: `ElementText.protocolWidth`), which transcripts and `view` carry.
public struct RuleView: Equatable, Sendable {
    public var text: String
    /// Nil for a view the rule gave as a string.
    public var elements: [ViewElement]?
    public init(text: String, elements: [ViewElement]? = nil) {
        self.text = text
        self.elements = elements
    }
}
