import Foundation

/// The part of JSON Schema (2020-12) that docs/protocol.schema.json uses: type, const, enum,
/// pattern, minimum, properties, required, additionalProperties, items, oneOf and local $ref.
/// Enough to hold every object the host writes to the published schema.
struct JSONSchema {
    let root: [String: Any]

    init(contentsOf url: URL) throws {
        root = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
    }

    /// The problems of `value` against the schema (or the definition `definition`); empty when valid.
    func problems(_ value: Any, definition: String? = nil) -> [String] {
        let schema = definition.map { (root["$defs"] as! [String: Any])[$0] as! [String: Any] } ?? root
        return check(value, schema, at: "$")
    }

    private func resolve(_ schema: [String: Any]) -> [String: Any] {
        guard let ref = schema["$ref"] as? String, ref.hasPrefix("#/$defs/") else { return schema }
        return (root["$defs"] as! [String: Any])[String(ref.dropFirst(8))] as! [String: Any]
    }

    private func typeName(_ value: Any) -> String {
        switch value {
        case is NSNull: return "null"
        case _ where type(of: value) == Bool.self: return "boolean"
        case let n as NSNumber:
            if String(cString: n.objCType) == "c" { return "boolean" }
            if type(of: value) == Double.self || String(cString: n.objCType) == "d" {
                return n.doubleValue == n.doubleValue.rounded() && abs(n.doubleValue) < 9e15 ? "integer" : "number"
            }
            return "integer"
        case is String: return "string"
        case is [Any]: return "array"
        case is [String: Any]: return "object"
        default: return "unknown"
        }
    }

    private func equal(_ a: Any, _ b: Any) -> Bool {
        if let a = a as? String, let b = b as? String { return a == b }
        if let a = a as? NSNumber, let b = b as? NSNumber { return a == b }
        return false
    }

    private func check(_ value: Any, _ schema: [String: Any], at path: String) -> [String] {
        let schema = resolve(schema)
        var problems: [String] = []
        if let types = schema["type"] {
            let allowed = (types as? [String]) ?? [types as! String]
            let actual = typeName(value)
            if !allowed.contains(actual) && !(actual == "integer" && allowed.contains("number")) {
                return ["\(path): \(actual), not \(allowed.joined(separator: " or "))"]
            }
        }
        if let c = schema["const"], !equal(value, c) { problems.append("\(path): not \(c)") }
        if let options = schema["enum"] as? [Any], !options.contains(where: { equal(value, $0) }) {
            problems.append("\(path): \(value) not one of \(options)")
        }
        if let pattern = schema["pattern"] as? String, let s = value as? String, s.range(of: pattern, options: .regularExpression) == nil {
            problems.append("\(path): '\(s)' does not match \(pattern)")
        }
        if let minimum = schema["minimum"] as? NSNumber, let n = value as? NSNumber, n.doubleValue < minimum.doubleValue {
            problems.append("\(path): \(n) < \(minimum)")
        }
        if let object = value as? [String: Any] {
            for key in schema["required"] as? [String] ?? [] where object[key] == nil { problems.append("\(path): no '\(key)'") }
            let properties = schema["properties"] as? [String: Any] ?? [:]
            for (key, item) in object {
                if let sub = properties[key] as? [String: Any] {
                    problems += check(item, sub, at: path + "." + key)
                } else if let extra = schema["additionalProperties"] {
                    if let allowed = extra as? Bool, !allowed, schema["properties"] != nil { problems.append("\(path): unknown field '\(key)'") }
                    if let sub = extra as? [String: Any] { problems += check(item, sub, at: path + "." + key) }
                }
            }
        }
        if let items = value as? [Any], let sub = schema["items"] as? [String: Any] {
            for (i, item) in items.enumerated() { problems += check(item, sub, at: "\(path)[\(i)]") }
        }
        if let choices = schema["oneOf"] as? [[String: Any]] {
            let matching = choices.filter { check(value, $0, at: path).isEmpty }.count
            if matching != 1 { problems.append("\(path): matches \(matching) of the oneOf schemas, not exactly one") }
        }
        return problems
    }
}
