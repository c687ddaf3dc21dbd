/* The process as a whole: its arguments (arguments.c), its standard descriptors, its signal dispositions at start, how it dies by a signal, and dumpability (process.c); work in a child process (child.c). */
#ifndef ASK_SHIM_PROCESS_H
#define ASK_SHIM_PROCESS_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <termios.h>
#include "shim_session.h"

#pragma clang assume_nonnull begin

/* ---- The process's arguments (the CLI only) ----------------------------- */

/* The process's argument vector as glibc passed it to main, and its length
 * in `count` (arguments.c); NULL, and 0 in `count`, where it was not kept
 * (not glibc): then Swift's CommandLine has it. Valid for the whole
 * process, not owned by the caller. */
char *_Nullable *_Nullable ask_argument_vector(int *count);

/* ---- The process's standard descriptors (the CLI only) ------------------ */

/* Opens /dev/null on each of fds 0, 1 and 2 that is closed, so that no
 * later open or pipe lands on them (a wake-up pipe on fd 0 would be read as
 * answers). Returns a bit mask of those that were closed: 1 << fd; later
 * calls return the same mask. Call before opening anything else. */
int ask_reserve_standard_fds(void);

/* Discards input pending on the controlling terminal when this process is
 * in its foreground process group and no other prompt has the terminal's
 * turn: on every way out of `ask`, typed-ahead lines must not reach the
 * shell (SPEC §5), nor may they be taken from the prompt they were typed
 * for. A session does it itself when it ends, before giving the turn; this
 * is for ways out without one (an early error). */
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


/* Makes the process not dumpable for good (prctl PR_SET_DUMPABLE 0): no
 * core dump, no ptrace(2) attach and no /proc/PID/mem by a process of the
 * same user without CAP_SYS_PTRACE. The `ask` command calls it first
 * thing; a library host decides for itself (a secret held makes it
 * undumpable while held). */
void ask_process_make_undumpable(void);


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

#pragma clang assume_nonnull end

#endif
