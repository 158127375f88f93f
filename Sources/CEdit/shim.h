// libedit's readline-compatible interface, for line editing and history at a terminal.
#include <stdio.h>
#include <editline/readline.h>

// libedit's completion hook is a global variable: set through a function, so Swift does not
// hold a reference to C global state.
static inline void gh_set_completion(char *(*entry)(const char *, int)) {
    rl_completion_entry_function = (rl_compentry_func_t *)entry;
}
