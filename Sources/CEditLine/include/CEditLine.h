/*
 * CEditLine — the C side of `ask`: what Swift cannot or must not do.
 *
 * - libedit's el_set/el_get/history are variadic, which Swift cannot call:
 *   this header exposes fixed-argument functions over one line-editing
 *   session (ask_line_*).
 * - Everything that runs in a signal handler lives here (ask_signal_*):
 *   handlers only write the signal number to a self-pipe; the reading loop
 *   (ask_wait_input) sees it and returns, and the caller restores the
 *   terminal and re-raises with ask_signal_reraise. Shaped after OpenBSD's
 *   readpassphrase(3), with ISIG left on (SPEC §6).
 * - termios: the answer terminal's modes are saved once, held in a
 *   non-canonical no-echo mode while `ask` runs (so type-ahead is kept as
 *   raw bytes and never echoed twice), and restored with TCSAFLUSH on every
 *   way out, which also discards pending input.
 *
 * Every exported name starts with ask_; all else is static.
 */
#ifndef CEDITLINE_H
#define CEDITLINE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#pragma clang assume_nonnull begin

/* ---- Locale -------------------------------------------------------------- */

/* Sets LC_CTYPE from the environment; if its codeset is not UTF-8, uses
 * C.UTF-8 instead (LC_CTYPE only). libedit drops non-ASCII bytes and can
 * crash on a non-ASCII prompt without a UTF-8 LC_CTYPE.
 * Returns 0, or -1 when no UTF-8 locale could be set. */
int ask_locale_init(void);

/* ---- Standard file descriptors ------------------------------------------ */

/* Opens /dev/null on each of fds 0, 1 and 2 that is closed, so that no
 * later open or pipe lands on them (a self-pipe on fd 0 would be read as
 * answers). Returns a bit mask of those that were closed: 1 << fd; later
 * calls return the same mask. Call before opening anything else. */
int ask_reserve_standard_fds(void);

/* ---- Display width ------------------------------------------------------- */

/* Terminal columns of one Unicode scalar by glibc's wcwidth under C.UTF-8,
 * whatever the process's locale: 2 for East Asian Wide and Fullwidth, 0 for
 * combining marks, 1 for the rest, -1 for controls. */
int ask_scalar_width(uint32_t scalar);

/* ---- Signals ------------------------------------------------------------- */

/* Installs flag-only handlers (they write the signal number to a self-pipe)
 * for every signal whose default action ends the process (SIGINT, SIGTERM,
 * SIGHUP, SIGQUIT, SIGALRM, SIGUSR1, …), for SIGTSTP, SIGWINCH and SIGCONT
 * (SIGTTIN and SIGTTOU keep their default: the kernel stops a background
 * `ask` that touches the terminal); for faults (SIGSEGV, SIGILL, SIGTRAP, …) a
 * handler that restores the terminal and lets the fault recur; for SIGPIPE
 * one that does nothing, so that a write to a closed pipe fails with EPIPE
 * where it is made. A signal whose disposition is SIG_IGN on entry stays
 * ignored (nohup, `ask &` in a script). Returns 0, or -1 with errno set
 * when the self-pipe cannot be made. Call once, before anything is drawn. */
int ask_signals_install(void);

/* 1 when `sig` was ignored when ask_signals_install ran, else 0. */
int ask_signal_was_ignored(int sig);

/* Restores the terminal (ask_tty_restore), resets `sig` to SIG_DFL,
 * unblocks it and sends it to this process only (never the process group),
 * so the parent sees death by that signal (status 128+sig). Falls back to
 * _exit(128 + sig) if the signal does not end the process, and exits so
 * at once for a signal that was ignored at start (SIGPIPE under a parent
 * that ignores it: EPIPE then ends `ask` quietly). */
_Noreturn void ask_signal_reraise(int sig);

/* Result of ask_wait_input. */
enum {
  ASK_WAIT_READY = 0,   /* fd is readable (data, EOF or hang-up) */
  ASK_WAIT_SIGNAL = 1,  /* a terminating signal arrived; see *signo */
  ASK_WAIT_TIMEOUT = 2, /* the deadline passed */
  ASK_WAIT_ERROR = 3,   /* poll failed; errno is set */
  ASK_WAIT_RESUMED = 4  /* stopped (Ctrl-Z) and continued: redraw the prompt */
};

/* Waits until `fd` is readable, a handled signal arrives, or `deadline_ms`
 * (CLOCK_MONOTONIC milliseconds, from ask_now_ms; negative = no deadline)
 * passes. SIGWINCH is not terminating: it is recorded (ask_take_resize)
 * and the wait goes on. SIGTSTP restores the terminal and stops the
 * process (readpassphrase does the same); when it is continued — or
 * continued after a SIGSTOP — the terminal is held again and
 * ASK_WAIT_RESUMED tells the caller to draw the prompt again. Returns one
 * of ASK_WAIT_*; *signo is set for ASK_WAIT_SIGNAL. */
int ask_wait_input(int fd, int64_t deadline_ms, int *signo);

/* Returns 1 once after a SIGWINCH was seen by ask_wait_input, else 0. */
int ask_take_resize(void);

/* CLOCK_MONOTONIC in milliseconds. */
int64_t ask_now_ms(void);

/* ---- Terminal modes ------------------------------------------------------ */

/* Saves the termios of terminal `fd` (the answer source) for
 * ask_tty_restore, and registers the restore with atexit. Then holds the
 * terminal: canonical mode and echo off, ISIG on, no CR/LF translation
 * on input, VMIN 1, VTIME 0, applied
 * with TCSANOW so type-ahead is kept. Returns 0, or -1 with errno set
 * (the terminal is then left as it was). */
int ask_tty_begin(int fd);

/* Passes each byte read from the held terminal: of the bytes that were
 * pending when the hold began (typed ahead in canonical mode), a NUL is
 * the kernel's mark of a Ctrl-D and comes back as the terminal's EOF
 * character, so a Ctrl-D typed ahead cancels instead of hanging. */
unsigned char ask_tty_typeahead(unsigned char byte);

/* Turns echo off (only) on terminal `fd`, a terminal that is not the
 * controlling one (`setsid ask -s secure`): its secret is read as a line,
 * and must not show. ask_tty_restore puts the modes back (and runs at
 * exit). No-op while a terminal is held. Returns 0, or -1 with errno. */
int ask_tty_hide_echo(int fd);

/* Applies the hold mode again (after libedit returned to cooked mode).
 * No-op before ask_tty_begin. */
void ask_tty_hold(void);

/* Gives the terminal back its saved modes for a while (Ctrl-Z), without
 * discarding input; ask_tty_hold takes it again. */
void ask_tty_suspend(void);

/* Discards input pending on the controlling terminal when `ask` is in its
 * foreground process group and has not held it (answers from a pipe, an
 * early error): on every way out typed-ahead lines must not reach the
 * shell (SPEC §5). Registered with atexit by ask_reserve_standard_fds. */
void ask_tty_discard_pending(void);

/* Restores the saved modes with TCSAFLUSH, discarding input still pending
 * on the terminal (SPEC §5), retrying on EINTR with SIGTTOU ignored.
 * Async-signal-safe; idempotent; no-op before ask_tty_begin. */
void ask_tty_restore(void);

/* ---- Reading lines from a non-terminal ----------------------------------- */

/* Result of ask_read_fd_line and ask_line_read. */
enum {
  ASK_READ_LINE = 0,    /* a line; *len bytes, without LF or CR LF */
  ASK_READ_EOF = 1,     /* end of input (Ctrl-D on an empty line, EOF) */
  ASK_READ_SIGNAL = 2,  /* interrupted by a signal; see *signo */
  ASK_READ_TIMEOUT = 3, /* the deadline passed */
  ASK_READ_ERROR = 4,   /* read failed; errno is set */
  ASK_READ_RESUMED = 5, /* stopped and continued: draw the prompt again and
                           read again (what was typed is kept) */
  ASK_READ_TOO_LONG = 6 /* a piped line is longer than ASK_LINE_MAX bytes */
};

/* The longest line read from a pipe: 1 MiB. */
#define ASK_LINE_MAX (1024 * 1024)

/* Reads one line from `fd` one byte at a time, so not a byte past the LF
 * is consumed (like the shell's `read`). A trailing CR before the LF is
 * dropped; a last line without LF is still a line; a line longer than
 * ASK_LINE_MAX is ASK_READ_TOO_LONG. On ASK_READ_LINE,
 * *line is a malloc'd NUL-terminated buffer the caller frees (and wipes
 * when it held a secret). */
int ask_read_fd_line(int fd, int64_t deadline_ms, char *_Nullable *_Nonnull line,
                     size_t *len, int *signo);

/* ---- Line editing (libedit) ---------------------------------------------- */

/* One libedit session on a terminal: opaque. */
typedef struct ask_line ask_line_t;

/* Completion callback: `line` is the text before the cursor (UTF-8,
 * NUL-terminated). Returns a malloc'd replacement for that text, or NULL
 * to leave it; sets *beep to 1 when the completion is ambiguous, or to 2
 * when it drew something below (a list of candidates) and the prompt and
 * line must be drawn again. */
typedef char *_Nullable (*ask_complete_fn)(void *_Nullable context,
                                            const char *line, int *beep);

/* Opens a libedit session reading `infd` (a terminal) and drawing on
 * `outfd`: emacs mode, the user's editrc ($EDITRC or ~/.editrc), then Tab
 * bound to `complete` (after the editrc, so it cannot be lost) and a
 * history of this run's answers. libedit's warnings (an unknown TERM) are
 * discarded. Input is read through ask_wait_input, so signals and
 * deadlines end a read; CR LF counts as one Enter. Call it before
 * ask_tty_begin: libedit sets the terminal's cooked modes when it starts.
 * Returns NULL with errno set on failure. */
ask_line_t *_Nullable ask_line_open(const char *program, int infd, int outfd,
                                    ask_complete_fn _Nullable complete,
                                    void *_Nullable context);

/* Reads one edited line after drawing `prompt` (no control characters),
 * with `initial` (or NULL) as editable text already typed.
 * `deadline_ms` as for ask_wait_input. On ASK_READ_LINE, *line points to
 * the line (UTF-8, without the LF, *len bytes), valid until the next call.
 * Re-applies the hold mode (ask_tty_hold) before it returns. */
int ask_line_read(ask_line_t *session, const char *prompt, const char *_Nullable initial,
                  int64_t deadline_ms, const char *_Nullable *_Nonnull line, int *len, int *signo);

/* When ask_line_read returned ASK_READ_RESUMED: the text that was typed
 * (UTF-8, NUL-terminated), to give back as `initial` to the next read.
 * Valid until the next call. */
const char *ask_line_pending(ask_line_t *session);

/* Adds a line to this session's history (never a secret). */
void ask_line_remember(ask_line_t *session, const char *line);

/* Ends the session and frees it (the terminal's modes are not touched:
 * ask_tty_restore does that). */
void ask_line_close(ask_line_t *session);

/* ---- Secure text entry --------------------------------------------------- */

/* A secret being typed: bytes (UTF-8) in memory owned here, wiped by
 * ask_secret_wipe and whenever the buffer grows. Zero it with
 * ask_secret_init before use. */
typedef struct ask_secret {
  unsigned char *_Nullable bytes; /* the secret; not NUL-terminated */
  size_t length;                  /* bytes used */
  size_t capacity;                /* bytes allocated */
  int escape;                     /* escape-sequence state of the editor */
  int after_cr;                   /* the last byte was CR (CR LF is one Enter) */
  int expect;                     /* UTF-8 continuation bytes still to come */
  uint32_t last_scalar;           /* the last complete scalar, 0 when empty */
} ask_secret_t;

/* What one byte did to the secret (ask_secret_feed). */
enum {
  ASK_SECRET_NONE = 0,   /* nothing visible (a control, part of an escape) */
  ASK_SECRET_ADDED = 1,  /* *count characters added (0 or 1): draw a mask */
  ASK_SECRET_ERASED = 2, /* *count characters removed: erase masks */
  ASK_SECRET_ENTER = 3,  /* Enter: the secret is complete */
  ASK_SECRET_EOF = 4,    /* Ctrl-D on an empty field: cancel */
  ASK_SECRET_FULL = 5    /* out of memory */
};

/* Empties `s`, and makes the process non-dumpable (prctl PR_SET_DUMPABLE 0):
 * a secret is about to be held. */
void ask_secret_init(ask_secret_t *s);

/* Overwrites and frees the secret; `s` is empty afterwards. */
void ask_secret_wipe(ask_secret_t *s);

/* The masked-line editor, a pure state machine: feeds one byte typed.
 * Printable bytes and Tab are added; Backspace (DEL or ^H) removes one
 * character (not one byte); Ctrl-U clears; Ctrl-W removes the word before
 * the cursor; CR or LF is Enter (LF right after CR is dropped); Ctrl-D on
 * an empty field is end of input; escape sequences (arrow keys, bracketed
 * paste markers) and other control characters are dropped. Returns one of
 * ASK_SECRET_*, with *count the characters added or erased. A character
 * is what one `*` stands for: a scalar with the scalars that extend it
 * (combining marks, variation selectors, skin tones, what a ZWJ joins), so
 * `e` + U+0301, `👍🏽` and a ZWJ family are one each. */
int ask_secret_feed(ask_secret_t *s, unsigned char byte, size_t *count);

/* Appends `length` bytes as they are (no editing): a secret read from a
 * pipe. Returns 0, or -1 when memory runs out. */
int ask_secret_set(ask_secret_t *s, const unsigned char *bytes, size_t length);

/* The number of characters (UTF-8 lead bytes) in the secret. */
size_t ask_secret_characters(const ask_secret_t *s);

/* Reads a secret from terminal `infd` (held: no echo, ISIG on) into `s`,
 * drawing one `*` per character on `outfd` when `masked`, nothing
 * otherwise.
 * Returns ASK_READ_LINE on Enter (the secret in s), ASK_READ_EOF,
 * ASK_READ_SIGNAL (*signo), ASK_READ_TIMEOUT, ASK_READ_RESUMED (draw the
 * prompt and ask_secret_characters masks again, then call again: s keeps
 * what was typed) or ASK_READ_ERROR. */
int ask_secret_read(int infd, int outfd, int masked, int64_t deadline_ms, ask_secret_t *s,
                    int *signo);

/* Writes `bytes` (NULL when `length` is 0) to `fd` as a JSON string
 * (invalid UTF-8 becomes \ufffd, so the JSON stays valid) (quotes, backslashes and control
 * characters escaped by hand) through a stack buffer that is wiped, so a
 * secret reaches stdout with write(2) only. Returns 0, or -1 with errno set. */
int ask_write_json_string(int fd, const unsigned char *_Nullable bytes, size_t length);

/* Discards input pending on the held terminal (keys typed before a secure
 * prompt was drawn were echoed in clear by the terminal). */
void ask_tty_discard_input(void);

#pragma clang assume_nonnull end

#endif
