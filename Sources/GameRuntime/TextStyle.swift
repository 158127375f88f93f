/// How a piece of output should look; a terminal sink may colour it, others ignore it.
public enum TextStyle: Sendable { case plain, title, message, refusal, error, dim }
