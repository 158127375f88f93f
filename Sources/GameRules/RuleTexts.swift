import GameCore
import LuaKit

/// A rule's texts in the player's language (`game.t("key", { n = 3 })`). The rule's own texts
/// are its `texts` field (in the language it is written in, English for the built-in games);
/// translations live beside the rule, one file a language: `memory.texts/de.lua` returns a
/// table of the same keys. A text may name values in braces (`"score {score}"`), and a text
/// that counts gives its plural forms (`{ one = "{n} flip", other = "{n} flips" }`), chosen by
/// the language's plural rule. A key a translation lacks is shown in the rule's own language,
/// and `check` names it.
public struct RuleTexts: Sendable, Equatable {
    /// One text: plain, or in plural forms by count.
    public enum Text: Sendable, Equatable {
        case plain(String)
        case plural(one: String?, other: String)

        /// The `{name}`s the text fills in, in every form.
        public var placeholders: Set<String> {
            switch self {
            case .plain(let s): RuleTexts.placeholders(in: s)
            case .plural(let one, let other): RuleTexts.placeholders(in: other).union(one.map(RuleTexts.placeholders) ?? [])
            }
        }
    }

    /// The rule's own texts, by key.
    public var base: [String: Text] = [:]
    /// Translations by language code (`de`, `ja`, `pt-br`), each by key.
    public var translations: [String: [String: Text]] = [:]

    public init(base: [String: Text] = [:], translations: [String: [String: Text]] = [:]) {
        self.base = base
        self.translations = translations
    }

    /// Bounds: keys a rule may have, a key's and a text's bytes, translation files.
    public static let keyLimit = 2_000
    public static let keyBytes = 64
    public static let textBytes = 4_096
    public static let languageLimit = 50

    /// The text of `key` in `language` (a code such as `de`, or `de-at`, which falls back to
    /// `de`), else the rule's own; nil when the rule has no such key.
    public func text(_ key: String, language: String) -> Text? { text(key, codes: Self.fallbacks(language)) }

    /// `text(_:language:)` for a language's codes as `fallbacks` gives them (worked out once).
    public func text(_ key: String, codes: [String]) -> Text? {
        guard let own = base[key] else { return nil }
        guard !translations.isEmpty else { return own }
        for code in codes { if let found = translations[code]?[key] { return found } }
        return own
    }

    /// `de-at`, then `de`.
    public static func fallbacks(_ language: String) -> [String] {
        let code = language.lowercased()
        guard let dash = code.firstIndex(of: "-") else { return [code] }
        return [code, String(code[..<dash])]
    }

    /// The form of a count in `language`: "one" or "other" (English and German say one for
    /// exactly 1; Japanese, Chinese and Korean have one form for every count).
    public static func pluralForm(_ n: Double, language: String) -> String { pluralForm(n, codes: fallbacks(language)) }

    /// `pluralForm` for a language's codes as `fallbacks` gives them (worked out once).
    public static func pluralForm(_ n: Double, codes: [String]) -> String {
        switch codes.last ?? "en" {
        case "ja", "zh", "ko", "th", "vi", "id": "other"
        case "fr", "pt": (n == 0 || n == 1) ? "one" : "other"
        default: n == 1 ? "one" : "other"
        }
    }

    /// `template` with each `{name}` replaced by `values[name]`; `{{` and `}}` are braces. A
    /// name with no value is left as it is, so a missing argument shows where it belongs.
    public static func fill(_ template: String, _ values: [String: String]) -> String {
        fill(template) { values[$0] }
    }

    /// `fill`, asking `value` for each name as it is met.
    public static func fill(_ template: String, _ value: (String) throws -> String?) rethrows -> String {
        guard template.utf8.contains(where: { $0 == UInt8(ascii: "{") || $0 == UInt8(ascii: "}") }) else { return template }
        var template = template
        return try template.withUTF8 { bytes in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 16)
            try Template(bytes).fill(into: &out) { name, out in
                guard let filled = try value(String(decoding: name, as: UTF8.self)) else { return false }
                out.append(contentsOf: filled.utf8)
                return true
            }
            return String(decoding: out, as: UTF8.self)
        }
    }

    static func isNameByte(_ b: UInt8) -> Bool {
        b == UInt8(ascii: "_") || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b)
    }

    /// The `{name}`s a text fills in, read over its bytes (every text of every translation is
    /// read so at each load of a rule).
    static func placeholders(in text: String) -> Set<String> {
        var names: Set<String> = []
        let bytes = Array(text.utf8)
        guard bytes.contains(UInt8(ascii: "{")) else { return names }
        var i = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "{") else {
                i += 1
                continue
            }
            if i + 1 < bytes.count && bytes[i + 1] == UInt8(ascii: "{") {
                i += 2
                continue
            }
            guard let close = bytes[(i + 1)...].firstIndex(of: UInt8(ascii: "}")) else { break }
            if close > i + 1, close - i - 1 <= keyBytes, bytes[(i + 1)..<close].allSatisfy(isNameByte) {
                names.insert(String(decoding: bytes[(i + 1)..<close], as: UTF8.self))
            }
            i = close + 1
        }
        return names
    }

    // MARK: Reading

    /// Texts as a rule file gives them (`texts = { key = "text", key2 = { one =, other = } }`),
    /// each problem named with `place`.
    static func parse(_ value: LuaValue, place: String, problems: inout [String]) -> [String: Text] {
        if value.isNil { return [:] }
        guard let entries = value.map else {
            problems.append("\(place) must be a table of texts by key, not a \(value.typeName)")
            return [:]
        }
        guard entries.count <= keyLimit else {
            problems.append("\(place) has \(entries.count) texts; a rule may have \(keyLimit)")
            return [:]
        }
        var texts: [String: Text] = [:]
        for key in entries.keys.sorted() {
            guard isKey(key) else {
                problems.append("\(place): '\(TerminalText.plain(String(key.prefix(keyBytes))))' is not a key (letters, digits, '-', '_' and '.', up to \(keyBytes) bytes)")
                continue
            }
            func checked(_ text: String?, _ form: String) -> String? {
                guard let text else { return nil }
                guard text.utf8.count <= textBytes, !MarkRun.isTooLong(text) else {
                    problems.append("\(place): '\(key)'\(form) is longer than \(textBytes) bytes")
                    return nil
                }
                return text
            }
            switch entries[key]! {
            case .string(let s):
                if let s = checked(s, "") { texts[key] = .plain(s) }
            case .map(let forms) where forms["other"]?.string != nil && Set(forms.keys).isSubset(of: ["one", "other"]):
                guard let other = checked(forms["other"]?.string, ".other") else { continue }
                if forms["one"] != nil && forms["one"]?.string == nil {
                    problems.append("\(place): '\(key)'.one must be a string")
                    continue
                }
                texts[key] = .plural(one: checked(forms["one"]?.string, ".one"), other: other)
            default:
                problems.append("\(place): '\(key)' must be a string, or { one = \"...\", other = \"...\" } for a text that counts")
            }
        }
        return texts
    }

    /// Keys a translation may give beyond the rule's texts: the rule's own title, about and
    /// rules, in that language, and its options' help and labels (`option.NAME`,
    /// `option.NAME.label`).
    public static let infoKeys: Set<String> = ["title", "about", "rules"]

    static func isInfoKey(_ key: String) -> Bool { infoKeys.contains(key) || key.hasPrefix("option.") }

    static func isKey(_ key: String) -> Bool {
        !key.isEmpty && key.utf8.count <= keyBytes
            && key.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || "-_.".unicodeScalars.contains($0) }
    }

    /// Whether `code` names a language as a translation file may: `de`, `ja`, `pt-br`.
    public static func isLanguage(_ code: String) -> Bool {
        let parts = code.split(separator: "-", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), let first = parts.first, (2...3).contains(first.count),
              first.unicodeScalars.allSatisfy({ ("a"..."z").contains($0) }) else { return false }
        return parts.count == 1 || (2...8).contains(parts[1].count) && parts[1].unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
    }

    /// What a translation lacks or has too many of, against the rule's own texts: keys it
    /// lacks, keys the rule has not, forms and `{names}` that differ. Warnings: the game is
    /// played all the same, the rule's own text shown where a translation has none.
    package static func differences(_ translation: [String: Text], base: [String: Text], place: String) -> [String] {
        var found: [String] = []
        for key in base.keys.sorted() where translation[key] == nil { found.append("\(place): missing key '\(key)' (its text is shown untranslated)") }
        for key in translation.keys.sorted() where base[key] == nil && !isInfoKey(key) { found.append("\(place): key '\(key)' is not one of the rule's texts") }
        for key in base.keys.sorted() {
            guard let theirs = translation[key], let own = base[key] else { continue }
            let missing = own.placeholders.subtracting(theirs.placeholders), extra = theirs.placeholders.subtracting(own.placeholders)
            if !missing.isEmpty || !extra.isEmpty {
                let names = (missing.sorted().map { "{\($0)} missing" } + extra.sorted().map { "{\($0)} unknown" }).joined(separator: ", ")
                found.append("\(place): '\(key)' fills in other values than the rule's text: \(names)")
            }
        }
        return found
    }
}
