/*
 * CEditLine — the C side of `ask`: what Swift cannot or must not do.
 *
 * - The terminal session (ask_session_*): termios, signal handlers and the
 *   wait for input, as one value that gives back everything it borrowed.
 *   Everything that runs in a signal handler lives here.
 * - libedit's el_set/el_get/history are variadic, which Swift cannot call:
 *   fixed-argument functions over one line-editing session (ask_line_*).
 * - Secure text entry: the masked-line editor and the secret's memory
 *   (ask_secret_*), never a Swift String.
 * - Writing whole buffers and JSON strings with write(2) (ask_write_*).
 *
 * Every exported name starts with ask_; all else is static.
 */
#ifndef CEDITLINE_H
#define CEDITLINE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <termios.h>

#pragma clang assume_nonnull begin

/* ---- The process's standard descriptors (the CLI only) ------------------ */

/* Opens /dev/null on each of fds 0, 1 and 2 that is closed, so that no
 * later open or pipe lands on them (a wake-up pipe on fd 0 would be read as
 * answers). Returns a bit mask of those that were closed: 1 << fd; later
 * calls return the same mask. Call before opening anything else. */
int ask_reserve_standard_fds(void);

/* Discards input pending on the controlling terminal when this process is
 * in its foreground process group: on every way out of `ask`, typed-ahead
 * lines must not reach the shell (SPEC §5). A session does it itself when
 * it ends; this is for ways out without one (an early error). */
void ask_discard_pending_input(void);

/* 1 when `sig`'s action is SIG_IGN now, else 0. */
int ask_signal_is_ignored(int sig);

/* Unblocks every signal: a mask inherited from the parent (blocked
 * signals survive exec) must not make Ctrl-C or kill do nothing to `ask`.
 * (A library host's mask is left alone: the session keeps it.) */
void ask_unblock_signals(void);

/* Puts the default action back for SIGQUIT and the fault signals where a
 * handler was installed before `main` (the Swift runtime's backtracer, in
 * builds linked dynamically, which keeps a process alive after ^\ and
 * prints a crash report for a signal sent with kill). */
void ask_default_fault_actions(void);

/* Ends the process by `sig`, to this process only (never its group): the
 * default action put back and the signal unblocked, so the parent sees
 * death by it (128+sig); _exit(128 + sig) when that did not end it (the
 * signal is ignored, as SIGPIPE under some parents or SIGHUP under nohup). */
_Noreturn void ask_die_by(int sig);

/* ---- Display width ------------------------------------------------------- */

/* Terminal columns of one Unicode scalar by glibc's wcwidth under C.UTF-8,
 * whatever the process's locale: 2 for East Asian Wide and Fullwidth, 0 for
 * combining marks, 1 for the rest, -1 for controls. */
int ask_scalar_width(uint32_t scalar);

/* ---- The terminal session ------------------------------------------------ */

/* One borrowing of the terminal and of the process's signals, shaped after
 * OpenBSD's readpassphrase(3) (SPEC §5, §6, §8). Opaque.
 *
 * ask_session_begin saves the signal mask and the action of every signal
 * it replaces, and installs its handlers:
 * - every signal whose default action ends the process (SIGINT, SIGTERM,
 *   SIGHUP, SIGQUIT, SIGPIPE, SIGALRM, SIGUSR1/2, SIGXCPU, SIGXFSZ,
 *   SIGVTALRM, SIGPROF, SIGPOLL, SIGSTKFLT, SIGPWR, SIGRTMIN…SIGRTMAX):
 *   a flag-only handler — the signal is marked pending (never lost, however
 *   many others arrive) and a wake-up byte written — so that a wait ends
 *   and the caller can end the session, which delivers it;
 * - faults (SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT, SIGSYS),
 *   raised by the CPU or sent with kill(2): the handler restores the
 *   terminal and the signal's saved action; when that is the default it
 *   raises the signal again at once (the process dies by it, terminal
 *   restored), else it marks the signal pending as above;
 * - SIGTSTP, SIGTTIN and SIGTTOU (sent with kill(2), or the kernel's for
 *   a terminal call from the background): the wait gives the terminal its
 *   saved modes and its turn back, stops the process by the signal's
 *   saved action (the default: a stop, never an EINTR loop), and takes the
 *   turn and the terminal again when continued, as readpassphrase(3) does;
 *   SIGCONT: the held modes are applied again (after every continue,
 *   before anything is read); SIGWINCH: noted for ask_session_take_resize.
 * A signal whose action is SIG_IGN at begin stays ignored (nohup, SIGTSTP
 * inside `$(…)`). The handled signals are unblocked in the calling thread.
 *
 * One prompt at a time per terminal, across processes (SPEC §6; turn.c):
 * before the terminal is held, the session takes the turn — an exclusive
 * flock(2) on the terminal's device node (TIOCGDEV: /dev/pts/3, never
 * /dev/tty) — and reads the modes it saves after that; it gives the turn
 * back when it gives the modes back (at a stop, at the end), after them.
 * A session waiting for the turn draws ask_session_set_waiting_text's
 * line once, never inside the holder's line: the holder, asked, ends its
 * line and draws its prompt again below (ASK_WAIT_RESUMED). Where the
 * device node cannot be opened (after `su`, it is the first user's) there
 * are no turns: the session goes on at once, as before.
 *
 * ask_session_end restores the terminal, the signal actions and the mask,
 * and then sends each terminating signal that arrived meanwhile to this
 * process, once, so that it reaches the saved action: the default action
 * ends the process by it (128+N), a host's handler runs.
 *
 * Sessions nest (the last begun is the first ended); a terminal can be in
 * one session only. The only file-scope state is the pointer to the
 * innermost session, which the handlers reach. */
typedef struct ask_session ask_session_t;

/* ---- UTF-8 (utf8.c): the shim's one decoder ------------------------------ */

/* The length of the UTF-8 sequence that `lead` begins: 1 to 4, or 0 when
 * no valid sequence begins with it. */
size_t ask_utf8_length(unsigned char lead);

/* The length of the valid UTF-8 sequence at `bytes` (at most `left`), with
 * its scalar in *scalar (when not NULL); 0 when it is not one (overlong,
 * surrogate, past U+10FFFF, cut short). */
size_t ask_utf8_sequence(const unsigned char *bytes, size_t left, uint32_t *_Nullable scalar);

/* 1 when all `length` bytes at `bytes` are valid UTF-8 (as
 * ask_utf8_sequence decides, one sequence after another), else 0. Reads
 * the bytes only: a secret may be checked in place. */
int ask_utf8_is_valid(const unsigned char *_Nullable bytes, size_t length);

/* JSON string escaping, the one rule (Swift's result printer uses it too):
 * escapes the character at `bytes` (at most `left`) into `out` and returns
 * how many bytes it wrote (1 to 6), with *consumed the input bytes taken:
 * `"` and `\` and \n \r \t escaped, other controls as \u00XX, invalid
 * UTF-8 as \ufffd, everything else as it is. */
size_t ask_json_escape_one(const unsigned char *bytes, size_t left, unsigned char out[_Nonnull 6],
                           size_t *consumed);

/* Claims terminal `fd` for one console of this process: 0, or -1 with
 * errno EBUSY when another console has it (by device number); 0 too when
 * `fd` is not a terminal. ask_terminal_unclaim gives it up. */
int ask_terminal_claim(int fd);
void ask_terminal_unclaim(int fd);

/* Begins a session on terminal `fd` (-1: none; the signals only) — the
 * terminal is not changed until ask_session_hold. Returns the session, or
 * NULL with errno set: EBUSY when `fd` is a terminal that a session of this
 * process already has (same device number), or the error of making the
 * wake-up pipe. */
ask_session_t *_Nullable ask_session_begin(int fd);

/* Opens the terminal at `path` (read and write, not as the controlling
 * terminal, close-on-exec: pinentry's `OPTION ttyname`) and begins a
 * session on it, which closes it when it ends. Returns NULL with errno set
 * (the open's error, or as ask_session_begin; ENOTTY when `path` is not a
 * terminal). */
ask_session_t *_Nullable ask_session_open(const char *path);

/* The line a wait for the terminal's turn draws (ending in LF; copied),
 * or NULL for none. */
void ask_session_set_waiting_text(ask_session_t *_Nullable session, const char *_Nullable text);

/* Waits for the terminal's turn (see above) until `deadline_ms` (as for
 * ask_session_wait; negative: none), which later holds of this session
 * keep: ASK_WAIT_READY when this process has it (at once when it already
 * has, or there are no turns), ASK_WAIT_SIGNAL (*signo) or
 * ASK_WAIT_TIMEOUT. Stops while waiting just stop (nothing is held). */
int ask_session_take_turn(ask_session_t *_Nullable session, int64_t deadline_ms, int *signo);

/* ask_session_take_turn for terminal `fd`, the one answers come from,
 * when it is not the session's own (`setsid ask` on a terminal that is no
 * longer the controlling one): its turn is taken the same way, before its
 * echo is turned off, the waiting line drawn on it; given back at a stop
 * (with a claim) and at the end. Not a terminal: ASK_WAIT_READY. */
int ask_session_take_input_turn(ask_session_t *_Nullable session, int fd, int64_t deadline_ms, int *signo);

/* Tells the session that a drawing on `fd` left the cursor at the left
 * margin (`at_margin`) or inside a line (ask_write_all does for each
 * write): a prompt waiting its turn draws its line only at the margin. */
void ask_session_drew(ask_session_t *_Nullable session, int fd, int at_margin);

/* 1 when the session holds its terminal and its last drawing there left
 * the cursor inside a line, else 0. A stop, a terminating signal and the
 * session's end end that line before the terminal is given back; a
 * prompt drawn again after a stop starts below it only while it is open. */
int ask_session_line_is_open(const ask_session_t *_Nullable session);

/* Holds the session's terminal: the first time, saves its modes (after any
 * stop by SIGTTOU in the background, read again: the modes seen before
 * may have been another job's), then applies the hold mode — canonical
 * mode and echo off, ISIG on (Ctrl-C, Ctrl-\ and Ctrl-Z stay signals to
 * the foreground job), no CR/LF translation on input, VMIN 1, VTIME 0 —
 * with TCSANOW, so typed-ahead input is kept. Later calls apply the hold
 * mode again (after libedit set its own, or after ask_session_release).
 * The hold mode also turns on the output processing the drawing needs
 * (OPOST, ONLCR; OCRNL, ONLRET, ONOCR, OLCUC off), whatever the caller
 * left (`stty raw`). It takes the turn first (ask_session_take_turn's
 * deadline). Retries on EINTR. Returns 0 (also when a terminating signal
 * came first: nothing held, the next wait gives it), or -1 with errno
 * (ENOTTY without a terminal; ETIMEDOUT when the turn did not come by the
 * deadline). */
int ask_session_hold(ask_session_t *session);

/* The terminal's own modes: those saved by the first hold, or, before
 * it, the modes it has now. Returns 0, or -1 with errno. */
int ask_session_own_modes(const ask_session_t *session, struct termios *modes);

/* Gives the held terminal its saved modes for a while (a spec typed on
 * it is read in its own modes), without discarding input;
 * ask_session_hold takes it again. Stops and continues meanwhile keep the
 * saved modes. */
void ask_session_release(ask_session_t *session);

/* 1 when the session holds its terminal (ask_session_hold succeeded and
 * it was not released since), else 0. */
int ask_session_is_held(const ask_session_t *session);

/* Turns echo off on terminal `fd`, one that is not the session's (stdin
 * is a terminal that is not the controlling one: `setsid ask -s secure`):
 * its secret is read as a line, and must not show.
 * ask_session_show_echo (or the end) puts its modes back. Returns 0, or -1
 * with errno. */
int ask_session_hide_echo(ask_session_t *session, int fd);

/* Puts back the modes ask_session_hide_echo changed (TCSANOW). */
void ask_session_show_echo(ask_session_t *session);

/* Passes each byte read from the held terminal: of the bytes that were
 * pending when the hold began (typed ahead in canonical mode), a NUL is
 * the kernel's mark of a Ctrl-D and comes back as the terminal's EOF
 * character, so a Ctrl-D typed ahead cancels instead of hanging. */
unsigned char ask_session_typeahead(ask_session_t *_Nullable session, unsigned char byte);

/* Discards input pending on the held terminal (keys typed before a secure
 * prompt was drawn were echoed in clear by the terminal). */
void ask_session_discard_input(ask_session_t *session);

/* Ends the session: restores the terminal's saved modes with TCSAFLUSH,
 * discarding input still pending on it (SPEC §5) — or, when it was not
 * held, discards that input if the process is in the terminal's
 * foreground — retrying on EINTR, with SIGTTOU ignored meanwhile (a
 * background process may restore too); then the signal actions and the
 * mask; then sends each terminating signal that arrived to this process
 * (raise(3), to the calling thread: never the process group), in
 * ascending order, once, so each has reached its action before this
 * returns unless the restored mask blocks it.
 * Frees the session. Returns the first signal sent (the process is still
 * alive when the restored action did not end it: a host's handler, or a
 * blocked mask), or 0. NULL is a no-op. */
int ask_session_end(ask_session_t *_Nullable session);

/* Result of ask_session_wait. */
enum {
  ASK_WAIT_READY = 0,   /* fd is readable (data, EOF or hang-up) */
  ASK_WAIT_SIGNAL = 1,  /* a terminating signal arrived; see *signo */
  ASK_WAIT_TIMEOUT = 2, /* the deadline passed */
  ASK_WAIT_ERROR = 3,   /* poll failed; errno is set */
  ASK_WAIT_RESUMED = 4  /* stopped (Ctrl-Z) or continued: the terminal is
                           held again; draw the prompt again */
};

/* Waits until `fd` is readable, a terminating signal is pending, or
 * `deadline_ms` (CLOCK_MONOTONIC milliseconds, from ask_now_ms; negative:
 * none) passes. A terminating signal stays pending (every later wait
 * returns ASK_WAIT_SIGNAL at once) until the session ends and delivers it.
 * SIGWINCH is noted and the wait goes on; SIGTSTP and SIGCONT are handled
 * as the session's description says and give ASK_WAIT_RESUMED (once per
 * stop). `session` may be NULL: then only `fd` and the deadline count.
 * *signo is set for ASK_WAIT_SIGNAL. */
int ask_session_wait(ask_session_t *_Nullable session, int fd, int64_t deadline_ms, int *signo);

/* As ask_session_wait, for a reader that draws its prompt again on
 * ASK_WAIT_RESUMED: a holder asked for room by a prompt waiting its turn
 * ends its line, lets that line be drawn, and returns ASK_WAIT_RESUMED.
 * ASK_WAIT_TIMEOUT also when, continued, the turn did not come back by the
 * deadline (the terminal is not held then). */
int ask_session_wait_redrawing(ask_session_t *_Nullable session, int fd, int64_t deadline_ms, int *signo);

/* The first terminating signal pending in the session, or 0. */
int ask_session_pending_signal(const ask_session_t *_Nullable session);

/* Forgets a pending `sig` that this thread raised itself: the SIGPIPE of
 * a write that failed with EPIPE where it was made (ask_write_all). */
void ask_session_forget_signal(ask_session_t *_Nullable session, int sig);

/* Returns 1 once after a SIGWINCH was seen by ask_session_wait, else 0. */
int ask_session_take_resize(ask_session_t *_Nullable session);

/* CLOCK_MONOTONIC in milliseconds. */
int64_t ask_now_ms(void);

/* ---- Writing ------------------------------------------------------------- */

/* Writes all `length` bytes to `fd`, retrying on EINTR and short writes;
 * a pending terminating signal of `session` (may be NULL) ends the wait at
 * once. Within a session a write to a pipe without a reader fails with
 * EPIPE where it is made (the session forgets the SIGPIPE it raised, while
 * a SIGPIPE sent with kill during a blocked write still acts); without one
 * SIGPIPE takes its own action (the default: death by it, 141).
 * Returns 0, or -1 with errno: EINTR with *signo set when a terminating
 * signal arrived, EPIPE, or the write's error. */
int ask_write_all(ask_session_t *_Nullable session, int fd, const void *_Nullable bytes,
                  size_t length, int *signo);

/* Writes `bytes` (a secret; NULL when `length` is 0) to `fd` as Assuan
 * data lines, `D ` and the bytes with % CR LF percent-escaped, each line at
 * most 1000 bytes with its LF (Assuan's limit; nothing when `length` is 0),
 * through a stack buffer that is wiped. Returns, and sets errno and *signo,
 * as ask_write_all. */
int ask_write_assuan_data(ask_session_t *_Nullable session, int fd,
                          const unsigned char *_Nullable bytes, size_t length, int *signo);

/* Writes `bytes` (NULL when `length` is 0) to `fd` as a JSON string,
 * escaped by ask_json_escape_one, through a stack buffer that is wiped, so
 * a secret reaches stdout with write(2) only. Returns, and sets errno and
 * *signo, as ask_write_all. */
int ask_write_json_string(ask_session_t *_Nullable session, int fd,
                          const unsigned char *_Nullable bytes, size_t length, int *signo);

/* ---- Reading lines ------------------------------------------------------ */

/* Result of ask_read_fd_line, ask_line_read and ask_secret_read. */
enum {
  ASK_READ_LINE = 0,     /* a line; *len bytes, without LF or CR LF */
  ASK_READ_EOF = 1,      /* end of input (Ctrl-D on an empty line, EOF) */
  ASK_READ_SIGNAL = 2,   /* a terminating signal arrived; see *signo */
  ASK_READ_TIMEOUT = 3,  /* the deadline passed */
  ASK_READ_ERROR = 4,    /* read failed; errno is set */
  ASK_READ_RESUMED = 5,  /* stopped and continued: draw the prompt again and
                            read again (what was typed is kept) */
  ASK_READ_TOO_LONG = 6, /* a piped line is longer than ASK_LINE_MAX bytes */
  ASK_READ_HANGUP = 7,   /* the terminal went away (hang-up, EIO) */
  ASK_READ_NOT_UTF8 = 8, /* a piped line is not valid UTF-8 (consumed and
                            wiped, not returned) */
  ASK_READ_HAS_NUL = 9   /* a piped line holds a NUL byte, which no key types
                            and `-0` output could not tell from a value's
                            end (consumed and wiped, not returned) */
};

/* The longest line read from a pipe: 1 MiB. */
#define ASK_LINE_MAX (1024 * 1024)

/* Reads one line from `fd` one byte at a time, so not a byte past the LF
 * is consumed (like the shell's `read`), waiting with ask_session_wait
 * (`session` may be NULL; a stop and continue is waited through). A
 * trailing CR before the LF is dropped; a last line without LF is still a
 * line; a line longer than ASK_LINE_MAX is ASK_READ_TOO_LONG; a line that
 * is not valid UTF-8 (ask_utf8_is_valid) is ASK_READ_NOT_UTF8, consumed to
 * its LF and wiped (never replaced by U+FFFD: SPEC §6), and one that
 * holds a NUL byte ASK_READ_HAS_NUL, likewise; EIO (a
 * terminal gone) is ASK_READ_HANGUP. On ASK_READ_LINE, *line is a
 * malloc'd NUL-terminated buffer the caller frees (and wipes when it held
 * a secret). */
int ask_read_fd_line(ask_session_t *_Nullable session, int fd, int64_t deadline_ms,
                     char *_Nullable *_Nonnull line, size_t *len, int *signo);

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

/* A libedit session reading `infd` (the terminal `session` holds) and
 * drawing on `outfd`: emacs mode, the editing lines of the user's editrc
 * ($EDITRC or ~/.editrc, read at the first read within its waits:
 * editrc.h), then the terminal modes ask needs and Tab bound to
 * `complete` (after the editrc, so they cannot be lost) and a history of
 * this run's answers. In vi mode (`bind -v`) a lone Esc reaches libedit. libedit's warnings
 * (an unknown TERM) are discarded. Input is read through
 * ask_session_wait, so signals and deadlines end a read; CR LF counts as
 * one Enter; end of input on the held terminal is a hang-up. libedit runs
 * under a UTF-8 LC_CTYPE of its own (the user's when its codeset is UTF-8,
 * else C.UTF-8), set with uselocale(3) around each call, so the process's
 * locale is never changed. libedit itself starts at the first read, once
 * its prompt is drawn, on a stand-in terminal with the terminal's own
 * modes (its start sets modes of its own), so its start changes nothing
 * on the terminal. Returns NULL with errno set on failure. */
ask_line_t *_Nullable ask_line_open(ask_session_t *session, const char *program, int infd,
                                    int outfd, ask_complete_fn _Nullable complete,
                                    void *_Nullable context);

/* Reads one edited line after drawing `prompt` (no control characters),
 * with `initial` (or NULL) as editable text already typed; the first read
 * starts libedit (ASK_READ_ERROR with errno when it cannot; ASK_READ_HANGUP
 * when the terminal hung up before it could).
 * `deadline_ms` as for ask_session_wait. On ASK_READ_LINE, *line points to
 * the line (UTF-8, without the LF, *len bytes), valid until the next call.
 * Holds the terminal again (ask_session_hold) before it returns. */
int ask_line_read(ask_line_t *line_session, const char *prompt, const char *_Nullable initial,
                  int64_t deadline_ms, const char *_Nullable *_Nonnull line, int *len, int *signo);

/* When ask_line_read returned ASK_READ_RESUMED: the text that was typed
 * (UTF-8, NUL-terminated), to give back as `initial` to the next read.
 * Valid until the next call. */
const char *ask_line_pending(ask_line_t *line_session);

/* Adds a line to this session's history (never a secret). */
void ask_line_remember(ask_line_t *line_session, const char *line);

/* Ends libedit (if a read started it) and frees the line session; the
 * terminal's modes are left to the terminal session, which restores them
 * when it ends. */
void ask_line_close(ask_line_t *_Nullable line_session);

/* 1 when a line of an editrc (without its LF) is one ask applies: `bind`
 * with arguments (vi or emacs mode, key bindings, macros), `edit on`,
 * `history size N`, each maybe after a `program:` prefix; 0 for the rest —
 * `setty`, `settc`, `echotc`, `telltc`, `edit off`, a bare `bind` or
 * `history` (listings), a binding of a key ask keeps (Enter, ^M, ^J, Tab,
 * Ctrl-D or the terminal's EOF character `eof`, anywhere in the key) or of
 * `ed-command` or `vi-histedit`, and lines libedit would reject. */
int ask_editrc_line_applies(const char *line, unsigned char eof);

/* The most columns or rows a terminal size counts (SPEC §6): more is laid
 * out, and drawn, as this (AskKit's TerminalSize.maximum). */
#define ASK_SIZE_MAX 1000

/* ---- Work in a child process ------------------------------------------- */

/* Result of ask_run_in_child. */
enum {
  ASK_CHILD_TRUE = 0,    /* the work returned nonzero */
  ASK_CHILD_FALSE = 1,   /* the work returned 0 */
  ASK_CHILD_SIGNAL = 2,  /* a terminating signal came first (*signo); the child was killed */
  ASK_CHILD_TIMEOUT = 3, /* the deadline passed first; the child was killed */
  ASK_CHILD_ERROR = 4    /* no child (fork or pipe failed, errno), or it died */
};

/* Runs `work(context)` in a child process (fork: it sees this process's
 * memory as it is now) and waits for it with ask_session_wait until
 * `deadline_ms` (as there): a terminating signal or the deadline kills the
 * child (SIGKILL) and reaps it, so work that might never end — a
 * backtracking regular expression — never keeps a signal or a timeout
 * from acting. The child takes every signal's default action and ends
 * with _exit. Returns one of ASK_CHILD_*. */
int ask_run_in_child(ask_session_t *_Nullable session, int (*work)(void *_Nullable),
                     void *_Nullable context, int64_t deadline_ms, int *signo);

/* ---- Keys ---------------------------------------------------------------- */

/* What a key in the table does. */
typedef enum ask_key_action {
  ASK_KEY_IGNORE = 0, /* consumed whole, nothing done (Insert, PageUp,
                         PageDown, paste markers, every sequence or
                         terminal string not in the table) */
  ASK_KEY_LEFT,       /* one character left */
  ASK_KEY_RIGHT,      /* one character right */
  ASK_KEY_WORD_LEFT,  /* to the start of the word before */
  ASK_KEY_WORD_RIGHT, /* past the end of the word after */
  ASK_KEY_UP,         /* the earlier answer in the history */
  ASK_KEY_DOWN,       /* the later answer */
  ASK_KEY_HOME,       /* to the start of the line */
  ASK_KEY_END,        /* to the end of the line */
  ASK_KEY_DELETE,     /* the character under the cursor */
  ASK_KEY_DELETE_WORD /* from the cursor to the end of the word */
} ask_key_action_t;

/* One row of the key table: the bytes a terminal sends (from ESC), the
 * action, and the key's name as the man page gives it. */
typedef struct ask_key_binding {
  const char *sequence;
  ask_key_action_t action;
  const char *key;
} ask_key_binding_t;

/* The key table (keys.c), SPEC §6, the same for every TERM: row `index`,
 * or NULL past the last. */
const ask_key_binding_t *_Nullable ask_key_row(size_t index);

/* The key decoder: bytes typed in, keys out. Zero it (ask_key_reset)
 * before the first byte. */
typedef struct ask_key_decoder {
  int state;                  /* where in a sequence or string */
  size_t length;              /* bytes of the sequence or string so far */
  unsigned char sequence[16]; /* the sequence's bytes after ESC (the table's are shorter) */
} ask_key_decoder_t;

/* What a byte fed to the decoder is (ask_key_feed). */
enum {
  ASK_KEY_PENDING = 0,  /* part of a sequence or string: nothing yet */
  ASK_KEY_TEXT = 1,     /* the byte on its own: text or a control key */
  ASK_KEY_SEQUENCE = 2  /* a whole sequence, string or Alt-key ended with
                           this byte: *action is its row's, or ASK_KEY_IGNORE */
};

void ask_key_reset(ask_key_decoder_t *decoder);

/* Feeds one byte typed. Alt and a printable ASCII key (ESC b), an X10
 * mouse report (ESC [ M and three bytes), CSI (ESC [ …, ECMA-48: parameters 0x30-0x3F,
 * intermediates 0x20-0x2F, a final 0x40-0x7E), SS3 (ESC O and one final),
 * the Linux console's ESC [ [ X, and OSC/DCS/SOS/PM/APC strings (ESC ] P X
 * ^ _ up to BEL or ST, however long: none of it is kept; CR or LF ends one
 * unterminated) are consumed whole; a byte that cannot continue a
 * sequence ends it and is read afresh. Returns one of ASK_KEY_*. */
int ask_key_feed(ask_key_decoder_t *decoder, unsigned char byte, ask_key_action_t *action);

/* How long to wait for the next byte before ask_key_expire, in ms: -1 (no
 * limit) between keys, 100 after a lone ESC, 1000 inside a sequence or
 * string (what follows ESC [ can only be the rest of one, however a slow
 * link splits it). */
int ask_key_patience_ms(const ask_key_decoder_t *decoder);

/* Nothing came within the patience: the sequence or string is dropped,
 * and so is a lone ESC (the Esc key does nothing: it cancels nothing and
 * is no Meta prefix for a later key). */
void ask_key_expire(ask_key_decoder_t *decoder);

/* 1 when the decoder holds a lone ESC (waiting for its patience). */
int ask_key_escape_waiting(const ask_key_decoder_t *decoder);

/* 1 when the decoder holds a lone ESC and `byte` cannot go on from it as
 * a key's sequence or a report (CSI `[`, SS3 `O`, OSC `]`, or another ESC):
 * in vi mode the ESC was the Esc key, and `byte` starts the next key. */
int ask_key_escape_ends(const ask_key_decoder_t *decoder, unsigned char byte);

/* ---- Secure text entry --------------------------------------------------- */

/* A secret being typed: bytes (UTF-8) in memory owned here, wiped by
 * ask_secret_wipe and whenever the buffer grows. Zero it with
 * ask_secret_init before use. */
typedef struct ask_secret {
  unsigned char *_Nullable bytes; /* the secret; not NUL-terminated */
  size_t length;                  /* bytes used */
  size_t capacity;                /* bytes allocated */
  ask_key_decoder_t keys;         /* the key decoder the editor reads through */
  int after_cr;                   /* the last byte was CR (CR LF is one Enter) */
  int expect;                     /* UTF-8 continuation bytes still to come */
  unsigned char scalar[4];        /* the scalar being typed, not yet in the secret */
  size_t scalar_length;           /* its bytes so far */
  size_t last_start;              /* where the last character starts */
  int holds;                      /* counted among the secrets held */
  unsigned char erase, kill, werase, eof; /* the terminal's own (ask_secret_use_terminal_keys) */
} ask_secret_t;

/* "What is one character", answered by AskKit (Swift's extended grapheme
 * clusters, UAX #29) for the masked editor: the number of characters in
 * `length` UTF-8 bytes, and where the last one starts (0 when empty). */
size_t ask_character_count(const unsigned char *_Nullable bytes, size_t length);
size_t ask_last_character_start(const unsigned char *_Nullable bytes, size_t length);
/* The first character boundary at or after byte `offset` (a character's
 * start, or `length`). */
size_t ask_character_boundary(const unsigned char *_Nullable bytes, size_t length, size_t offset);

/* The answer line drawn by AskKit (AnswerLine.swift) from libedit's line:
 * the bytes that draw the `length` UTF-8 bytes of the line, the cursor
 * before byte `cursor`, with the layout's character widths on a terminal
 * `columns` wide, given that `previous` (its cursor at `previous_cursor`)
 * is on the screen after `prompt` (invisible bytes between \1 marks), or
 * with the prompt when `previous` is NULL. A malloc'ed string to write
 * and free, or NULL. */
char *_Nullable ask_line_drawing(const char *prompt, const unsigned char *_Nullable bytes, size_t length,
                                 size_t cursor, const unsigned char *_Nullable previous,
                                 size_t previous_length, size_t previous_cursor, size_t columns);

/* What one byte did to the secret (ask_secret_feed). */
enum {
  ASK_SECRET_NONE = 0,   /* nothing visible (a control, part of an escape) */
  ASK_SECRET_ADDED = 1,  /* *count characters added (0 or 1): draw a mask */
  ASK_SECRET_ERASED = 2, /* *count characters removed: erase masks */
  ASK_SECRET_ENTER = 3,  /* Enter: the secret is complete */
  ASK_SECRET_EOF = 4,    /* Ctrl-D on an empty field: cancel */
  ASK_SECRET_FULL = 5    /* out of memory */
};

/* Empties `s`: a secret is about to be held. While any secret is held the
 * process is not dumpable (prctl PR_SET_DUMPABLE 0: no core dump, no
 * ptrace by the same user) and the secret's pages are locked in memory
 * (mlock: never swapped; skipped when RLIMIT_MEMLOCK refuses). */
void ask_secret_init(ask_secret_t *s);

/* Makes the process not dumpable for good (prctl PR_SET_DUMPABLE 0): no
 * core dump, no ptrace(2) attach and no /proc/PID/mem by a process of the
 * same user without CAP_SYS_PTRACE. The `ask` command calls it first
 * thing; a library host decides for itself (a secret held makes it
 * undumpable while held). */
void ask_process_make_undumpable(void);

/* Overwrites, unlocks and frees the secret; `s` is empty afterwards. When
 * it was the last one held, the process's dumpable flag is what it was
 * before the first. */
void ask_secret_wipe(ask_secret_t *s);

/* The masked-line editor, a pure state machine: feeds one byte typed.
 * Printable bytes and Tab are added; Backspace (DEL or ^H) removes one
 * character (not one byte); Ctrl-U clears; Ctrl-W removes the word before
 * the cursor (blanks, then the characters up to a blank), and so do the
 * terminal's own keys for them (ask_secret_use_terminal_keys); CR or LF is Enter (LF right after CR is dropped); Ctrl-D on
 * an empty field is end of input; escape sequences (arrow keys, bracketed
 * paste markers, CSI reports) and OSC/DCS/SOS/PM/APC strings up to BEL or
 * ST (a terminal's late reply) are dropped whole, as are other control
 * characters and bytes that are not UTF-8 (a sequence cut short, a
 * continuation byte with no lead, C0/C1/F5-FF, overlong forms,
 * surrogates), as libedit's fields drop them. Returns one of
 * ASK_SECRET_*, with *count the characters added or erased. A character
 * is what one `*` stands for: a scalar with the scalars that extend it
 * (combining marks, variation selectors, skin tones, what a ZWJ joins), so
 * `e` + U+0301, `👍🏽` and a ZWJ family are one each. */
int ask_secret_feed(ask_secret_t *s, unsigned char byte, size_t *count);

/* Makes the terminal's own editing characters in `modes` (VERASE, VKILL,
 * VWERASE, as the user set them with stty) erase, clear and erase a word,
 * before what the same byte does otherwise; DEL, ^H, Ctrl-U and Ctrl-W
 * keep their actions. An undefined one (_POSIX_VDISABLE) is none.
 * ask_secret_read calls it with the terminal's own modes. */
void ask_secret_use_terminal_keys(ask_secret_t *s, const struct termios *modes);

/* Appends `length` bytes as they are (no editing): a secret read from a
 * pipe. Returns 0, or -1 when memory runs out. */
int ask_secret_set(ask_secret_t *s, const unsigned char *bytes, size_t length);

/* The number of characters in the secret (ask_character_count). */
size_t ask_secret_characters(const ask_secret_t *s);

/* Reads a secret from terminal `infd` (held: no echo, ISIG on) into `s`,
 * drawing one `*` per character on `outfd` when `masked`, nothing
 * otherwise, with the editing keys of the terminal's own modes
 * (ask_session_own_modes); Ctrl-D on the empty field draws `^D`, masked
 * or not, as on an echoed field.
 * Returns ASK_READ_LINE on Enter (the secret in s), ASK_READ_EOF,
 * ASK_READ_SIGNAL (*signo), ASK_READ_TIMEOUT, ASK_READ_RESUMED (draw the
 * prompt and ask_secret_characters masks again, then call again: s keeps
 * what was typed), ASK_READ_HANGUP or ASK_READ_ERROR. */
int ask_secret_read(ask_session_t *session, int infd, int outfd, int masked,
                    int64_t deadline_ms, ask_secret_t *s, int *signo);

/* ---- Message catalogues (messages.c) ------------------------------------ */

/* Chooses the language of ask's own words: the messages locale `name`
 * (pinentry's OPTION lc-messages), or with NULL or "" the one LC_ALL,
 * LC_MESSAGES and LANG name, LANGUAGE giving gettext's list of languages
 * as usual. A locale that is not installed, C, POSIX or English gives the
 * English msgids. Without a call, the first lookup uses the environment.
 * The process's locale is not changed (newlocale, not setlocale). */
void ask_messages_use_locale(const char *_Nullable name);

/* 1 when every message is its English msgid (no catalogue applies), so a
 * caller can skip the lookup. */
int ask_messages_are_msgids(void);

/* `msgid` (or, with `plural`, the form for `count`) from the "ask" domain's
 * catalogue in the chosen language; the msgid (English: `plural` unless
 * count is 1) when there is none. The text is gettext's: never freed,
 * UTF-8 whatever LC_CTYPE. Thread-safe. */
const char *ask_message(const char *msgid, const char *_Nullable plural, unsigned long count);

/* The system's text for `errnum`, in the chosen language when glibc has it
 * (its own catalogue, libc.mo) and the language's locale is UTF-8: with
 * strerror_l; else strerror's, in the process's locale. Thread-safe; copy
 * it before the next call. */
const char *ask_message_error(int errnum);

#pragma clang assume_nonnull end

#endif
