// A pre-scan of Lua source text, run before Lua's parser sees it. Lua 5.4.4's parser does
// some work in time quadratic in what one function holds, out of reach of any hook (it runs
// inside one C call, load or the host's loading of a rule file):
//   - labels and gotos: each label is looked up among the function's labels, each label
//     scans the block's pending gotos, and each resolved goto is removed by shifting the rest
//     (lparser.c: findlabel, solvegotos, solvegoto); `break` is a goto, and each loop's end a
//     label that scans the gotos inside it;
//   - a chain of `and` or `or` walks the chain's jump list to its end at each link, and so
//     does a chain of `elseif` (lcode.c: luaK_concat);
//   - each name is looked up among the active locals and upvalues of its function, then of
//     each enclosing function, twice for a global (lparser.c: singlevaraux): deep nests of
//     functions with many locals make every name costly.
// 32,000 forward gotos in one function take seconds; 8 such functions, half a minute.
//
// gh_source_problem tokenizes the text as Lua's lexer does (comments, short strings and their
// escapes, long strings and comments of any level), follows blocks, functions and local
// declarations, and estimates that work as it goes: per function, the square of each count
// above; per name, the locals it may be compared with. Text past a bound is refused with a
// message naming the bound and the line. Every program of Lua's own test suite and every
// rule file passes with a wide margin (Tests/CLua/test_source.c).
#ifndef GAMEHOST_CLUA_SOURCE_H
#define GAMEHOST_CLUA_SOURCE_H

#include <stdio.h>
#include <string.h>

// Per function: gotos, breaks, labels and loops; `and` and `or`; `elseif`.
#define GH_SOURCE_FUNCTION_LIMIT 8000
// The whole text's estimated parse work, in comparisons (about a nanosecond each).
#define GH_SOURCE_WORK_LIMIT 100000000.0
// Deeper nesting than Lua's parser accepts (it stops at 200 C levels): the scan stops there
// too, as the parser will.
#define GH_SOURCE_MAX_NESTING 400

enum { GH_TK_EOF, GH_TK_NAME, GH_TK_KEYWORD, GH_TK_OTHER, GH_TK_DBCOLON, GH_TK_DOT, GH_TK_COLON, GH_TK_COMMA,
       GH_TK_LT, GH_TK_GT, GH_TK_EQ, GH_TK_LPAREN, GH_TK_RPAREN, GH_TK_DOTS };

enum { GH_KW_NONE, GH_KW_AND, GH_KW_BREAK, GH_KW_DO, GH_KW_ELSE, GH_KW_ELSEIF, GH_KW_END, GH_KW_FALSE, GH_KW_FOR,
       GH_KW_FUNCTION, GH_KW_GOTO, GH_KW_IF, GH_KW_IN, GH_KW_LOCAL, GH_KW_NIL, GH_KW_NOT, GH_KW_OR, GH_KW_REPEAT,
       GH_KW_RETURN, GH_KW_THEN, GH_KW_TRUE, GH_KW_UNTIL, GH_KW_WHILE };

typedef struct gh_lexer {
    const char *p, *end;
    int line;
} gh_lexer;

typedef struct gh_token {
    int type, keyword, line;
} gh_token;

static inline int gh_is_name_start(int c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_'; }
static inline int gh_is_name_char(int c) { return gh_is_name_start(c) || (c >= '0' && c <= '9'); }

// Skips a line break ("\n", "\r", "\r\n" or "\n\r", as Lua counts them) at p.
static inline void gh_lex_newline(gh_lexer *lx) {
    char c = *lx->p++;
    if (lx->p < lx->end && (*lx->p == '\n' || *lx->p == '\r') && *lx->p != c) lx->p++;
    lx->line++;
}

// At '[': the level of a long bracket `[==[` (its number of '='), or -1 when it is not one.
static inline int gh_long_bracket(const gh_lexer *lx) {
    const char *q = lx->p + 1;
    int level = 0;
    while (q < lx->end && *q == '=') { q++; level++; }
    return (q < lx->end && *q == '[') ? level : -1;
}

// Skips a long string or comment whose opening bracket of `level` starts at p.
static inline void gh_lex_long(gh_lexer *lx, int level) {
    lx->p += level + 2;
    while (lx->p < lx->end) {
        char c = *lx->p;
        if (c == ']') {
            const char *q = lx->p + 1;
            int n = 0;
            while (q < lx->end && *q == '=') { q++; n++; }
            if (n == level && q < lx->end && *q == ']') {
                lx->p = q + 1;
                return;
            }
            lx->p = q;
        } else if (c == '\n' || c == '\r') {
            gh_lex_newline(lx);
        } else {
            lx->p++;
        }
    }
}

// Skips a short string opened by the quote at p: a backslash takes the next byte with it (a
// line break there is part of the string), and an unescaped line break ends it (an error
// Lua's lexer reports).
static inline void gh_lex_short(gh_lexer *lx) {
    char quote = *lx->p++;
    while (lx->p < lx->end) {
        char c = *lx->p;
        if (c == quote) { lx->p++; return; }
        if (c == '\n' || c == '\r') return;
        if (c == '\\') {
            lx->p++;
            if (lx->p >= lx->end) return;
            if (*lx->p == '\n' || *lx->p == '\r') gh_lex_newline(lx);
            else if (*lx->p == 'z') {  // \z skips the white space that follows, line breaks too
                lx->p++;
                while (lx->p < lx->end && (*lx->p == ' ' || *lx->p == '\t' || *lx->p == '\f' || *lx->p == '\v' ||
                                           *lx->p == '\n' || *lx->p == '\r')) {
                    if (*lx->p == '\n' || *lx->p == '\r') gh_lex_newline(lx);
                    else lx->p++;
                }
            } else lx->p++;
            continue;
        }
        lx->p++;
    }
}

static int gh_keyword(const char *s, size_t n) {
    static const struct { const char *word; int kw; } words[] = {
        {"and", GH_KW_AND}, {"break", GH_KW_BREAK}, {"do", GH_KW_DO}, {"else", GH_KW_ELSE}, {"elseif", GH_KW_ELSEIF},
        {"end", GH_KW_END}, {"false", GH_KW_FALSE}, {"for", GH_KW_FOR}, {"function", GH_KW_FUNCTION},
        {"goto", GH_KW_GOTO}, {"if", GH_KW_IF}, {"in", GH_KW_IN}, {"local", GH_KW_LOCAL}, {"nil", GH_KW_NIL},
        {"not", GH_KW_NOT}, {"or", GH_KW_OR}, {"repeat", GH_KW_REPEAT}, {"return", GH_KW_RETURN},
        {"then", GH_KW_THEN}, {"true", GH_KW_TRUE}, {"until", GH_KW_UNTIL}, {"while", GH_KW_WHILE},
    };
    if (n < 2 || n > 8) return GH_KW_NONE;
    for (size_t i = 0; i < sizeof words / sizeof words[0]; i++)
        if (strlen(words[i].word) == n && memcmp(words[i].word, s, n) == 0) return words[i].kw;
    return GH_KW_NONE;
}

// The next token (its kind and line); strings, numbers and most symbols are GH_TK_OTHER.
static gh_token gh_lex(gh_lexer *lx) {
    gh_token t = {GH_TK_EOF, GH_KW_NONE, 0};
    for (;;) {
        if (lx->p >= lx->end) { t.line = lx->line; return t; }
        char c = *lx->p;
        if (c == '\n' || c == '\r') { gh_lex_newline(lx); continue; }
        if (c == ' ' || c == '\t' || c == '\f' || c == '\v') { lx->p++; continue; }
        if (c == '-' && lx->p + 1 < lx->end && lx->p[1] == '-') {
            lx->p += 2;
            int level;
            if (lx->p < lx->end && *lx->p == '[' && (level = gh_long_bracket(lx)) >= 0) {
                gh_lex_long(lx, level);
            } else {
                while (lx->p < lx->end && *lx->p != '\n' && *lx->p != '\r') lx->p++;
            }
            continue;
        }
        break;
    }
    t.line = lx->line;
    char c = *lx->p;
    if (gh_is_name_start((unsigned char)c)) {
        const char *start = lx->p;
        while (lx->p < lx->end && gh_is_name_char((unsigned char)*lx->p)) lx->p++;
        t.keyword = gh_keyword(start, (size_t)(lx->p - start));
        t.type = t.keyword ? GH_TK_KEYWORD : GH_TK_NAME;
        return t;
    }
    if ((c >= '0' && c <= '9') || (c == '.' && lx->p + 1 < lx->end && lx->p[1] >= '0' && lx->p[1] <= '9')) {
        // A numeral: digits, letters, points, and a sign after an exponent mark.
        char last = 0;
        while (lx->p < lx->end) {
            char d = *lx->p;
            if (gh_is_name_char((unsigned char)d) || d == '.') last = d;
            else if ((d == '+' || d == '-') && (last == 'e' || last == 'E' || last == 'p' || last == 'P')) last = d;
            else break;
            lx->p++;
        }
        t.type = GH_TK_OTHER;
        return t;
    }
    if (c == '"' || c == '\'') {
        gh_lex_short(lx);
        t.type = GH_TK_OTHER;
        return t;
    }
    if (c == '[') {
        int level = gh_long_bracket(lx);
        if (level >= 0) gh_lex_long(lx, level);
        else lx->p++;
        t.type = GH_TK_OTHER;
        return t;
    }
    lx->p++;
    switch (c) {
    case ':':
        if (lx->p < lx->end && *lx->p == ':') { lx->p++; t.type = GH_TK_DBCOLON; }
        else t.type = GH_TK_COLON;
        return t;
    case '.':
        if (lx->p < lx->end && *lx->p == '.') {
            lx->p++;
            if (lx->p < lx->end && *lx->p == '.') { lx->p++; t.type = GH_TK_DOTS; }
            else t.type = GH_TK_OTHER;  // ..
        } else {
            t.type = GH_TK_DOT;
        }
        return t;
    case ',': t.type = GH_TK_COMMA; return t;
    case '<': t.type = (lx->p < lx->end && (*lx->p == '=' || *lx->p == '<')) ? (lx->p++, GH_TK_OTHER) : GH_TK_LT; return t;
    case '>': t.type = (lx->p < lx->end && (*lx->p == '=' || *lx->p == '>')) ? (lx->p++, GH_TK_OTHER) : GH_TK_GT; return t;
    case '=': t.type = (lx->p < lx->end && *lx->p == '=') ? (lx->p++, GH_TK_OTHER) : GH_TK_EQ; return t;
    case '(': t.type = GH_TK_LPAREN; return t;
    case ')': t.type = GH_TK_RPAREN; return t;
    default: t.type = GH_TK_OTHER; return t;
    }
}

// MARK: - Following functions, blocks and locals

enum { GH_BLOCK_FUNCTION, GH_BLOCK_PLAIN, GH_BLOCK_IF, GH_BLOCK_REPEAT };

typedef struct gh_scan_block {
    int kind;
    int function;   // index of its function
    long locals;    // locals declared in it (in its current branch, for `if`)
} gh_scan_block;

typedef struct gh_scan_function {
    int line;
    long jumps, logic, branches;  // gotos, breaks, labels, loops; and/or; elseif
    long locals;                  // active locals, all open blocks
} gh_scan_function;

typedef struct gh_scan {
    gh_scan_block blocks[GH_SOURCE_MAX_NESTING];
    gh_scan_function functions[GH_SOURCE_MAX_NESTING];
    int nblocks, nfunctions;
    long chain_locals;  // active locals of every open function
    double work;
    char *msg;
    size_t msglen;
    int problem;        // the line of the first problem, 0 while there is none
} gh_scan;

static void gh_scan_refuse(gh_scan *sc, int line, const char *what) {
    if (sc->problem) return;
    sc->problem = line > 0 ? line : 1;
    if (sc->msg && sc->msglen) snprintf(sc->msg, sc->msglen, "%s (a sandbox limit)", what);
}

// Adds one to a per-function count (its square is the work): refused past the bounds.
static void gh_scan_count(gh_scan *sc, long *count, int line, const char *what) {
    sc->work += 2.0 * (double)*count + 1.0;
    (*count)++;
    if (*count > GH_SOURCE_FUNCTION_LIMIT) {
        char text[160];
        snprintf(text, sizeof text, "more than %d %s in one function", GH_SOURCE_FUNCTION_LIMIT, what);
        gh_scan_refuse(sc, line, text);
    } else if (sc->work > GH_SOURCE_WORK_LIMIT) {
        gh_scan_refuse(sc, line, "too much for the parser in one text: too many gotos, labels, 'and'/'or', 'elseif' "
                                 "or names in nested functions");
    }
}

static gh_scan_function *gh_scan_current(gh_scan *sc) { return &sc->functions[sc->nfunctions - 1]; }

static void gh_scan_add_locals(gh_scan *sc, long n) {
    if (sc->nblocks == 0) return;
    sc->blocks[sc->nblocks - 1].locals += n;
    gh_scan_current(sc)->locals += n;
    sc->chain_locals += n;
}

static void gh_scan_drop_locals(gh_scan *sc, gh_scan_block *b) {
    sc->functions[b->function].locals -= b->locals;
    sc->chain_locals -= b->locals;
    b->locals = 0;
}

// Opens a block (a function's body when `kind` is GH_BLOCK_FUNCTION) with `locals` declared.
// Returns 0 past the nesting Lua's parser accepts.
static int gh_scan_open(gh_scan *sc, int kind, long locals, int line) {
    if (sc->nblocks >= GH_SOURCE_MAX_NESTING || sc->nfunctions >= GH_SOURCE_MAX_NESTING) return 0;
    if (kind == GH_BLOCK_FUNCTION) {
        gh_scan_function *f = &sc->functions[sc->nfunctions++];
        memset(f, 0, sizeof *f);
        f->line = line;
    }
    gh_scan_block *b = &sc->blocks[sc->nblocks++];
    b->kind = kind;
    b->function = sc->nfunctions - 1;
    b->locals = 0;
    gh_scan_add_locals(sc, locals);
    return 1;
}

static void gh_scan_close(gh_scan *sc) {
    if (sc->nblocks <= 1) return;  // an `end` too many: the parser reports it
    gh_scan_block *b = &sc->blocks[sc->nblocks - 1];
    gh_scan_drop_locals(sc, b);
    if (b->kind == GH_BLOCK_FUNCTION) sc->nfunctions--;
    sc->nblocks--;
}

// Whether `s` (n bytes of Lua source) is past a bound of the sandbox: 0 when it is not; else
// the line where it is, or -1 when the text is longer than `size_limit` (0: no size bound),
// with the reason in `msg` ("more than 8000 gotos, breaks, labels and loops in one function
// (a sandbox limit)"; the caller adds the chunk's name and the line, as Lua's messages have
// them). Binary chunks are not looked at (0).
static inline int gh_source_scan(const char *s, size_t n, size_t size_limit, char *msg, size_t msglen, double *work);

static inline int gh_source_problem(const char *s, size_t n, size_t size_limit, char *msg, size_t msglen) {
    return gh_source_scan(s, n, size_limit, msg, msglen, NULL);
}

// gh_source_problem, also giving the estimated parse work (for tests).
static inline int gh_source_scan(const char *s, size_t n, size_t size_limit, char *msg, size_t msglen, double *work) {
    if (work) *work = 0;
    if (msg && msglen) msg[0] = 0;
    if (size_limit != 0 && n > size_limit) {
        if (msg && msglen)
            snprintf(msg, msglen, "text of %zu bytes, more than %zu (a sandbox limit)", n, size_limit);
        return -1;
    }
    if (n > 0 && s[0] == LUA_SIGNATURE[0]) return 0;
    gh_scan *sc = (gh_scan *)calloc(1, sizeof(gh_scan));
    if (sc == NULL) {
        if (msg && msglen) snprintf(msg, msglen, "not enough memory to read the text");
        return -1;
    }
    sc->msg = msg;
    sc->msglen = msglen;
    gh_lexer lx = {s, s + n, 1};
    // A first line starting with '#' is skipped, as Lua does.
    if (lx.p < lx.end && *lx.p == '#')
        while (lx.p < lx.end && *lx.p != '\n' && *lx.p != '\r') lx.p++;
    gh_scan_open(sc, GH_BLOCK_FUNCTION, 1, 1);  // the main chunk, with _ENV
    // What the tokens just read are part of: a local declaration, a for's names, a function's
    // name or parameters, a goto's label.
    enum { NONE, LOCAL_NAMES, LOCAL_ATTRIB, FOR_NAMES, FUNC_NAME, FUNC_PARAMS, GOTO_NAME, LABEL_NAME, LABEL_END } mode = NONE;
    long pending = 0;       // names counted for the declaration in progress
    long for_locals = 0;    // locals of a `for` whose body is about to open
    int method = 0;         // the function being declared is a method (self)
    int local_function = 0;
    int prev = GH_TK_OTHER;
    for (;;) {
        gh_token t = gh_lex(&lx);
        if (t.type == GH_TK_EOF || sc->problem) break;
        gh_scan_function *f = gh_scan_current(sc);
        // Declarations in progress.
        if (mode == LOCAL_NAMES || mode == LOCAL_ATTRIB) {
            if (t.type == GH_TK_NAME) {
                if (mode == LOCAL_NAMES) pending++;
                prev = t.type;
                continue;
            }
            if (t.type == GH_TK_LT) { mode = LOCAL_ATTRIB; prev = t.type; continue; }
            if (t.type == GH_TK_GT || t.type == GH_TK_COMMA) { mode = LOCAL_NAMES; prev = t.type; continue; }
            gh_scan_add_locals(sc, pending);
            mode = NONE;
        } else if (mode == FOR_NAMES) {
            if (t.type == GH_TK_NAME) { pending++; prev = t.type; continue; }
            if (t.type == GH_TK_COMMA) { prev = t.type; continue; }
            for_locals = pending + (t.type == GH_TK_EQ ? 3 : 4);  // Lua's hidden loop variables
            mode = NONE;
        } else if (mode == FUNC_NAME) {
            if (t.type == GH_TK_NAME || t.type == GH_TK_DOT) { prev = t.type; continue; }
            if (t.type == GH_TK_COLON) { method = 1; prev = t.type; continue; }
            mode = t.type == GH_TK_LPAREN ? FUNC_PARAMS : NONE;
            pending = method;
            prev = t.type;
            continue;
        } else if (mode == FUNC_PARAMS) {
            if (t.type == GH_TK_NAME) { pending++; prev = t.type; continue; }
            if (t.type == GH_TK_COMMA || t.type == GH_TK_DOTS) { prev = t.type; continue; }
            mode = NONE;
            if (!gh_scan_open(sc, GH_BLOCK_FUNCTION, pending, t.line)) break;
            prev = t.type;
            continue;  // the `)`
        } else if (mode == GOTO_NAME || mode == LABEL_NAME) {
            // A goto's label, or a label's name (its closing `::` comes next): not looked up.
            int label = mode == LABEL_NAME;
            mode = NONE;
            if (t.type == GH_TK_NAME) {
                if (label) mode = LABEL_END;
                prev = t.type;
                continue;
            }
        } else if (mode == LABEL_END) {
            mode = NONE;
            if (t.type == GH_TK_DBCOLON) { prev = t.type; continue; }
        }
        if (t.type == GH_TK_NAME) {
            // A name looked up among the locals (not a field, a method or a label): compared
            // with the locals of each enclosing function, and again for _ENV when global.
            if (prev != GH_TK_DOT && prev != GH_TK_COLON) {
                sc->work += 2.0 * (double)sc->chain_locals + (double)sc->nfunctions;
                if (sc->work > GH_SOURCE_WORK_LIMIT)
                    gh_scan_refuse(sc, t.line, "too much for the parser in one text: too many gotos, labels, "
                                               "'and'/'or', 'elseif' or names in nested functions");
            }
            prev = t.type;
            continue;
        }
        if (t.type == GH_TK_DBCOLON) {  // a label: `::` name `::`
            gh_scan_count(sc, &f->jumps, t.line, "gotos, breaks, labels and loops");
            mode = LABEL_NAME;
            prev = t.type;
            continue;
        }
        if (t.type == GH_TK_KEYWORD) {
            switch (t.keyword) {
            case GH_KW_LOCAL: {
                gh_token next = gh_lex(&lx);
                if (next.type == GH_TK_KEYWORD && next.keyword == GH_KW_FUNCTION) {
                    gh_token name = gh_lex(&lx);
                    (void)name;
                    gh_scan_add_locals(sc, 1);  // the function's own name is in scope in its body
                    local_function = 1;
                    mode = FUNC_NAME;
                    method = 0;
                } else {
                    mode = next.type == GH_TK_NAME ? LOCAL_NAMES : NONE;
                    pending = next.type == GH_TK_NAME ? 1 : 0;
                }
                prev = GH_TK_NAME;
                continue;
            }
            case GH_KW_FUNCTION: mode = FUNC_NAME; method = 0; local_function = 0; break;
            case GH_KW_FOR:
                gh_scan_count(sc, &f->jumps, t.line, "gotos, breaks, labels and loops");
                mode = FOR_NAMES;
                pending = 0;
                break;
            case GH_KW_WHILE: case GH_KW_REPEAT:
                gh_scan_count(sc, &f->jumps, t.line, "gotos, breaks, labels and loops");
                if (t.keyword == GH_KW_REPEAT && !gh_scan_open(sc, GH_BLOCK_REPEAT, 0, t.line)) goto done;
                break;
            case GH_KW_DO:
                if (!gh_scan_open(sc, GH_BLOCK_PLAIN, for_locals, t.line)) goto done;
                for_locals = 0;
                break;
            case GH_KW_IF:
                if (!gh_scan_open(sc, GH_BLOCK_IF, 0, t.line)) goto done;
                break;
            case GH_KW_ELSEIF:
                gh_scan_count(sc, &f->branches, t.line, "'elseif'");
                gh_scan_drop_locals(sc, &sc->blocks[sc->nblocks - 1]);
                break;
            case GH_KW_ELSE: gh_scan_drop_locals(sc, &sc->blocks[sc->nblocks - 1]); break;
            case GH_KW_END: case GH_KW_UNTIL: gh_scan_close(sc); break;
            case GH_KW_GOTO:
                gh_scan_count(sc, &f->jumps, t.line, "gotos, breaks, labels and loops");
                mode = GOTO_NAME;
                break;
            case GH_KW_BREAK: gh_scan_count(sc, &f->jumps, t.line, "gotos, breaks, labels and loops"); break;
            case GH_KW_AND: case GH_KW_OR: gh_scan_count(sc, &f->logic, t.line, "'and'/'or' operators"); break;
            default: break;
            }
        }
        prev = t.type;
    }
done:
    (void)local_function;
    if (work) *work = sc->work;
    int problem = sc->problem;
    free(sc);
    return problem;
}

#endif
