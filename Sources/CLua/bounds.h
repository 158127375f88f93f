// Every C path the step budget cannot see, and what bounds it. (Comments only.)
//
// The count hook runs between VM instructions: whatever runs inside one instruction (a C
// function, or the VM's own C code) is out of its reach. Each such path is bounded below, by
// one of: a charge to the step budget in proportion to the work (gh_charge, before the work or
// as it goes); a limit that refuses the work past a size; or, for work done inside a single
// instruction that grows with its operands, the memory cap (64 MB by default) that bounds the
// operands, with the watchdog's signal stopping the thread at the next instruction (in both
// modes, so at most one such instruction runs after the time limit). Times are from this
// machine (x86-64, one core).
//
// THE STACK (budget.h, gh_alloc)
// - A __call chain (a table whose __call is itself, or a cycle of them): Lua's luaD_precall
//   moves every argument up one slot per link and never reaches the hook; the stack grows by
//   one slot per link until Lua's own limit of 1,000,000 slots: about 275 s (measured at 0.55
//   ns a slot move; a 163,840-slot chain took 7.4 s). Bound: a rule thread's stack may not
//   double past GH_STACK_SLOTS (50,000); the refused growth surfaces as a memory error that the
//   sandbox's pcall, xpcall, coroutine functions and the host report as "stack overflow (a
//   sandbox limit)". A chain now stops in 0.4 to 0.5 s (Tests/CLua/test_bounds.c). The check
//   reads lua_State's layout, verified on each new state (gh_verify_stack_layout); if it does
//   not verify, stack_check stays 0 and the state runs no rule at all (LuaState.call fails
//   closed with a message), never a rule without the bound.
// - A stack grown at once past the bound (a C function asking room for many values): "stack
//   overflow" at the next instruction (gh_note_freed_block); the functions that ask for the
//   most are bounded themselves: table.unpack, string.byte and utf8.codepoint push at most
//   GH_MAX_RESULTS (8,000) values, charged a step each.
// - Any instruction that moves a frame (a call with many arguments, select('#', ...), OP_VARARG,
//   a multiple assignment) moves at most the stack: 50,000 slots, 30 microseconds.
// - Ordinary recursion: 18,000 levels of a small function, 2,500 of one with ten locals; a
//   stack whose growth went through odd sizes may stop at a quarter of the bound (12,500).
//
// THE PARSER (source.h, gh_load)
// - Labels, gotos, breaks and loops in one function, chains of and/or and of elseif, names in
//   deep nests of functions with many locals: quadratic in Lua 5.4.4's parser (8 functions of
//   32,000 forward gotos: 13 to 37 s). Bound: a pre-scan refuses more than 8,000 of each kind in
//   one function and more than 1e8 estimated comparisons in one text; what passes parses in
//   0.1 s at most. load runs the pre-scan on text and on what a reader function gives (read
//   whole first, charged a step per 16 bytes), and takes at most 4 MB; the host runs it on
//   rule files. Lua's test files and the rule files use under 0.2% of the work bound.
// - Nesting (blocks, expressions, table constructors, functions): Lua's own limit of 200 C
//   levels ("chunk has too many C levels").
//
// STRINGS (sandbox.h)
// - find, match, gmatch, gsub: the matcher backtracks inside one call. Bound: the worst-case
//   work on this subject is estimated first (quantifiers times how far each can stretch, sets
//   times their length) and refused past 2e8 units, else charged (a step per 4 units); the
//   estimate's own look at the subject is charged a step a byte and refused past 5e7 (0.2 s).
//   A plain search counts its candidate starts in one pass (charged a step per 16 bytes) and is
//   refused past 2e9 comparisons. Bytes scanned are charged after the call.
// - rep: an empty piece answers at once; a result past the memory cap is refused before any
//   work; others are charged by size.
// - format, pack, packsize: their format and string arguments are charged; unpack also the
//   bytes it read. Widths and precisions are two digits in Lua (at most some 400 bytes an item);
//   what any of them makes is charged as it is allocated.
// - byte, and utf8.codepoint: at most 8,000 values, charged a step each (a byte each).
// - utf8.len, utf8.offset: charged by the bytes they may walk; the iterator of utf8.codes is
//   charged for the continuation bytes it skips (a rule may call it with any position).
// - tonumber: charged by the string's length.
// - sub, upper, lower, reverse, char, concatenation (..), tostring with __name, error messages:
//   work as large as what they allocate, charged by the allocator (a step per 32 bytes).
// - Comparing long strings (<, <=, ==, and table keys that are equal long strings of different
//   objects): inside one instruction, no allocation: at most the memory cap compared, 10 ms;
//   the watchdog stops the thread at the next instruction (test: within 0.1 s of firing).
// - The string metatable is read-only to rule code (getmetatable gives a view): no rule can make
//   strings callable, which would give __call chains through strings.
//
// TABLES (sandbox.h)
// - insert, remove, move: written out and charged an element a step as they shift.
// - sort: charged n log n / 2 before it runs; comparisons that call Lua run under the hook.
// - concat: charged a step an element (and its result by the allocator).
// - unpack: see the stack.
// - next and pairs over a table with many empty slots, # (a binary search), a rehash of
//   ordinary keys when a table grows: at most the table's size inside one instruction (bounded
//   by the memory cap, a few milliseconds); a rehash's new array is charged by the allocator.
// - Crafted colliding keys: Lua 5.4 hashes an integer key k into a table of 2^n slots as
//   k mod (2^n - 1), so the multiples of 2^n - 1 share one chain. A lookup walks the chain, and
//   a rehash reinserts every key with a lookup each: quadratic inside one instruction (2^17
//   keys: 27 s; 2^20: hours), under the memory cap, and Debian's Lua cannot be changed. Floats
//   hash just as predictably; strings are hashed with a per-state seed. Bound: the last resort
//   below.
//
// THE LAST RESORT (LuaKit/Watchdog.swift)
// - Any path inside one instruction that nothing above bounds: a call still running a grace
//   period (twice its time limit, 0.5 to 2 s) after the watchdog stopped it cannot be unwound
//   safely, so the watchdog says so on standard error and ends the process with status 1
//   (tests: HostileCLITests.testAStepStuckInLuasCEndsTheProcess; the attack corpus's
//   c-int-key-collisions).
// - __index and __newindex chains: Lua stops them at 2,000 links ("chain too long").
//
// MEMORY AND COLLECTION (budget.h, sandbox.h, calls.h)
// - One account: host functions' allocations for the rule (strings, tables, cards they return)
//   count in the same `used` as the rule's own; they are not refused while Swift runs, but the
//   trampoline checks the cap when the host function returns, collects, and raises a memory
//   error if the state is still over it (gh_host_left_over_cap).
// - Allocation failure in host code (outside any protected call, where Lua would abort): met
//   from a 256 KB reserve given back to the C library, after which the state runs no more
//   rule code (gh_host_alloc_failed; AllocationFailureTests fails each allocation of a game in
//   turn). Only a second failure, with the reserve gone, still ends the process.
// - Allocation: charged a step per 32 bytes. An allocation past the cap makes Lua run a full
//   collection before it fails: charged as the heap's size in allocation steps.
// - Freed blocks of up to 520 bytes are kept for reuse, at most 64 KB a state (pool.h): not
//   the rule's (neither its cap nor the shared account counts them), and given back when the
//   state closes or when an allocation of the host's fails.
// - collectgarbage("collect") and ("step"): charged the heap's size.
// - Incremental collection: proportional to allocation, so charged through it.
// - Finalizers never run rule code: setmetatable refuses __gc, and a restored metatable never
//   marks its table (snapshot.h).
//
// COROUTINES AND CALLS (sandbox.h)
// - coroutine.close of coroutines whose __close closes more: at most 40 deep (Lua 5.4.4 does
//   not count that C recursion).
// - Failing wrapped coroutines whose __close resumes more: Lua's C-call count (200) ends it.
// - pcall, xpcall: the end of the budget or time cannot be caught; an xpcall handler never runs
//   for it (a hook-raised error runs the handler with hooks off).
// - The message handler writes at most 22 levels of traceback.
// - The watchdog reaches the thread running rule code, main or coroutine, by a signal whose
//   handler installs a stopping hook there; coroutines get the call's hook when they start.
//
// THE SNAPSHOT (snapshot.h)
// - save: a step a table and a field, n log n / 2 for sorting a table's keys, a step per 16
//   bytes of string; at most 256 MB (the host's limit) and 200 tables deep. unchanged and
//   restore run as host work, after the rule's budget, and are linear in the saved state.
//
// LUA 5.4.4'S KNOWN BUGS (www.lua.org/bugs.html#5.4.4), as rule code could reach them
// - lua.c assumes argv has an element: not reachable (no lua.c).
// - Wrong code when _ENV is <const> (CVE-2022-28805): fixed in Debian's 5.4.4-3+deb12u1.
// - Wrong code for constants in bitwise operations (a function with over 255 constants): wrong
//   values from registers of the same frame, no memory error; left as Lua's behavior.
// - Lua-stack overflow when the C stack overflows while handling an error (CVE-2022-33099):
//   fixed in Debian's package.
// - lua_settop may use a stack pointer luaF_close invalidated: reached only by C code that
//   pops a to-be-closed slot with lua_settop; the standard library closes its buffers with
//   lua_closeslot and the sandbox's C marks no slot to-be-closed: not reachable.
// - break may not close a for loop's variable: a __close handler runs late or not at all, in
//   the rule's own objects; no memory error. Left as Lua's behavior.
// - Generational mode after a full collection sets a poor target for the next cycle: pacing
//   only; memory stays under the cap (Lua collects fully before an allocation fails, charged
//   above) and time under the watchdog.
// - utf8.codes accepts stray continuation bytes: wrong answers on invalid text only; the bytes
//   skipped are charged (above).
// - C-stack overflow with deep nesting of coroutine.close: the 40-deep bound above.
// - Wrong line in messages of arithmetic errors: cosmetic.
// - A corrupted binary chunk can crash the loader: binary chunks are refused (load, and the
//   host loads rule files as text).
#ifndef GAMEHOST_CLUA_BOUNDS_H
#define GAMEHOST_CLUA_BOUNDS_H
#endif
