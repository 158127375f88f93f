// libedit's readline-compatible interface, for line editing and history at a terminal.
#include <stdio.h>
#include <editline/readline.h>
