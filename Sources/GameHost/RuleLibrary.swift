import GameCore
import LuaKit

/// `require(name)` for rule files: loads `lib/NAME.lua` from the rule's own folder or the
/// built-in rules folder, in the same sandbox, once per state. Names are plain words, so a
/// rule cannot read anything outside the rules folders.
enum RuleLibrary {
    /// `loaded` receives each library file's bytes as it is loaded.
    static func install(in lua: LuaState, directories: [String], loaded: @escaping ([UInt8]) -> Void) {
        let find = lua.function { call in
            let name = try call.string(1, "name")
            guard isValidName(name) else {
                throw GameAPIError("require: '\(name)' is not a library name (letters, digits, '_' and '-'; libraries live in rules/lib)")
            }
            for dir in directories {
                let path = FileSystem.join(dir, name + ".lua")
                guard FileSystem.isFile(path) else { continue }
                let bytes = try FileSystem.read(path)
                loaded(bytes)
                try call.load(String(decoding: bytes, as: UTF8.self), chunkName: path)
                return 1
            }
            let searched = directories.map { FileSystem.join($0, name + ".lua") }.joined(separator: ", ")
            throw GameAPIError("require: no library '\(name)' (looked for \(searched))")
        }
        do {
            let chunk = try lua.load(requireSource, chunkName: "=require")
            try lua.call(chunk, [.ref(find)])
        } catch {
            fatalError("the require helper failed: \(error)")
        }
    }

    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy {
            ($0 >= 97 && $0 <= 122) || ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) || $0 == 95 || $0 == 45
        }
    }

    static let requireSource = #"""
    local find = ...
    local loaded = {}
    function require(name)
      local value = loaded[name]
      if value == nil then
        value = find(name)(name)
        if value == nil then value = true end
        loaded[name] = value
      end
      return value
    end
    """#
}
