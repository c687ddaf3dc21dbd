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

/* ---- Signals ------------------------------------------------------------- */

/* Installs flag-only handlers (they write the signal number to a self-pipe)
 * for SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGALRM and SIGPIPE, and SIGWINCH.
 * A signal whose disposition is SIG_IGN on entry stays ignored (nohup,
 * `ask &` in a script). Returns 0, or -1 with errno set when the self-pipe
 * cannot be made. Call once, before anything is drawn. */
int ask_signals_install(void);

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
  ASK_WAIT_ERROR = 3    /* poll failed; errno is set */
};

/* Waits until `fd` is readable, a handled signal arrives, or `deadline_ms`
 * (CLOCK_MONOTONIC milliseconds, from ask_now_ms; negative = no deadline)
 * passes. SIGWINCH is not terminating: it is recorded (ask_take_resize)
 * and the wait goes on. Returns one of ASK_WAIT_*; *signo is set for
 * ASK_WAIT_SIGNAL. */
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

/* Applies the hold mode again (after libedit returned to cooked mode).
 * No-op before ask_tty_begin. */
void ask_tty_hold(void);

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
  ASK_READ_ERROR = 4    /* read failed; errno is set */
};

/* Reads one line from `fd` one byte at a time, so not a byte past the LF
 * is consumed (like the shell's `read`). A trailing CR before the LF is
 * dropped; a last line without LF is still a line. On ASK_READ_LINE,
 * *line is a malloc'd NUL-terminated buffer the caller frees (and wipes
 * when it held a secret). */
int ask_read_fd_line(int fd, int64_t deadline_ms, char *_Nullable *_Nonnull line,
                     size_t *len, int *signo);

/* ---- Line editing (libedit) ---------------------------------------------- */

/* One libedit session on a terminal: opaque. */
typedef struct ask_line ask_line_t;

/* Completion callback: `line` is the text before the cursor (UTF-8,
 * NUL-terminated). Returns a malloc'd replacement for that text, or NULL
 * to leave it; sets *beep to 1 when the completion is ambiguous. */
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

/* Reads one edited line after drawing `prompt` (no control characters).
 * `deadline_ms` as for ask_wait_input. On ASK_READ_LINE, *line points to
 * the line (UTF-8, without the LF, *len bytes), valid until the next call.
 * Re-applies the hold mode (ask_tty_hold) before it returns. */
int ask_line_read(ask_line_t *session, const char *prompt, int64_t deadline_ms,
                  const char *_Nullable *_Nonnull line, int *len, int *signo);

/* Adds a line to this session's history (never a secret). */
void ask_line_remember(ask_line_t *session, const char *line);

/* Ends the session and frees it (the terminal's modes are not touched:
 * ask_tty_restore does that). */
void ask_line_close(ask_line_t *session);

#pragma clang assume_nonnull end

#endif
