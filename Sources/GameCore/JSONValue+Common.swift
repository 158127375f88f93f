extension JSONValue {
    /// What `values` hold alike: a value equal in all of them; of objects, the keys every one
    /// has, each with what its values hold alike (a key with nothing alike is left out); of
    /// arrays of one length, each place's common value (null where there is none). Nil when
    /// nothing is alike. What every seat sees alike is what a watcher may see: nothing in it
    /// depends on what any one seat may not see, because that seat's own value does not.
    public static func common(_ values: [JSONValue]) -> JSONValue? {
        guard let first = values.first else { return nil }
        if values.dropFirst().allSatisfy({ $0 == first }) { return first }
        switch first {
        case .object(let fields):
            var objects: [[String: JSONValue]] = []
            for value in values {
                guard case .object(let o) = value else { return nil }
                objects.append(o)
            }
            var kept: [String: JSONValue] = [:]
            for key in fields.keys {
                let column = objects.compactMap { $0[key] }
                guard column.count == objects.count, let alike = common(column) else { continue }
                kept[key] = alike
            }
            return .object(kept)
        case .array(let items):
            var arrays: [[JSONValue]] = []
            for value in values {
                guard case .array(let a) = value, a.count == items.count else { return nil }
                arrays.append(a)
            }
            return .array(items.indices.map { i in common(arrays.map { $0[i] }) ?? .null })
        default:
            return nil
        }
    }
}
