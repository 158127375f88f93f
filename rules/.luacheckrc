-- luacheck configuration for GameHost rule files: the globals of the rule sandbox
-- (docs/lua-api.md, "The sandbox"). Rules receive the host API as the `game` argument of
-- their hooks, never as a global. Run: luacheck --config rules/.luacheckrc rules (gamehost check
-- runs it on the file it checks).
std = "lua54"
-- Removed by the sandbox: files, the process and the VM's internals.
not_globals = { "io", "debug", "package", "dofile", "loadfile" }
-- Of `os`, only the host clock is kept.
read_globals = { os = { fields = { "time", "clock" } } }
max_line_length = 130
-- Hooks take (state, input, game) whether or not they use all three.
unused_args = false
