import Foundation

/// The part of JSON Schema (2020-12) that docs/protocol.schema.json uses: type, const, enum,
/// pattern, minimum, maximum, properties, required, additionalProperties, propertyNames, items,
/// minItems, maxItems, oneOf, anyOf, allOf, not, if/then/else and local $ref. Enough to hold
/// every object the host writes to the published schema. A keyword it does not know is a
/// problem, so the schema cannot say more than the tests check.
struct JSONSchema {
    let root: [String: Any]
    /// Every `pattern` of the schema, compiled once (compiling one per value checked was most
    /// of the time the protocol tests took).
    let patterns: [String: NSRegularExpression]

    init(contentsOf url: URL) throws {
        root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
        var patterns: [String: NSRegularExpression] = [:]
        func collect(_ value: Any) {
            if let object = value as? [String: Any] {
                if let pattern = object["pattern"] as? String { patterns[pattern] = try? NSRegularExpression(pattern: pattern) }
                object.values.forEach(collect)
            } else if let list = value as? [Any] {
                list.forEach(collect)
            }
        }
        collect(root)
        self.patterns = patterns
        definitions = root["$defs"] as? [String: [String: Any]] ?? [:]
    }

    func matches(_ text: String, _ pattern: String) -> Bool {
        guard let regex = patterns[pattern] else { return text.range(of: pattern, options: .regularExpression) != nil }
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// The definitions of the schema (`$defs`), by name (cast once: a `$ref` is followed often).
    let definitions: [String: [String: Any]]

    /// The problems of `value` against the schema (or the definition `definition`); empty when valid.
    func problems(_ value: Any, definition: String? = nil) -> [String] {
        let schema = definition.map { definitions[$0]! } ?? root
        return check(value, schema, at: "$")
    }

    /// The keywords `check` reads; any other in the schema is reported by `unknownKeywords`.
    static let keywords: Set<String> = [
        "$schema", "$id", "$defs", "$ref", "title", "description", "type", "const", "enum", "pattern", "minimum", "maximum",
        "properties", "required", "additionalProperties", "propertyNames", "items", "minItems", "maxItems",
        "oneOf", "anyOf", "allOf", "not", "if", "then", "else",
    ]

    /// Keywords of the schema this validator would ignore (it must ignore none).
    func unknownKeywords() -> [String] {
        var out: [String] = []
        func walk(_ schema: Any, at path: String, isSchema: Bool) {
            if let object = schema as? [String: Any] {
                for (key, value) in object {
                    if isSchema && !Self.keywords.contains(key) { out.append("\(path).\(key)") }
                    switch key {
                    case "properties", "$defs":
                        for (name, sub) in value as? [String: Any] ?? [:] { walk(sub, at: "\(path).\(key).\(name)", isSchema: true) }
                    case "items", "additionalProperties", "propertyNames", "not", "if", "then", "else":
                        walk(value, at: "\(path).\(key)", isSchema: true)
                    case "oneOf", "anyOf", "allOf":
                        for (i, sub) in (value as? [Any] ?? []).enumerated() { walk(sub, at: "\(path).\(key)[\(i)]", isSchema: true) }
                    default: break
                    }
                }
            }
        }
        walk(root, at: "$", isSchema: true)
        return out.sorted()
    }

    private func resolve(_ schema: [String: Any]) -> [String: Any] {
        guard let ref = schema["$ref"] as? String, ref.hasPrefix("#/$defs/") else { return schema }
        return definitions[String(ref.dropFirst(8))]!
    }

    static func typeName(_ value: Any) -> String {
        // Containers and strings first: asking whether a Swift dictionary is an NSNumber
        // bridges the whole dictionary to Foundation first (most of the time the checks took).
        switch value {
        case is String: return "string"
        case is [String: Any]: return "object"
        case is [Any]: return "array"
        case is NSNull: return "null"
        case _ where type(of: value) == Bool.self: return "boolean"
        case let n as NSNumber:
            if String(cString: n.objCType) == "c" { return "boolean" }
            if type(of: value) == Double.self || String(cString: n.objCType) == "d" || String(cString: n.objCType) == "f" {
                return n.doubleValue == n.doubleValue.rounded() && abs(n.doubleValue) < 9e15 ? "integer" : "number"
            }
            return "integer"
        default: return "unknown"
        }
    }

    /// JSON equality: the same type and the same value (true is not 1).
    static func equal(_ a: Any, _ b: Any) -> Bool {
        let (ta, tb) = (typeName(a), typeName(b))
        let numeric: Set<String> = ["integer", "number"]
        guard ta == tb || (numeric.contains(ta) && numeric.contains(tb)) else { return false }
        switch ta {
        case "null": return true
        case "boolean": return (a as! NSNumber).boolValue == (b as! NSNumber).boolValue
        case "integer", "number": return (a as! NSNumber).doubleValue == (b as! NSNumber).doubleValue
        case "string": return a as! String == b as! String
        case "array":
            let (x, y) = (a as! [Any], b as! [Any])
            return x.count == y.count && zip(x, y).allSatisfy { equal($0, $1) }
        case "object":
            let (x, y) = (a as! [String: Any], b as! [String: Any])
            return x.count == y.count && x.allSatisfy { key, value in y[key].map { equal(value, $0) } ?? false }
        default: return false
        }
    }

    private func check(_ value: Any, _ schema: [String: Any], at path: String) -> [String] {
        let schema = resolve(schema)
        var problems: [String] = []
        if let types = schema["type"] {
            let allowed = (types as? [String]) ?? [types as! String]
            let actual = Self.typeName(value)
            if !allowed.contains(actual) && !(actual == "integer" && allowed.contains("number")) {
                return ["\(path): \(actual), not \(allowed.joined(separator: " or "))"]
            }
        }
        if let c = schema["const"], !Self.equal(value, c) { problems.append("\(path): \(value) is not \(c)") }
        if let options = schema["enum"] as? [Any], !options.contains(where: { Self.equal(value, $0) }) {
            problems.append("\(path): \(value) not one of \(options)")
        }
        if let pattern = schema["pattern"] as? String, let s = value as? String, !matches(s, pattern) {
            problems.append("\(path): '\(s)' does not match \(pattern)")
        }
        let isNumber = ["integer", "number"].contains(Self.typeName(value))
        if isNumber, let minimum = schema["minimum"] as? NSNumber, let n = value as? NSNumber, n.doubleValue < minimum.doubleValue {
            problems.append("\(path): \(n) < \(minimum)")
        }
        if isNumber, let maximum = schema["maximum"] as? NSNumber, let n = value as? NSNumber, n.doubleValue > maximum.doubleValue {
            problems.append("\(path): \(n) > \(maximum)")
        }
        if let object = value as? [String: Any] {
            for key in schema["required"] as? [String] ?? [] where object[key] == nil { problems.append("\(path): no '\(key)'") }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for (key, item) in object {
                if let names = schema["propertyNames"] as? [String: Any] { problems += check(key, names, at: path + "{" + key + "}") }
                if let sub = properties[key] as? [String: Any] {
                    problems += check(item, sub, at: path + "." + key)
                } else if let extra = schema["additionalProperties"] {
                    if let allowed = extra as? Bool, !allowed { problems.append("\(path): unknown field '\(key)'") }
                    if let sub = extra as? [String: Any] { problems += check(item, sub, at: path + "." + key) }
                }
            }
        }
        if let items = value as? [Any] {
            if let sub = schema["items"] as? [String: Any] {
                for (i, item) in items.enumerated() { problems += check(item, sub, at: "\(path)[\(i)]") }
            }
            if let least = schema["minItems"] as? Int, items.count < least { problems.append("\(path): \(items.count) items, fewer than \(least)") }
            if let most = schema["maxItems"] as? Int, items.count > most { problems.append("\(path): \(items.count) items, more than \(most)") }
        }
        if let choices = schema["oneOf"] as? [[String: Any]] {
            let matching = choices.filter { check(value, $0, at: path).isEmpty }.count
            if matching != 1 { problems.append("\(path): matches \(matching) of the oneOf schemas, not exactly one") }
        }
        if let choices = schema["anyOf"] as? [[String: Any]], !choices.contains(where: { check(value, $0, at: path).isEmpty }) {
            problems.append("\(path): matches none of the anyOf schemas")
        }
        for (i, sub) in (schema["allOf"] as? [[String: Any]] ?? []).enumerated() {
            problems += check(value, sub, at: path).map { $0 + " (allOf[\(i)])" }
        }
        if let negated = schema["not"] as? [String: Any], check(value, negated, at: path).isEmpty {
            problems.append("\(path): matches a schema it must not (not)")
        }
        if let condition = schema["if"] as? [String: Any] {
            let branch = check(value, condition, at: path).isEmpty ? schema["then"] : schema["else"]
            if let branch = branch as? [String: Any] { problems += check(value, branch, at: path) }
        }
        return problems
    }
}
