import GameCore
import LuaKit

/// `require(name)` for rule files: the standard libraries the sandbox keeps by their names
/// (`require "utf8"`, as in Lua), else `lib/NAME.lua` from the rule's own folder or the
/// built-in rules folder, loaded in the same sandbox, once per state. Names are plain words and
/// the file found must lie inside its library folder (symbolic links resolved), so a rule
/// cannot read anything outside the rules folders.
enum RuleLibrary {
    /// `loaded` receives each library file's bytes as it is loaded.
    static func install(in lua: LuaState, directories: [String], loaded: @escaping ([UInt8]) -> Void) {
        let find = lua.function("require", [.string("name", max: 64)]) { call in
            let name = call.text(1)
            guard isValidName(name) else {
                call.pushNil()
                call.push("'\(name)' is not a library name (letters, digits, '_' and '-'; libraries live in rules/lib)")
                return 2
            }
            for dir in directories {
                let path = FileSystem.join(dir, name + ".lua")
                guard FileSystem.isFile(path) else { continue }
                guard FileSystem.isInside(path, dir) else {
                    call.pushNil()
                    call.push("\(path) leads outside \(dir) (a symbolic link): libraries must lie in their folder")
                    return 2
                }
                let bytes: [UInt8]
                do {
                    bytes = try FileSystem.read(path)
                } catch {
                    call.pushNil()
                    call.push(String(describing: error))
                    return 2
                }
                loaded(bytes)
                try call.load(bytes, chunkName: path)
                return 1
            }
            let searched = directories.map { FileSystem.join($0, name + ".lua") }.joined(separator: ", ")
            call.pushNil()
            call.push("no library '\(name)' (looked for \(searched))")
            return 2
        }
        do {
            let chunk = try lua.load(requireSource, chunkName: "=require")
            try lua.call(chunk, [.ref(find)])
        } catch let error as LuaError where error.kind == .memory {
            // The host ran out of memory setting the state up: the state runs no rule code
            // from now on (LuaState fails closed), so there is nothing more to install.
            return
        } catch {
            fatalError("the require helper failed: \(error)")
        }
    }

    static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy {
            ($0 >= 97 && $0 <= 122) || ($0 >= 65 && $0 <= 90) || ($0 >= 48 && $0 <= 57) || $0 == 95 || $0 == 45
        }
    }

    /// The standard libraries are captured before any rule code runs; errors name the line
    /// of the `require` call.
    static let requireSource = #"""
    local find = ...
    local error, type, tostring = error, type, tostring
    local loaded = { _G = _G, string = string, table = table, math = math, utf8 = utf8, coroutine = coroutine }
    function require(name)
      if type(name) == "number" then name = tostring(name) end
      if type(name) ~= "string" then
        error("bad argument #1 to 'require' (string expected, got " .. (name == nil and "no value" or type(name)) .. ")", 2)
      end
      if #name > 64 then error("bad argument #1 to 'require' (a library name is at most 64 bytes)", 2) end
      local value = loaded[name]
      if value == nil then
        local chunk, problem = find(name)
        if not chunk then error("module '" .. name .. "' not found: " .. problem, 2) end
        value = chunk(name)
        if value == nil then value = true end
        loaded[name] = value
      end
      return value
    end
    """#
}
