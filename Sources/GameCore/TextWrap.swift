/// Word-wrapping for the terminal: a line wider than the terminal is broken at spaces so the
/// terminal never cuts a word in two. A continuation line keeps the line's indentation (so
/// `  --option  help` and indented rule text stay in their column); a word wider than the
/// whole line is cut where it must be. Widths are terminal columns (`TerminalWidth`).
public enum TextWrap {
    /// `text` with each line no wider than `width`, starting `startColumn` columns into the
    /// first line (what an earlier write left on it). `hangingIndent` overrides the
    /// continuation indent (in columns) when given.
    public static func wrap(_ text: String, width: Int, startColumn: Int = 0, hangingIndent: Int? = nil) -> String {
        guard width > 0 else { return text }
        var out = ""
        var first = true
        var column = startColumn
        for line in text.textLines() {
            if !first { out += "\n"; column = 0 }
            first = false
            out += wrapLine(line, width: width, column: column, hangingIndent: hangingIndent)
        }
        return out
    }

    /// Where `text` leaves the cursor: the columns after its last newline, counting from
    /// `startColumn` when it has none.
    public static func endColumn(of text: String, startColumn: Int) -> Int {
        guard let newline = text.lastIndex(of: "\n") else { return startColumn + TerminalWidth.columns(text) }
        return TerminalWidth.columns(String(text[text.index(after: newline)...]))
    }

    static func wrapLine(_ line: Substring, width: Int, column start: Int, hangingIndent: Int?) -> String {
        if start + TerminalWidth.columns(String(line)) <= width { return String(line) }
        let leading = line.prefix { $0 == " " }.count
        // An indent at least as wide as half the line would leave no room: the words go flush.
        let indent = min(hangingIndent ?? (start == 0 ? columnIndent(line) ?? leading : 0), width / 2)
        var out = String(line.prefix(leading))
        var column = start + leading
        var pendingSpaces = 0
        var lineHasWord = false
        for spaced in line.dropFirst(leading).split(separator: " ", omittingEmptySubsequences: false) {
            if spaced.isEmpty { pendingSpaces += 1; continue }
            // Between words the spaces as written; before a fresh line's first word, none.
            // Japanese and Chinese write no spaces: a line may break between their characters,
            // which come here as words of their own with no gap between them.
            for (k, word) in pieces(spaced).enumerated() {
                let gap = k > 0 ? 0 : lineHasWord ? pendingSpaces + 1 : (column > indent || start > 0 ? pendingSpaces : 0)
                pendingSpaces = 0
                let wordWidth = TerminalWidth.columns(String(word))
                if column + gap + wordWidth <= width {
                    out += String(repeating: " ", count: gap) + word
                    column += gap + wordWidth
                    lineHasWord = true
                    continue
                }
                // The word goes on a fresh line (after the gap, where the line has room for it:
                // a column's text after its label); one wider than a whole line is cut into pieces.
                if column > indent {
                    out += "\n" + String(repeating: " ", count: indent)
                    column = indent
                } else if column + gap < width {
                    out += String(repeating: " ", count: gap)
                    column += gap
                }
                for c in word {
                    let w = TerminalWidth.columns(of: c)
                    if column + w > width && column > indent {
                        out += "\n" + String(repeating: " ", count: indent)
                        column = indent
                    }
                    out.append(c)
                    column += w
                }
                lineHasWord = true
            }
        }
        return out
    }

    /// A word's pieces a line may break between: between two characters where either is wide
    /// (Japanese, Chinese), but never before a closing mark (。、」ー) nor after an opening
    /// one (「（), which stay with their neighbour as the languages' typesetting asks.
    static func pieces(_ word: Substring) -> [Substring] {
        guard word.utf8.contains(where: { $0 >= 0xE1 }) else { return [word] }
        var pieces: [Substring] = []
        var start = word.startIndex
        var previous: Character?
        for i in word.indices {
            let c = word[i]
            if let p = previous, isWide(p) || isWide(c), !noBreakBefore.contains(c), !noBreakAfter.contains(p) {
                pieces.append(word[start..<i])
                start = i
            }
            previous = c
        }
        pieces.append(word[start...])
        return pieces
    }

    static func isWide(_ c: Character) -> Bool { TerminalWidth.columns(of: c) == 2 }

    static let noBreakBefore: Set<Character> = Set("。、，．・：；？！）」』】〕〉》ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々…‥,.:;!?)]}%")
    static let noBreakAfter: Set<Character> = Set("「『（【〔〈《([{")

    /// Where a two-column line's second column starts (`  /moves  the inputs ...`: after the
    /// first gap of two spaces or more that follows text), so its continuation lines up there.
    static func columnIndent(_ line: Substring) -> Int? {
        var column = 0, spaces = 0, seenText = false
        for c in line {
            if c == " " {
                spaces += 1
            } else {
                if seenText && spaces >= 2 { return column }
                if spaces > 0 && seenText { return nil }
                seenText = true
                spaces = 0
            }
            column += TerminalWidth.columns(of: c)
        }
        return nil
    }

    /// Prose written with hard line breaks (a rule's `rules` text, broken to fit an editor)
    /// joined into paragraphs, so it wraps to the terminal instead of breaking twice. Only
    /// prose joins prose: a blank line ends a paragraph, and an indented line or a list item
    /// (`-`, `*`, `1.`), or any line after one, keeps its break, so tables and lists keep
    /// their shape.
    public static func reflow(_ text: String) -> String {
        var out = ""
        var previous: Substring?
        for line in text.textLines() {
            defer { previous = line }
            guard let before = previous else { out += line; continue }
            func isProse(_ l: Substring) -> Bool { !l.isEmpty && l.first != " " && l.first != "\t" && !isListItem(l) }
            let keepsBreak = !isProse(line) || !isProse(before)
            // Japanese and Chinese put no space between words: a line joined between two wide
            // characters is joined as it is.
            func isWide(_ c: Character?) -> Bool { c.map { TerminalWidth.columns(String($0)) == 2 } ?? false }
            out += (keepsBreak ? "\n" : isWide(before.last) && isWide(line.first) ? "" : " ") + line
        }
        return out
    }

    /// `- item`, `* item`, `• item`, `1. item`, `2) item`.
    static func isListItem(_ line: Substring) -> Bool {
        if line.hasPrefix("- ") || line.hasPrefix("* ") || line.hasPrefix("• ") { return true }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty else { return false }
        let rest = line.dropFirst(digits.count)
        return rest.hasPrefix(". ") || rest.hasPrefix(") ")
    }
}
