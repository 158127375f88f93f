import GameCore
import LuaKit

extension ViewElement {
    /// A picture as shapes, for faces that draw (the browser draws it as SVG); the terminal
    /// draws the picture's lines instead, so every face shows the same thing. Shapes lie on a
    /// canvas of `width` by `height` units, in order (a later shape covers an earlier one),
    /// each in a colour of `game.colour`'s.
    public struct Drawing: Equatable, Sendable {
        public var width: Int
        public var height: Int
        public var shapes: [Shape]
        public init(width: Int, height: Int, shapes: [Shape]) {
            self.width = width
            self.height = height
            self.shapes = shapes
        }

        /// The largest canvas, and the most shapes a drawing holds.
        public static let sizeLimit = 1000
        public static let shapeLimit = 200
        public static let shapeFields = ["shape", "x", "y", "w", "h", "r", "text", "size", "colour"]

        public var textBytes: Int {
            shapes.reduce(0) { total, shape in
                if case .text(_, _, let text, _, _) = shape { return total + text.utf8.count }
                return total
            }
        }

        var json: JSONValue {
            .object(["width": .int(Int64(width)), "height": .int(Int64(height)), "shapes": .array(shapes.map(\.json))])
        }
    }

    /// A rectangle from its top left corner, a circle round its centre, or text (an emoji)
    /// centred on its point, `size` units high.
    public enum Shape: Equatable, Sendable {
        case rect(x: Double, y: Double, w: Double, h: Double, colour: String)
        case circle(x: Double, y: Double, r: Double, colour: String)
        case text(x: Double, y: Double, text: String, size: Double, colour: String?)

        var json: JSONValue {
            switch self {
            case .rect(let x, let y, let w, let h, let colour):
                return .object(["shape": .string("rect"), "x": .double(x), "y": .double(y), "w": .double(w), "h": .double(h), "colour": .string(colour)])
            case .circle(let x, let y, let r, let colour):
                return .object(["shape": .string("circle"), "x": .double(x), "y": .double(y), "r": .double(r), "colour": .string(colour)])
            case .text(let x, let y, let text, let size, let colour):
                var fields: [String: JSONValue] = ["shape": .string("text"), "x": .double(x), "y": .double(y), "text": .string(text), "size": .double(size)]
                if let colour { fields["colour"] = .string(colour) }
                return .object(fields)
            }
        }
    }
}

extension ViewElementReader {
    /// A picture's drawing: its canvas and its shapes, every number finite and on the canvas
    /// (a little past its edges at most), every colour one of `game.colour`'s.
    static func drawing(_ value: LuaValue, at path: String) throws -> ViewElement.Drawing {
        let fields = try entry(value, at: path, what: "a drawing", ["width", "height", "shapes"])
        let limit = ViewElement.Drawing.sizeLimit
        guard let width = try integer(fields["width"], in: 1...limit, at: path + ".width"),
              let height = try integer(fields["height"], in: 1...limit, at: path + ".height") else {
            throw problem(at: path, "without its width and height (whole numbers from 1 to \(limit))")
        }
        guard let given = fields["shapes"], !given.isNil else { throw problem(at: path, "without its shapes (a list)") }
        let raw = try list(given, at: path + ".shapes")
        guard raw.count <= ViewElement.Drawing.shapeLimit else {
            throw problem(at: path + ".shapes", "with \(raw.count) shapes; a drawing may have \(ViewElement.Drawing.shapeLimit)")
        }
        let span = Double(max(width, height))
        let shapes = try raw.enumerated().map { k, item -> ViewElement.Shape in
            let at = "\(path).shapes[\(k + 1)]"
            let fields = try entry(item, at: at, what: "a shape", ViewElement.Drawing.shapeFields)
            func coordinate(_ name: String, from low: Double = -span, required: Bool = true) throws -> Double {
                guard let v = try number(fields[name], at: at + "." + name) else {
                    if required { throw problem(at: at, "without its \(name)") }
                    return 0
                }
                guard v >= low, v <= 2 * span else { throw problem(at: at + "." + name, "that is off the canvas (\(Leaderboard.number(v)))") }
                return v
            }
            func colour(required: Bool) throws -> String? {
                guard let name = try text(fields["colour"], at: at + ".colour") else {
                    if required { throw problem(at: at, "without its colour (\(TerminalText.colours.map(\.name).joined(separator: ", ")))") }
                    return nil
                }
                guard TerminalText.coloured("", name) != nil else {
                    throw problem(at: at + ".colour", "'\(shown(name))' (the colours: \(TerminalText.colours.map(\.name).joined(separator: ", ")))")
                }
                return name
            }
            switch try text(fields["shape"], at: at + ".shape") {
            case "rect":
                return .rect(x: try coordinate("x"), y: try coordinate("y"), w: try coordinate("w", from: 0), h: try coordinate("h", from: 0),
                             colour: try colour(required: true)!)
            case "circle":
                return .circle(x: try coordinate("x"), y: try coordinate("y"), r: try coordinate("r", from: 0), colour: try colour(required: true)!)
            case "text":
                guard let shown = try text(fields["text"], at: at + ".text"), shown.utf8.count <= 64 else {
                    throw problem(at: at, "without its text (at most 64 bytes)")
                }
                return .text(x: try coordinate("x"), y: try coordinate("y"), text: shown, size: max(1, try coordinate("size", from: 1)),
                             colour: try colour(required: false))
            case let other:
                throw problem(at: at + ".shape", "\(other.map { "'\(shown($0))'" } ?? "missing") (the shapes: rect, circle, text)")
            }
        }
        return ViewElement.Drawing(width: width, height: height, shapes: shapes)
    }
}
