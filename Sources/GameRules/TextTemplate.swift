extension RuleTexts {
    /// A text read once for filling: what it says between its `{name}`s (with `{{` and `}}`
    /// already made braces) and where each name's value goes. `game.t` keeps one for each text
    /// it is asked for (see `TextCache`), so the braces of a text said at every move are not
    /// looked for at every move.
    struct Template {
        /// What the text says around its names, one piece after another.
        let literal: [UInt8]
        /// Each `{name}` in order: where in `literal` its value goes, and where its name ends in
        /// `names` (it starts where the one before ends). (Arrays of integers: a type the
        /// program uses already costs nothing to look up at its first use.)
        let slotAt: [Int], nameEnd: [Int]
        let names: [UInt8]

        /// Reads `bytes`. A `{` that does not open a name (of 1 to `keyBytes` letters, digits
        /// and underscores, closed by `}`) and a lone `}` are kept as they are.
        init(_ bytes: UnsafeBufferPointer<UInt8>) {
            let open = UInt8(ascii: "{"), close = UInt8(ascii: "}")
            var literal: [UInt8] = [], slotAt: [Int] = [], nameEnd: [Int] = [], names: [UInt8] = []
            literal.reserveCapacity(bytes.count)
            var i = 0
            while i < bytes.count {
                let b = bytes[i]
                if b == open || b == close, i + 1 < bytes.count && bytes[i + 1] == b {
                    literal.append(b)
                    i += 2
                } else if b == open, let end = bytes[(i + 1)...].firstIndex(of: close), end > i + 1,
                          end - i - 1 <= keyBytes, bytes[(i + 1)..<end].allSatisfy(isNameByte) {
                    slotAt.append(literal.count)
                    names.append(contentsOf: bytes[(i + 1)..<end])
                    nameEnd.append(names.count)
                    i = end + 1
                } else {
                    literal.append(b)
                    i += 1
                }
            }
            (self.literal, self.slotAt, self.nameEnd, self.names) = (literal, slotAt, nameEnd, names)
        }

        /// Whether the text names no value: it reads the same whatever the values are.
        var isFixed: Bool { slotAt.isEmpty }

        /// Appends the text to `out` with each `{name}` replaced by what `value` appends for the
        /// name's bytes; where `value` returns false the `{name}` stays as it is.
        func fill(into out: inout [UInt8], _ value: (UnsafeBufferPointer<UInt8>, inout [UInt8]) throws -> Bool) rethrows {
            try literal.withUnsafeBufferPointer { literal in
                try names.withUnsafeBufferPointer { names in
                    var from = 0, nameStart = 0
                    for k in slotAt.indices {
                        out.append(contentsOf: UnsafeBufferPointer(rebasing: literal[from..<slotAt[k]]))
                        let name = UnsafeBufferPointer(rebasing: names[nameStart..<nameEnd[k]])
                        if try !value(name, &out) {
                            out.append(UInt8(ascii: "{"))
                            out.append(contentsOf: name)
                            out.append(UInt8(ascii: "}"))
                        }
                        (from, nameStart) = (slotAt[k], nameEnd[k])
                    }
                    out.append(contentsOf: UnsafeBufferPointer(rebasing: literal[from...]))
                }
            }
        }
    }
}
