/// A path or word as a shell reads it: quoted when it holds anything but plain characters (a
/// replay line, a command to copy, names a file or a person).
public func shellQuoted(_ text: String) -> String {
    let plain = !text.isEmpty && text.utf8.allSatisfy {
        ($0 >= 97 && $0 <= 122) || ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) || "-_./+,:@=".utf8.contains($0)
    }
    return plain ? text : "'" + text.replacing("'", with: "'\\''") + "'"
}

/// A command line (words as `shellQuoted` writes them) cut into lines of at most `width`
/// columns where it is longer, as a shell still reads it: each line but the last ends with
/// " \", the next is indented two spaces, and a flag stays on the line of the value it takes
/// ("--seat 2=zed" is never cut). A word longer than a line has one of its own.
public func shellLines(_ command: String, width: Int) -> [String] {
    guard TerminalWidth.columns(command) > width else { return [command] }
    // The words, split at spaces outside quotes.
    var words: [String] = [], word = "", quoted = false
    for c in command {
        if c == "'" { quoted.toggle() }
        if c == " " && !quoted {
            if !word.isEmpty { words.append(word) }
            word = ""
        } else {
            word.append(c)
        }
    }
    if !word.isEmpty { words.append(word) }
    // A flag and the value after it go together.
    var groups: [String] = []
    var i = 0
    while i < words.count {
        if words[i].hasPrefix("--"), i + 1 < words.count, !words[i + 1].hasPrefix("-") {
            groups.append(words[i] + " " + words[i + 1])
            i += 2
        } else {
            groups.append(words[i])
            i += 1
        }
    }
    var lines: [String] = []
    var line = ""
    for group in groups {
        let candidate = line.isEmpty ? group : line + " " + group
        let indent = lines.isEmpty ? 0 : 2
        if line.isEmpty || indent + TerminalWidth.columns(candidate) + 2 <= width {
            line = candidate
        } else {
            lines.append(line)
            line = group
        }
    }
    lines.append(line)
    return lines.enumerated().map { k, text in (k == 0 ? "" : "  ") + text + (k == lines.count - 1 ? "" : " \\") }
}
