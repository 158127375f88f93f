/// Where the program writes: standard output for the game and the results, standard error for
/// errors, notes and the host's notices.
let stdout_ = StandardOutput(fd: 1)
let stderr_ = StandardOutput(fd: 2, colour: false)

let version = "0.1.0"

/// One line on standard error: `gamehost: message`.
func fail(_ message: String) { stderr_.write("gamehost: " + message + "\n", style: .plain) }
