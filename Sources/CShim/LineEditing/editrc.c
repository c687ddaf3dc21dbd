/* The user's editrc (SPEC §6), honoured where it is theirs and never where
 * it would undo the prompt. libedit's el_source would read any file it is
 * given — a FIFO no one writes blocks it in open(2) past every signal and
 * the time limit, /dev/zero grows its line without end — and apply every
 * line, `setty` included (echo back on for a password typed next). So ask
 * reads the file itself, a regular file of at most 64 KiB between waits,
 * and hands libedit, with el_parse, only the lines that edit. */
#include "editrc.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <wchar.h>

enum {
  EDITRC_MAX = 64 * 1024, /* bytes: a larger file is not read at all */
  ARGUMENT_MAX = 256      /* scalars of a key or a macro: libedit decodes
                             them into fixed buffers (EL_BUFSIZ) unchecked */
};

/* The editrc's path as el_source finds it: $EDITRC, else $HOME/.editrc
 * (none without a HOME). malloc'd, or NULL. */
static char *editrc_path(void) {
  const char *path = secure_getenv("EDITRC");
  if (path != NULL) return path[0] != '\0' ? strdup(path) : NULL;
  const char *home = secure_getenv("HOME");
  if (home == NULL || home[0] == '\0') return NULL;
  size_t n = strlen(home) + sizeof "/.editrc";
  char *joined = malloc(n);
  if (joined != NULL) {
    memcpy(joined, home, strlen(home));
    memcpy(joined + strlen(home), "/.editrc", sizeof "/.editrc");
  }
  return joined;
}

/* A regular file of at most EDITRC_MAX bytes. */
static int readable(const struct stat *st) { return S_ISREG(st->st_mode) && st->st_size <= EDITRC_MAX; }

int ask_editrc_read(ask_session_t *session, int64_t deadline_ms, char **text, size_t *length, int *signo) {
  *text = NULL;
  *length = 0;
  char *path = editrc_path();
  if (path == NULL) return ASK_WAIT_READY;
  /* Looked at before it is opened (a device is never opened), and again
   * once open (it may have been replaced in between); O_NONBLOCK, so that
   * not even a FIFO put there in between makes the open wait. */
  struct stat st;
  int fd = stat(path, &st) == 0 && readable(&st) ? open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC) : -1;
  free(path);
  if (fd < 0) return ASK_WAIT_READY;
  char *bytes = fstat(fd, &st) == 0 && readable(&st) ? malloc(EDITRC_MAX + 1) : NULL;
  size_t n = 0;
  while (bytes != NULL) {
    int w = ask_session_wait(session, fd, deadline_ms, signo);
    if (w != ASK_WAIT_READY) {
      free(bytes);
      close(fd);
      return w == ASK_WAIT_ERROR ? ASK_WAIT_READY : w;
    }
    ssize_t r = read(fd, bytes + n, EDITRC_MAX + 1 - n);
    if (r == -1 && (errno == EINTR || errno == EAGAIN)) continue;
    if (r == 0) break;
    n += r > 0 ? (size_t)r : 0;
    if (r < 0 || n > EDITRC_MAX) { /* unreadable, or grown past the limit */
      free(bytes);
      bytes = NULL;
    }
  }
  close(fd);
  if (bytes != NULL) {
    *text = bytes;
    *length = n;
  }
  return ASK_WAIT_READY;
}

/* The scalars of `text` as libedit sees an argument (UTF-8 under its
 * locale): at most `size` - 1 of them into `out`, NUL-terminated. Returns
 * 0 when the text is not UTF-8 or too long. */
static int widen(const char *text, wchar_t *out, size_t size) {
  const unsigned char *p = (const unsigned char *)text;
  size_t left = strlen(text), n = 0;
  while (left > 0) {
    uint32_t scalar;
    size_t used = ask_utf8_sequence(p, left, &scalar);
    if (used == 0 || n + 1 >= size) return 0;
    out[n++] = (wchar_t)scalar;
    p += used;
    left -= used;
  }
  out[n] = L'\0';
  return 1;
}

/* One escape of libedit's key notation at *p (parse__escape: ^X, ^?, \a
 * \b \t \n \v \f \r \e, \ooo, \U+XXXX[X], \c for c), *p moved past it;
 * -1 when it is not valid (libedit then rejects the whole line). */
static long escape(const wchar_t **p) {
  const wchar_t *s = *p;
  long c;
  if (s[1] == L'\0') return -1;
  if (s[0] == L'^') {
    c = s[1] == L'?' ? 0177 : (long)(s[1] & 0237);
    *p = s + 2;
    return c;
  }
  s++; /* after the backslash */
  switch (*s) {
  case L'a': c = 007; break;
  case L'b': c = 010; break;
  case L't': c = 011; break;
  case L'n': c = 012; break;
  case L'v': c = 013; break;
  case L'f': c = 014; break;
  case L'r': c = 015; break;
  case L'e': c = 033; break;
  case L'U':
    /* \U+XXXX: libedit 3.1's decoder drops the character after four
     * digits, so what it binds is not what the text says (a hidden Esc,
     * or Enter, got past this filter): not applied. */
    return -1;
  case L'0': case L'1': case L'2': case L'3': case L'4': case L'5': case L'6': case L'7':
    c = 0;
    for (int i = 0; i < 3 && *s >= L'0' && *s <= L'7'; i++) c = (c << 3) | (*s++ - L'0');
    if (c > 0xff) return -1;
    *p = s;
    return c;
  default: c = *s; break;
  }
  *p = s + 1;
  return c;
}

/* The keys ask keeps (SPEC §6): Enter (^M, ^J), the terminal's EOF
 * character and Ctrl-D (cancel), Tab (complete). */
static int kept_key(long c, unsigned char eof) {
  return c == '\r' || c == '\n' || c == '\t' || c == 004 || (eof != 0 && c == eof);
}

/* 1 when key character `c` may be bound: not a key ask keeps, nor above
 * U+00FF — libedit's map_bind keeps only the low byte of a key's first
 * character (U+010D would bind ^M), and a key above U+00FF is always
 * inserted as it is typed. */
static int key_allowed(long c, unsigned char eof) { return c <= 0xff && !kept_key(c, eof); }

/* 1 when `argument` is valid in libedit's key notation (parse__string,
 * M-x for ESC x included) and, for a key (`is_key`), names none of the
 * keys ask keeps — anywhere in it: a sequence that starts with Enter, or
 * holds it, makes Enter wait for more; for a macro, holds no Esc: typed
 * by the macro, Esc x (or vi's Esc :) would open libedit's command line,
 * where `setty` could be run (echo back on for a password). */
static int notation_allowed(const char *argument, int is_key, unsigned char eof) {
  wchar_t wide[ARGUMENT_MAX + 1];
  if (!widen(argument, wide, sizeof wide / sizeof *wide)) return 0;
  size_t count = 0;
  long first = 0;
  for (const wchar_t *p = wide; *p != L'\0';) {
    long c;
    if (*p == L'\\' || *p == L'^') {
      c = escape(&p);
      if (c < 0) return 0;
    } else if (*p == L'M' && p[1] == L'-' && p[2] != L'\0') {
      c = 033;
      p += 2;
    } else {
      c = *p++;
    }
    if (is_key ? !key_allowed(c, eof) : c == 033) return 0;
    if (count++ == 0) first = c;
  }
  /* Esc alone as a key: the start of every key sequence the decoder gives
   * libedit (the arrows, Home), which would then do nothing. */
  return !(is_key && count == 1 && first == 033);
}

/* libedit's functions no binding may name: its command line (where
 * `setty` could be typed) and vi's edit of the line in $EDITOR (a child
 * ask would wait for past signals and the time limit). */
static int function_allowed(const char *name) {
  return strcmp(name, "ed-command") != 0 && strcmp(name, "vi-histedit") != 0;
}

/* The filter on one tokenized line (argv[0] the command, maybe after a
 * `program:` prefix, which el_parse matches). */
static int applies(int argc, const char **argv, unsigned char eof) {
  if (argc < 1) return 0;
  /* A program prefix is a regular expression to libedit (el_match runs
   * regcomp on it: \(.*\)\{3000\} takes seconds and hundreds of MB,
   * past signals): only `ask:` itself, which is ask's name, applies. */
  const char *command = strchr(argv[0], ':');
  if (command != NULL && (command - argv[0] != 3 || strncmp(argv[0], "ask", 3) != 0)) return 0;
  command = command != NULL ? command + 1 : argv[0];
  if (strcmp(command, "edit") == 0) return argc == 2 && strcmp(argv[1], "on") == 0;
  if (strcmp(command, "history") == 0) return argc == 3 && strcmp(argv[1], "size") == 0;
  if (strcmp(command, "bind") != 0) return 0; /* setty, settc, echotc, telltc, … */
  /* As libedit's map_bind reads its arguments. */
  int i = 1, symbolic = 0, macro = 0, removal = 0;
  for (; i < argc && argv[i][0] == '-'; i++) {
    switch (argv[i][1]) {
    case 'v': /* vi or emacs mode: libedit reads no further */
    case 'e': return 1;
    case 'k': symbolic = 1; break;
    case 's': macro = 1; break;
    case 'r': removal = 1; break;
    case 'a': break;
    default: return 0; /* -l lists the functions; the rest are no options */
    }
  }
  if (i >= argc) return 0; /* a bare bind lists every binding */
  if (!symbolic && !notation_allowed(argv[i], 1, eof)) return 0;
  if (removal) return 1;
  if (++i >= argc) return 0; /* a key alone: lists its binding */
  return macro ? notation_allowed(argv[i], 0, eof) : function_allowed(argv[i]);
}

/* Tokenizes `line` as el_source does (tok_str with the default separators)
 * into *argc, *argv (valid until the next call on `tok`); 0 when it is
 * empty, a comment or not whole (an open quote). */
static int tokenize(Tokenizer *tok, const char *line, int *argc, const char ***argv) {
  while (*line == ' ' || *line == '\t') line++;
  if (*line == '\0' || *line == '#') return 0;
  tok_reset(tok);
  return tok_str(tok, line, argc, argv) == 0 && *argc > 0;
}

int ask_editrc_line_applies(const char *line, unsigned char eof) {
  Tokenizer *tok = tok_init(NULL);
  if (tok == NULL) return 0;
  int argc;
  const char **argv;
  int result = tokenize(tok, line, &argc, &argv) && applies(argc, argv, eof);
  tok_end(tok);
  return result;
}

int ask_editrc_apply(EditLine *el, const char *text, size_t length, unsigned char eof) {
  if (text == NULL) return 0;
  Tokenizer *tok = tok_init(NULL);
  char *line = malloc(length + 1);
  int applied = 0;
  for (size_t start = 0; tok != NULL && line != NULL && start < length;) {
    const char *end = memchr(text + start, '\n', length - start);
    size_t n = end != NULL ? (size_t)(end - (text + start)) : length - start;
    memcpy(line, text + start, n); /* a NUL in it ends it, as for el_source */
    line[n] = '\0';
    start += n + 1;
    int argc;
    const char **argv;
    if (tokenize(tok, line, &argc, &argv) && applies(argc, argv, eof)) {
      (void)el_parse(el, argc, argv);
      applied++;
    }
  }
  free(line);
  if (tok != NULL) tok_end(tok);
  return applied;
}
