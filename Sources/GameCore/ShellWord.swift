/// A path or word as a shell reads it: quoted when it holds anything but plain characters (a
/// replay line, a command to copy, names a file or a person).
public func shellQuoted(_ text: String) -> String {
    let plain = !text.isEmpty && text.utf8.allSatisfy {
        ($0 >= 97 && $0 <= 122) || ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) || "-_./+,:@=".utf8.contains($0)
    }
    return plain ? text : "'" + text.replacing("'", with: "'\\''") + "'"
}
