extension StringProtocol where SubSequence == Substring {
    /// The text's lines, as `split(separator: "\n", omittingEmptySubsequences: false)` gives
    /// them, found a byte at a time rather than a Character at a time (every view of every
    /// step is split so). A newline is a Character of its own except after a carriage return,
    /// where the two are one Character ("\r\n"), which that split does not break: nor does
    /// this.
    public func textLines() -> [Substring] {
        var lines: [Substring] = []
        var start = startIndex
        var afterReturn = false
        let bytes = utf8
        var i = bytes.startIndex
        while i != bytes.endIndex {
            let b = bytes[i]
            if b == 10 && !afterReturn {
                lines.append(self[start..<i])
                start = bytes.index(after: i)
            }
            afterReturn = b == 13
            i = bytes.index(after: i)
        }
        lines.append(self[start..<endIndex])
        return lines
    }
}
