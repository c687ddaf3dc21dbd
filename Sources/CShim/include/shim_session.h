/* The terminal session (Terminal/): termios, signal handlers and the wait for input, turns on a shared terminal, writing and reading lines. */
#ifndef ASK_SHIM_SESSION_H
#define ASK_SHIM_SESSION_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <termios.h>


#pragma clang assume_nonnull begin

/* ---- The terminal session ------------------------------------------------ */

/* One borrowing of the terminal and of the process's signals, shaped after
 * OpenBSD's readpassphrase(3) (SPEC §5, §6, §8). Opaque.
 *
 * ask_session_begin saves the signal mask and the action of every signal
 * it replaces — as the kernel holds it, so that the end gives back
 * handler, flags, restorer and mask bit for bit, with the raw rt_sigaction
 * system call on x86_64 and aarch64 (glibc's sigaction would add
 * SA_RESTORER to each) — and installs its handlers:
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
 * inside `$(…)`): its action is put back in the call after the one that
 * read it. Each action is set and the old one read in one call.
 *
 * ask_session_begin_deferred begins a session that takes the signals over
 * later, once the work before a prompt is done (issue 27: a prompt's
 * start set 112 actions): until the terminal is held or drawn on each
 * keeps its own action (nothing is held: the default ends the process at
 * once, as anywhere); the hold or the first drawing takes over those the
 * keyboard, job control, a hang-up or a kill send, SIGPIPE and the
 * faults, and — in a process of one
 * thread — blocks the rest until the first wait, which takes them over
 * and unblocks them (with more threads the hold takes them all). Every
 * wait of a session has them all.
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
 * ends the process by it (128+N), a host's handler runs — on the calling
 * thread when it does not block the signal, else on a thread that does
 * not (the calling thread may be one of Swift's cooperative pool or of
 * Dispatch, which block every signal).
 *
 * Sessions nest (the last begun is the first ended); a terminal can be in
 * one session only. The only file-scope state is the pointer to the
 * innermost session, which the handlers reach. */
typedef struct ask_session ask_session_t;



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

/* As ask_session_begin, with the signals taken over later (above). */
ask_session_t *_Nullable ask_session_begin_deferred(int fd);

/* Takes the signals over as a hold does (nothing when they are already,
 * or `s` is NULL), before a write to `fd`: what a session draws on, a
 * terminal or a pipe, it does with them taken over (ask_write_all calls
 * it); all of them, none blocked, when `fd` has no room now (output
 * stopped by Ctrl-S, or full), as the write is then a wait. */
void ask_session_take_signals(ask_session_t *_Nullable s, int fd);

/* Opens the terminal at `path` (read and write, not as the controlling
 * terminal, close-on-exec: pinentry's `OPTION ttyname`) and begins a
 * session on it, which closes it when it ends. Returns NULL with errno set
 * (the open's error, or as ask_session_begin; ENOTTY when `path` is not a
 * terminal). */
ask_session_t *_Nullable ask_session_open(const char *path);

/* Makes the line a wait for the terminal's turn draws: a malloc'ed,
 * NUL-terminated text ending in LF (freed by the session), or NULL for
 * none. Called only when a wait draws it: most prompts have the turn at
 * once, and never make it. */
typedef char *_Nullable (*ask_waiting_text_fn)(void);

/* The line a wait for the terminal's turn draws, made by `make` when it
 * is drawn; NULL for none. */
void ask_session_set_waiting_text(ask_session_t *_Nullable session, ask_waiting_text_fn _Nullable make);

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

/* As ask_session_hold, and what was typed before discarded (a secret's
 * field: the terminal echoed it), as ask_session_discard_input does; the
 * first hold does both in one call (TCSAFLUSH). */
int ask_session_hold_discarding(ask_session_t *session);

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
 * mask (the actions bit for bit); then sends each terminating signal that
 * arrived to this process — never the process group —, in ascending
 * order, once: with raise(3) to the calling thread when the restored mask
 * lets it in, so it has reached its action before this returns; else with
 * kill(2) to the process, so that a thread that does not block it takes
 * it (the host's handler runs there, or the default action ends the
 * process), or it stays pending until one unblocks it.
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

/* The first terminating signal pending in the session; else
 * ASK_SIGNAL_CANCELLED when the session was cancelled; else 0. */
int ask_session_pending_signal(const ask_session_t *_Nullable session);

/* What ask_session_pending_signal, and every wait's and read's *signo,
 * give for a cancelled session: no signal's number (NSIG is 65). */
enum { ASK_SIGNAL_CANCELLED = 1024 };

/* Cancels the session, from any thread (the caller makes sure that it is
 * not ended meanwhile): the wait in progress, and every later one, ends
 * as for a terminating signal (ASK_WAIT_SIGNAL, ASK_READ_SIGNAL,
 * ASK_CHILD_SIGNAL) with *signo ASK_SIGNAL_CANCELLED, so the caller ends
 * the session, which gives the terminal back. Nothing is sent to the
 * process for it. A real terminating signal pending comes first. NULL is
 * a no-op. Async-signal-safe. */
void ask_session_cancel(ask_session_t *_Nullable session);

/* 1 when ask_session_cancel was called on the session, else 0. */
int ask_session_is_cancelled(const ask_session_t *_Nullable session);

/* Forgets a pending `sig` that this thread raised itself: the SIGPIPE of
 * a write that failed with EPIPE where it was made (ask_write_all). */
void ask_session_forget_signal(ask_session_t *_Nullable session, int sig);

/* Returns 1 once after a SIGWINCH was seen by ask_session_wait, else 0. */
int ask_session_take_resize(ask_session_t *_Nullable session);

/* Starts a detached thread that calls body(context) and ends (thread.c):
 * the thread an `async` prompt waits on, off the Swift concurrency pool.
 * Its signal mask is the process's main thread's (read from /proc; empty
 * when unreadable) from its first instruction, not the caller's (a pool
 * worker's, which blocks signals); its name is "ask-prompt". Returns 0, or the error number
 * (pthread_create's, or ENOMEM); body is not called then. */
int ask_thread_start(void (*body)(void *_Nullable), void *_Nullable context);

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


/* The most columns or rows a terminal size counts (SPEC §6): more is laid
 * out, and drawn, as this (AskKit's TerminalSize.maximum). */
#define ASK_SIZE_MAX 1000

#pragma clang assume_nonnull end

#endif
