/* The terminal session: one value that borrows a terminal's modes and the
 * process's signal actions and mask, and gives each back when it ends.
 * Shaped after OpenBSD's readpassphrase(3): flag-only handlers, a restore,
 * then each signal that arrived meanwhile sent again — with ISIG left
 * on (SPEC §6) and the handlers kept for the whole session rather than one
 * read. */
#include "CShim.h"

#include "actions.h"
#include "device.h"
#include "modes.h"
#include "turn.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#if defined(__GLIBC__) && (__GLIBC__ > 2 || __GLIBC_MINOR__ >= 32)
#include <sys/single_threaded.h>
#define ONE_THREAD() (__libc_single_threaded != 0)
#else
#define ONE_THREAD() 0 /* not known: as if more */
#endif
#include <termios.h>
#include <time.h>
#include <unistd.h>

/* How the session treats a signal. */
enum kind {
  LEAVE = 0, /* not replaced */
  END,       /* default action ends the process: pending, wake, end */
  FAULT,     /* a fault: restore the terminal; die at once or pend */
  STOP,      /* SIGTSTP, SIGTTIN, SIGTTOU: give the terminal back, stop,
                take it again */
  CONTINUE,  /* SIGCONT: apply the held modes again */
  RESIZE     /* SIGWINCH: noted */
};

/* How much of the signals a session has taken over (take_over): EARLY,
 * those of taken_at_hold, with the rest blocked until it is ARMED. */
enum arming { UNARMED = 0, EARLY, ARMED };

/* What the terminal has on it now. */
enum modes { UNTOUCHED = 0, HELD, RELEASED };

struct ask_session {
  struct ask_session *previous; /* the session this one nests in */
  int fd;                       /* the terminal, or -1 */
  int owns_fd;                  /* opened by ask_session_open: closed at the end */
  dev_t device;                 /* its device number (to refuse a second) */
  int saved_once;               /* `saved` holds the terminal's own modes */
  struct termios saved, held;
  volatile sig_atomic_t modes;  /* enum modes */
  volatile sig_atomic_t given_back; /* stopped: the terminal has `saved` (and
                                       may be another job's now) */
  struct termios seen;          /* the modes when the last wait began */
  int seen_valid;
  struct ask_turn turn;         /* one prompt at a time on the terminal */
  volatile sig_atomic_t inside_line; /* held, the last drawing on `fd` left
                                        the cursor inside a line */
  int keep_line;                /* the turn was waited for: the line lock is
                                   kept from the prompt's first drawing on */
  int64_t turn_deadline;        /* when waiting for the turn gives up, or -1 */
  ask_waiting_text_fn make_waiting_text; /* makes it, the first time it is drawn */
  char *waiting_text;           /* the line a wait for the turn draws, once made */
  int typeahead;                /* bytes pending when the hold began */
  int typeahead_counted;        /* the first hold counted them */
  int flushing;                 /* this hold discards what was typed ahead */
  struct ask_turn input_turn;   /* the turn of a terminal answers come from
                                   that is not `fd`'s (`setsid ask`); its fd
                                   is -1 until it is taken */
  int input_draw_fd;            /* where a drawing on that terminal went last,
                                   or -1 */
  int hidden_fd;                /* a terminal whose echo is off, or -1 */
  struct termios hidden_saved;
  volatile sig_atomic_t hidden;
  int wake[2];                  /* the wake-up pipe: [0] polled, [1] written */
  volatile sig_atomic_t cancelled; /* ask_session_cancel: every wait ends */
  sigset_t saved_mask;          /* the mask before the session changed it */
  int mask_saved;               /* saved_mask holds it */
  int armed;                    /* enum arming */
  sigset_t looked;              /* the signals whose actions were taken over
                                   (or, ignored, left) */
  sigset_t replaced;            /* the signals whose actions are ours */
  struct ask_action saved_actions[NSIG]; /* as the kernel held them */
  volatile sig_atomic_t pending[NSIG];
  volatile sig_atomic_t arrived[NSIG]; /* ever, this session (never cleared) */
};

/* The innermost session: what the handlers reach. Set before any handler
 * is installed, and put back after the last is removed. */
static struct ask_session *volatile current = NULL;

/* SIGRTMIN and SIGRTMAX, which are calls into glibc: read once, before
 * main (kind_of runs for every signal at each hold and each wait). */
static int realtime_min, realtime_max;
__attribute__((constructor)) static void note_realtime_range(void) {
  realtime_min = SIGRTMIN;
  realtime_max = SIGRTMAX;
}

static enum kind kind_of(int sig) {
  switch (sig) {
  case SIGHUP: case SIGINT: case SIGQUIT: case SIGPIPE: case SIGALRM: case SIGTERM:
  case SIGUSR1: case SIGUSR2: case SIGXCPU: case SIGXFSZ: case SIGVTALRM: case SIGPROF:
  case SIGPOLL: case SIGSTKFLT: case SIGPWR:
    return END;
  case SIGSEGV: case SIGBUS: case SIGILL: case SIGFPE: case SIGTRAP: case SIGABRT: case SIGSYS:
    return FAULT;
  case SIGTSTP: case SIGTTIN: case SIGTTOU: return STOP;
  case SIGCONT: return CONTINUE;
  case SIGWINCH: return RESIZE;
  default: return sig >= realtime_min && sig <= realtime_max ? END : LEAVE;
  }
}

/* ---- Modes, callable from a handler (tcsetattr is async-signal-safe) ---- */

/* Sets `modes` on `fd` (`when`: TCSANOW or TCSAFLUSH), retrying on EINTR,
 * with SIGTTOU ignored meanwhile: from a background process group it would
 * stop the process (a restore must not wait for `fg`). SIGTTOU's action
 * comes back bit for bit (an ignored one too: a host's, when it was
 * ignored at begin). */
static void put_modes_ignoring_ttou(int fd, int when, const struct termios *modes) {
  struct sigaction ignore;
  memset(&ignore, 0, sizeof ignore);
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  struct ask_action old;
  int swapped = ask_action_install(SIGTTOU, &ignore, &old) == 0;
  while (ask_set_modes(fd, when, modes) == -1 && errno == EINTR) {
  }
  if (swapped) ask_action_exchange(SIGTTOU, &old, NULL);
}

static void ignore_signal(int sig) { (void)sig; }

/* Sets `modes` on `fd` only if this process's group is still the
 * terminal's foreground group when the kernel sets them: 1 when set. A
 * look first (tcgetpgrp) would leave a gap in which a shell that saw the
 * job stop takes the terminal and sets its own modes, which these would
 * then clobber. With SIGTTOU caught (neither ignored nor blocked) the
 * kernel itself refuses a background group's tcsetattr (EINTR) and sends
 * the group SIGTTOU: here to a no-op handler; the rest of the group is
 * stopping or stopped (its continue discards it). */
static int put_modes_if_foreground(int fd, const struct termios *modes) {
  struct sigaction note;
  memset(&note, 0, sizeof note);
  note.sa_handler = ignore_signal;
  sigemptyset(&note.sa_mask);
  struct ask_action old;
  int swapped = ask_action_install(SIGTTOU, &note, &old) == 0;
  sigset_t ttou, mask;
  sigemptyset(&ttou);
  sigaddset(&ttou, SIGTTOU);
  pthread_sigmask(SIG_UNBLOCK, &ttou, &mask);
  int set = ask_set_modes(fd, TCSANOW, modes) == 0;
  pthread_sigmask(SIG_SETMASK, &mask, NULL);
  if (swapped) ask_action_exchange(SIGTTOU, &old, NULL);
  return set;
}

/* 1 when a write to `fd` would not wait now: a terminal whose output is
 * stopped (Ctrl-S: a pseudo-terminal then has no room) or full has none.
 * Callable from a handler. */
static int has_room(int fd) {
  struct pollfd out = {fd, POLLOUT, 0};
  return poll(&out, 1, 0) == 1 && (out.revents & POLLOUT);
}

/* Ends the line the drawing is inside, while the terminal is held (its
 * output processing makes the LF a CR LF): whatever comes next — the
 * shell's "Terminated", a prompt waiting its turn — starts at the left
 * margin (SPEC §6: every way out ends the answer line). Callable from a
 * handler. */
static void write_newline(int fd) {
  /* Not when the terminal's output is stopped or full: the write would
   * wait for Ctrl-Q, with every signal blocked on the way out. The line
   * stays open instead. */
  if (!has_room(fd)) return;
  while (write(fd, "\n", 1) == -1 && errno == EINTR) {
  }
}

static void end_line(struct ask_session *s) {
  if (s->modes == HELD && !s->given_back && s->inside_line) {
    s->inside_line = 0;
    write_newline(s->fd);
  }
  /* And the answer line on the terminal of the input turn. */
  if (s->input_turn.line_open && s->input_draw_fd >= 0) {
    write_newline(s->input_draw_fd);
    ask_turn_line(&s->input_turn, 0);
  }
}

/* Gives the session's terminals their own modes back (`when` as above). */
static void put_back(struct ask_session *s, int when) {
  end_line(s);
  if (s->hidden) {
    s->hidden = 0;
    put_modes_ignoring_ttou(s->hidden_fd, when, &s->hidden_saved);
  }
  /* Given back at a stop and not taken again (a terminating signal came
   * while stopped): the terminal is the shell's now; leave it to it. */
  if (s->modes == HELD && !s->given_back) put_modes_ignoring_ttou(s->fd, when, &s->saved);
  s->modes = UNTOUCHED;
  /* The modes first: the next prompt reads them once it has the turn. */
  ask_turn_give(&s->turn);
}

/* ---- Handlers ------------------------------------------------------------ */

static void wake_up(struct ask_session *s) {
  /* A full pipe is already readable: the flag is what counts. */
  (void)!write(s->wake[1], "", 1);
}

static void on_signal(int sig) {
  int saved = errno;
  struct ask_session *s = current;
  if (s != NULL) {
    s->pending[sig] = 1;
    s->arrived[sig] = 1;
    wake_up(s);
  }
  errno = saved;
}

/* A fault: the terminal first, then the saved action. When that is the
 * default, the signal is raised again now (a fault from kill(2) must not
 * let the prompt read on with echo back on; a real fault would recur), and
 * the process dies by it with every session's terminal restored. Else the
 * saved handler gets it when the session ends (or at once, if the fault
 * recurs). */
static void on_fault(int sig) {
  int saved = errno;
  struct ask_session *s = current;
  if (s == NULL) {
    signal(sig, SIG_DFL);
    errno = saved;
    return;
  }
  put_back(s, TCSAFLUSH);
  const struct ask_action *action = &s->saved_actions[sig];
  ask_action_exchange(sig, action, NULL);
  if (ask_action_is_default(action)) {
    for (struct ask_session *outer = s->previous; outer != NULL; outer = outer->previous)
      put_back(outer, TCSAFLUSH);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    raise(sig);
  }
  s->pending[sig] = 1;
  wake_up(s);
  errno = saved;
}

/* Our action for a signal of kind `kind`. No SA_RESTART: a blocked call
 * returns EINTR, so each wait sees the signal at once. */
static void action_for(enum kind kind, struct sigaction *sa) {
  memset(sa, 0, sizeof *sa);
  sigemptyset(&sa->sa_mask);
  sa->sa_handler = kind == FAULT ? on_fault : on_signal;
  sa->sa_flags = kind == FAULT ? SA_NODEFER : 0;
}

/* ---- Taking signals over ------------------------------------------------- */

/* The signals sent from the keyboard, by job control and by a hang-up or
 * a kill, SIGPIPE (a drawing on a pipe whose reader is gone) and the
 * faults: taken over the moment the terminal is held or drawn on.
 * The rest that end a process (SIGUSR1, SIGALRM, the real-time ones …:
 * sent only by another program) are blocked from the hold until the first
 * wait, once the prompt is drawn, and taken over there: a prompt's start
 * then sets 17 actions, not 56 (BENCHMARKS.md, issue 27). */
static int taken_at_hold(int sig) {
  switch (sig) {
  case SIGHUP: case SIGINT: case SIGQUIT: case SIGTERM: case SIGPIPE: return 1;
  default: return kind_of(sig) != END;
  }
}

/* Puts our action on each signal `which` names that is not taken over
 * yet, reading the old one in the same call (ask_action_install, given
 * back bit for bit at the end). An ignored one is put back at once, and
 * stays ignored (what our handler noted of it in that instant is
 * forgotten: with the late signals blocked, nothing is); SIGCONT and
 * SIGWINCH are ours whatever they were (ignoring them changes nothing the
 * host sees). */
static void take_over(struct ask_session *s, int (*which)(int)) {
  struct sigaction ours[RESIZE + 1];
  for (int kind = END; kind <= RESIZE; kind++) action_for((enum kind)kind, &ours[kind]);
  for (int sig = 1; sig < NSIG; sig++) {
    enum kind kind = kind_of(sig);
    if (kind == LEAVE || sigismember(&s->looked, sig) == 1 || (which != NULL && !which(sig))) continue;
    struct ask_action *old = &s->saved_actions[sig];
    if (ask_action_install(sig, &ours[kind], old) == -1) continue;
    sigaddset(&s->looked, sig);
    if (ask_action_ignores(old) && kind != CONTINUE && kind != RESIZE) {
      ask_action_exchange(sig, old, NULL);
      s->pending[sig] = s->arrived[sig] = 0;
      continue;
    }
    sigaddset(&s->replaced, sig);
  }
}

/* Every signal taken over, and the late ones unblocked (their handlers
 * are in): at the start of every wait, so none waits with a signal held
 * back. The mask is left as the caller had it: a signal the caller
 * blocked stays blocked during the prompt and reaches it when it unblocks
 * it (readpassphrase does not unblock either). The `ask` command unblocks
 * everything first. */
static void arm(struct ask_session *s) {
  if (s->armed == ARMED) return;
  if (!s->mask_saved) {
    pthread_sigmask(SIG_SETMASK, NULL, &s->saved_mask);
    s->mask_saved = 1;
  }
  take_over(s, NULL);
  int blocked = s->armed == EARLY;
  s->armed = ARMED;
  if (blocked) pthread_sigmask(SIG_SETMASK, &s->saved_mask, NULL);
}

/* The signals, as the terminal is first held: in a process of one thread,
 * those of taken_at_hold taken over and the rest blocked (one call) until
 * the first wait; with more threads, all taken over now (a signal blocked
 * here could reach another thread, whose default action would end the
 * process with the terminal held). */
static void hold_signals(struct ask_session *s) {
  if (s == NULL || s->armed != UNARMED) return;
  if (!ONE_THREAD()) {
    arm(s);
    return;
  }
  sigset_t late;
  sigemptyset(&late);
  for (int sig = 1; sig < NSIG; sig++)
    if (kind_of(sig) != LEAVE && !taken_at_hold(sig)) sigaddset(&late, sig);
  if (pthread_sigmask(SIG_BLOCK, &late, &s->saved_mask) != 0) {
    arm(s);
    return;
  }
  s->mask_saved = 1;
  take_over(s, taken_at_hold);
  s->armed = EARLY;
}

void ask_session_take_signals(ask_session_t *s, int fd) {
  if (s == NULL) return;
  hold_signals(s);
  /* A write that would wait (output stopped by Ctrl-S, or full) waits
   * with every signal taken over, none blocked. */
  if (s->armed == EARLY && !has_room(fd)) arm(s);
}

/* ---- Begin and end ------------------------------------------------------- */

static struct ask_session *begin(int fd);

ask_session_t *ask_session_begin(int fd) {
  struct ask_session *s = begin(fd);
  if (s != NULL) arm(s);
  return s;
}

ask_session_t *ask_session_begin_deferred(int fd) { return begin(fd); }

static struct ask_session *begin(int fd) {
  int is_terminal;
  dev_t device = ask_terminal_claimed_device(fd, &is_terminal);
  if (device == 0) device = ask_terminal_device_of(fd, &is_terminal);
  for (struct ask_session *s = current; s != NULL && device != 0; s = s->previous) {
    if (s->device == device) {
      errno = EBUSY;
      return NULL;
    }
  }
  struct ask_session *s = calloc(1, sizeof *s);
  if (s == NULL) return NULL;
  if (pipe2(s->wake, O_CLOEXEC | O_NONBLOCK) == -1) {
    int error = errno;
    free(s);
    errno = error;
    return NULL;
  }
  s->fd = fd;
  s->device = device;
  s->hidden_fd = -1;
  s->input_draw_fd = -1;
  s->input_turn.fd = -1;
  s->turn_deadline = -1;
  ask_turn_open(&s->turn, device != 0 && is_terminal ? fd : -1, device);
  s->previous = current;
  sigemptyset(&s->replaced);
  sigemptyset(&s->looked);
  current = s;
  /* No signal is taken over yet (ask_session_begin does it next; a
   * deferred session at the hold or the first wait: hold_signals, arm). */
  return s;
}

ask_session_t *ask_session_open(const char *path) {
  int fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return NULL;
  if (!isatty(fd)) {
    close(fd);
    errno = ENOTTY;
    return NULL;
  }
  struct ask_session *s = ask_session_begin(fd);
  if (s == NULL) {
    int error = errno;
    close(fd);
    errno = error;
    return NULL;
  }
  s->owns_fd = 1;
  return s;
}

/* Sends `sig` to its restored action, once: to this thread (raise) when
 * its mask `mask` lets it in — the action has run, or ended the process,
 * before this returns —, else to the process (kill), so that a thread
 * that does not block it takes it: a thread of Swift's cooperative pool
 * or of Dispatch blocks every signal, and one raised to it would stay
 * pending on it for ever, the host's handler never run and its default
 * action never taken. When every thread blocks it, it stays pending on the
 * process until one unblocks it. */
static void deliver(int sig, const sigset_t *mask) {
  if (sigismember(mask, sig) == 1) {
    kill(getpid(), sig);
  } else {
    raise(sig);
  }
}

int ask_session_end(ask_session_t *s) {
  if (s == NULL) return 0;
  /* No handler of ours may run on this thread from here on. */
  sigset_t all, before;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &before);
  if (!s->mask_saved) s->saved_mask = before;
  /* Not held (answers from a pipe, released, or still waiting for the
   * turn): still, nothing typed ahead may reach the shell — unless another
   * prompt has the terminal and reads it: then it is that prompt's (the
   * helpers of `xargs -P` are one process group). put_back gives the turn
   * taken. */
  if (s->modes != HELD && s->fd >= 0 && tcgetpgrp(s->fd) == getpgrp() &&
      ask_turn_may_discard(&s->turn, s->fd))
    (void)tcflush(s->fd, TCIFLUSH);
  /* And a terminal that is not ours, whose secret was read as a line
   * (`setsid ask -s secure`): what was typed after must not reach its shell. */
  if (s->hidden_fd >= 0 && !s->hidden) (void)tcflush(s->hidden_fd, TCIFLUSH);
  put_back(s, TCSAFLUSH);
  for (int sig = 1; sig < NSIG; sig++)
    if (sigismember(&s->replaced, sig) == 1) ask_action_exchange(sig, &s->saved_actions[sig], NULL);
  current = s->previous;
  close(s->wake[0]);
  close(s->wake[1]);
  int arrived[NSIG], count = 0, noted[NSIG], notes = 0;
  for (int sig = 1; sig < NSIG; sig++) {
    enum kind kind = kind_of(sig);
    if (s->pending[sig] && (kind == END || kind == FAULT)) arrived[count++] = sig;
    /* A resize or continue that came during the prompt: the caller's own
     * handler for it gets it too (its window size may be stale). */
    const struct ask_action *old = &s->saved_actions[sig];
    int handled = !ask_action_is_default(old) && !ask_action_ignores(old);
    if (s->arrived[sig] && (kind == CONTINUE || kind == RESIZE) && handled && sigismember(&s->replaced, sig) == 1)
      noted[notes++] = sig;
  }
  sigset_t mask = s->saved_mask;
  ask_turn_close(&s->turn);
  ask_turn_close(&s->input_turn);
  if (s->owns_fd) close(s->fd);
  free(s->waiting_text);
  free(s);
  pthread_sigmask(SIG_SETMASK, &mask, NULL);
  /* Delivered to the actions just put back, to this process only. */
  for (int i = 0; i < notes; i++) deliver(noted[i], &mask);
  for (int i = 0; i < count; i++) deliver(arrived[i], &mask);
  return count > 0 ? arrived[0] : 0;
}

/* ---- Holding the terminal ------------------------------------------------ */

static int wait_for_turn(struct ask_session *s, struct ask_turn *turn, int draw_fd, int *signo);
static int take_stop(struct ask_session *s);

/* The turn, for a hold: 0 when this process has it, 1 when a terminating
 * signal came first (nothing held; the next wait delivers it), -1 with
 * errno ETIMEDOUT when the deadline passed. */
static int turn_for_hold(struct ask_session *s) {
  int signo = 0;
  if (s->turn.held) return 0;
  switch (wait_for_turn(s, &s->turn, s->fd, &signo)) {
  case ASK_WAIT_SIGNAL: return 1;
  case ASK_WAIT_TIMEOUT: errno = ETIMEDOUT; return -1;
  default: return 0;
  }
}

/* The hold mode for a terminal whose own modes are `own`. */
static struct termios hold_mode(const struct termios *own) {
  struct termios held = *own;
  held.c_lflag &= ~(tcflag_t)(ICANON | ECHO | ECHONL | IEXTEN);
  held.c_lflag |= ISIG;
  held.c_iflag &= ~(tcflag_t)(ICRNL | INLCR | IGNCR); /* bytes as typed */
  /* Drawn with the output processing the drawing needs, whatever the
   * caller left (`stty raw` turns OPOST off: each LF would then go down
   * without going back to the left margin): LF as CR LF, CR as CR, no
   * upper-casing. The caller's own come back at the end. */
  held.c_oflag |= OPOST | ONLCR;
  held.c_oflag &= ~(tcflag_t)(OCRNL | ONLRET | ONOCR | OLCUC);
  held.c_cc[VMIN] = 1;
  held.c_cc[VTIME] = 0;
  return held;
}

/* What the first hold of a session does once the hold mode is on. */
static int first_held(struct ask_session *s) {
  if (s->typeahead_counted) return 0;
  s->typeahead_counted = 1;
  /* A Ctrl-D typed in canonical mode is queued as a NUL that ends a line;
   * counted here so ask_session_typeahead can give it back as EOF (none
   * when the hold discarded it). */
  if (s->flushing || ioctl(s->fd, FIONREAD, &s->typeahead) == -1) s->typeahead = 0;
  /* The continue that let the hold happen needs no redraw: nothing of
   * this session has been drawn yet. */
  s->pending[SIGCONT] = 0;
  return 0;
}

int ask_session_hold(ask_session_t *s) {
  if (s->fd < 0) {
    errno = ENOTTY;
    return -1;
  }
  /* A terminating signal pending: the session is about to end; taking the
   * terminal now could only stop a background process (SIGTTOU). */
  if (ask_session_pending_signal(s) != 0) return 0;
  int turn = turn_for_hold(s);
  if (turn != 0) return turn > 0 ? 0 : -1;
  hold_signals(s);
  if (s->saved_once) {
    while (ask_set_modes(s->fd, TCSANOW, &s->held) == -1) {
      if (errno != EINTR) return -1;
      if (ask_session_pending_signal(s) != 0) return 0; /* the wait delivers it */
    }
    s->modes = HELD;
    s->given_back = 0;
    return first_held(s);
  }
  for (;;) {
    struct termios own;
    if (tcgetattr(s->fd, &own) == -1) return -1;
    struct termios held = hold_mode(&own);
    s->saved = own;
    s->modes = HELD; /* from here a fault restores `saved` */
    if (ask_set_modes(s->fd, s->flushing ? TCSAFLUSH : TCSANOW, &held) == 0) {
      s->held = held;
      break;
    }
    s->modes = UNTOUCHED;
    /* EINTR: in the background, the kernel's SIGTTOU (ours now) came:
     * the turn back, the stop by its default action, and once continued
     * the turn and the modes again (the modes read were those of whoever
     * had the terminal then) — unless a terminating signal came (`kill
     * %1`): then nothing is held, and the next wait delivers it. */
    if (errno != EINTR) return -1;
    if (ask_session_pending_signal(s) != 0) return 0;
    if (take_stop(s) && ask_session_pending_signal(s) != 0) return 0;
    turn = turn_for_hold(s);
    if (turn != 0) return turn > 0 ? 0 : -1;
  }
  s->saved_once = 1;
  return first_held(s);
}

int ask_session_hold_discarding(ask_session_t *s) {
  if (s->fd < 0 || s->saved_once) {
    int held = ask_session_hold(s);
    if (held == 0) ask_session_discard_input(s);
    return held;
  }
  /* The first hold: the modes and the discarding in one call. */
  s->flushing = 1;
  int held = ask_session_hold(s);
  s->flushing = 0;
  return held;
}

int ask_session_own_modes(const ask_session_t *s, struct termios *modes) {
  if (s->saved_once) {
    *modes = s->saved;
    return 0;
  }
  return s->fd >= 0 && tcgetattr(s->fd, modes) == 0 ? 0 : -1;
}

void ask_session_release(ask_session_t *s) {
  if (s->modes != HELD) return;
  while (ask_set_modes(s->fd, TCSANOW, &s->saved) == -1 && errno == EINTR) {
  }
  s->modes = RELEASED;
}

int ask_session_is_held(const ask_session_t *s) { return s->modes == HELD && !s->given_back; }

int ask_session_hide_echo(ask_session_t *s, int fd) {
  if (s->hidden) return 0;
  hold_signals(s);
  struct termios hidden;
  if (tcgetattr(fd, &s->hidden_saved) == -1) return -1;
  hidden = s->hidden_saved;
  hidden.c_lflag &= ~(tcflag_t)(ECHO | ECHONL);
  s->hidden_fd = fd;
  s->hidden = 1;
  while (ask_set_modes(fd, TCSANOW, &hidden) == -1) {
    if (errno != EINTR) {
      s->hidden = 0;
      return -1;
    }
  }
  return 0;
}

void ask_session_show_echo(ask_session_t *s) {
  if (!s->hidden) return;
  s->hidden = 0;
  put_modes_ignoring_ttou(s->hidden_fd, TCSANOW, &s->hidden_saved);
}

unsigned char ask_session_typeahead(ask_session_t *s, unsigned char byte) {
  if (s == NULL || s->typeahead <= 0) return byte;
  s->typeahead--;
  return byte == '\0' ? s->saved.c_cc[VEOF] : byte;
}

void ask_session_discard_input(ask_session_t *s) {
  if (s->modes == UNTOUCHED) return;
  (void)tcflush(s->fd, TCIFLUSH);
  s->typeahead = 0;
}

/* ---- Waiting ------------------------------------------------------------- */

int64_t ask_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int ask_session_pending_signal(const ask_session_t *s) {
  if (s == NULL) return 0;
  for (int sig = 1; sig < NSIG; sig++) {
    enum kind kind = kind_of(sig);
    if (s->pending[sig] && (kind == END || kind == FAULT)) return sig;
  }
  return s->cancelled ? ASK_SIGNAL_CANCELLED : 0;
}

/* From any thread: a flag and a wake-up byte, as a signal's handler does
 * (the caller keeps the session alive meanwhile). Never sent at the end. */
void ask_session_cancel(ask_session_t *s) {
  if (s == NULL) return;
  s->cancelled = 1;
  wake_up(s);
}

int ask_session_is_cancelled(const ask_session_t *s) { return s != NULL && s->cancelled; }

void ask_session_forget_signal(ask_session_t *s, int sig) {
  if (s != NULL && sig > 0 && sig < NSIG) s->pending[sig] = 0;
}

int ask_session_take_resize(ask_session_t *s) {
  if (s == NULL || !s->pending[SIGWINCH]) return 0;
  s->pending[SIGWINCH] = 0;
  return 1;
}

/* ---- Turns: one prompt at a time on the terminal ------------------------- */

void ask_session_set_waiting_text(ask_session_t *s, ask_waiting_text_fn make) {
  if (s == NULL) return;
  s->make_waiting_text = make;
}

/* How long a wait for the turn sleeps between two looks at the lock: a
 * turn is taken within this of being given back. */
enum { TURN_POLL_MS = 10 };

/* Empties the wake-up pipe: the pending flags say what happened. */
static void drain_wake(struct ask_session *s) {
  char drain[64];
  while (read(s->wake[0], drain, sizeof drain) > 0) {
  }
}

/* Sleeps up to `ms` on the wake-up pipe (a signal ends the sleep). */
static void nap(struct ask_session *s, int ms) {
  struct pollfd wake = {s->wake[0], POLLIN, 0};
  if (poll(&wake, 1, ms) > 0) drain_wake(s);
}

/* Waits until this process has the turn (ASK_WAIT_READY), a terminating
 * signal is pending (ASK_WAIT_SIGNAL, *signo) or `turn_deadline` passes
 * (ASK_WAIT_TIMEOUT). Stops meanwhile stop (nothing is held); the waiting
 * line is drawn once, when no holder is inside a line — asking the holder
 * for room while it is. */
static int wait_for_turn(struct ask_session *s, struct ask_turn *turn, int draw_fd, int *signo) {
  int drawn = s->make_waiting_text == NULL;
  for (;;) {
    if ((*signo = ask_session_pending_signal(s)) != 0) break;
    /* Stopped (with its job, or by SIGSTOP) and continued: a claimant's
     * second of grace counts from the continue (`fg`), not from a look
     * before the stop. */
    if (take_stop(s) || s->pending[SIGCONT]) turn->grace_until = 0;
    s->pending[SIGCONT] = 0;
    if ((*signo = ask_session_pending_signal(s)) != 0) break;
    if (ask_turn_try(turn)) return ASK_WAIT_READY;
    if (!drawn) {
      if (s->waiting_text == NULL) s->waiting_text = s->make_waiting_text();
      drawn = s->waiting_text == NULL || ask_turn_draw_if_free(turn, draw_fd, s->waiting_text);
      ask_turn_announce(turn, !drawn);
    }
    int wait = TURN_POLL_MS;
    if (s->turn_deadline >= 0) {
      int64_t left = s->turn_deadline - ask_now_ms();
      if (left <= 0) {
        ask_turn_announce(turn, 0);
        return ASK_WAIT_TIMEOUT;
      }
      if (left < wait) wait = (int)left;
    }
    arm(s);
    nap(s, wait);
  }
  ask_turn_announce(turn, 0);
  return ASK_WAIT_SIGNAL;
}

int ask_session_take_turn(ask_session_t *s, int64_t deadline_ms, int *signo) {
  *signo = 0;
  if (s == NULL || s->fd < 0) return ASK_WAIT_READY;
  s->turn_deadline = deadline_ms;
  int status = s->turn.held ? ASK_WAIT_READY : wait_for_turn(s, &s->turn, s->fd, signo);
  if (status == ASK_WAIT_READY) s->keep_line = 1;
  return status;
}

int ask_session_take_input_turn(ask_session_t *s, int fd, int64_t deadline_ms, int *signo) {
  *signo = 0;
  if (s == NULL) return ASK_WAIT_READY;
  dev_t device = ask_terminal_device(fd);
  if (device == 0) return ASK_WAIT_READY;
  if (s->fd >= 0 && device == s->device) return ask_session_take_turn(s, deadline_ms, signo);
  if (s->input_turn.fd < 0) ask_turn_open(&s->input_turn, fd, device);
  s->turn_deadline = deadline_ms;
  if (s->input_turn.held) return ASK_WAIT_READY;
  /* The waiting line on that terminal itself: the node, or the inherited
   * descriptor, is open for writing. */
  return wait_for_turn(s, &s->input_turn, s->input_turn.fd, signo);
}

void ask_session_drew(ask_session_t *s, int fd, int at_margin) {
  if (s == NULL) return;
  /* On the terminal of the input turn (`setsid ask`, drawing on stderr):
   * a waiter's line waits until this one ends. */
  if (s->input_turn.held && (fd != s->fd || s->fd < 0) &&
      ask_terminal_device(fd) == ask_terminal_device(s->input_turn.fd)) {
    s->input_draw_fd = fd;
    ask_turn_line(&s->input_turn, !at_margin);
    return;
  }
  if (fd != s->fd || s->modes != HELD || s->given_back) return;
  s->inside_line = !at_margin;
  /* Once a prompt has its turn, a waiter's line never lands between its
   * title and its answer line either: it asks for room, and the prompt
   * is drawn again, whole, below the waiting line. */
  ask_turn_line(&s->turn, !at_margin || s->keep_line);
}

int ask_session_line_is_open(const ask_session_t *s) {
  return s != NULL && s->modes == HELD && !s->given_back && s->inside_line;
}

/* The holder, asked for room by a waiter, while it waits for a key: ends
 * its line, lets each waiter draw its own (at most a quarter second), and
 * says so: the prompt is drawn again below. 1 when it made room. */
static int make_room(struct ask_session *s) {
  if (s->modes != HELD || s->given_back || !ask_turn_room_asked(&s->turn)) return 0;
  int signo;
  (void)ask_write_all(s, s->fd, "\n", 1, &signo);
  ask_turn_line(&s->turn, 0);
  int64_t until = ask_now_ms() + 250;
  while (ask_turn_room_asked(&s->turn) && ask_now_ms() < until && ask_session_pending_signal(s) == 0)
    nap(s, 5);
  return 1;
}

/* ---- Stops and continues ------------------------------------------------- */

/* 1 when `a` and `b` are the same modes (flags and control characters;
 * the speeds are not compared). */
static int same_modes(const struct termios *a, const struct termios *b) {
  return a->c_lflag == b->c_lflag && a->c_iflag == b->c_iflag && a->c_oflag == b->c_oflag &&
         memcmp(a->c_cc, b->c_cc, sizeof a->c_cc) == 0;
}

/* Applies again what the terminal should have (after a stop, or a
 * continue in the background): the held modes, or the saved ones while
 * released — once the turn is ours again. From the background tcsetattr
 * stops the process (SIGTTOU) until it is in the foreground; the SIGCONT
 * then makes it EINTR. */
static void apply_again(struct ask_session *s) {
  if (s->modes == UNTOUCHED) return;
  const struct termios *modes = s->modes == HELD ? &s->held : &s->saved;
  /* A terminating signal first (`kill %1` sends SIGTERM, then SIGCONT):
   * no waiting for `fg` to take a terminal that is given back at once. */
  for (;;) {
    if (ask_session_pending_signal(s) != 0) return;
    int signo;
    if (!s->turn.held && wait_for_turn(s, &s->turn, s->fd, &signo) != ASK_WAIT_READY) return; /* the reader sees why */
    if (ask_set_modes(s->fd, TCSANOW, modes) == 0 || errno != EINTR) break;
    (void)take_stop(s);
  }
  s->given_back = 0;
}

/* Ctrl-Z, or SIGTTIN or SIGTTOU (sent, or the kernel's for a background
 * terminal call): the answer line ended, the terminal's own modes back
 * (input kept) and the turn — with a claim on it, when held —,
 * then the stop by the signal's saved action (the default: stop), to this
 * process only; once continued, the terminal is taken again by the caller
 * (apply_again). */
static void stop(struct ask_session *s, int sig) {
  if (s->modes == HELD && !s->given_back) {
    /* A job stopped whole (Ctrl-Z under `sh -c`, git): the parent may stop
     * first, and its shell take the terminal — its foreground group, its
     * own modes — before this runs. The terminal is then left as it is
     * (the shell saved the held modes with the job, for `fg`): it is ours
     * only while its foreground group is this process's and its modes
     * are the held ones (or libedit's, as the wait for a key found them). */
    struct termios now;
    if (tcgetpgrp(s->fd) == getpgrp() && tcgetattr(s->fd, &now) == 0 &&
        (same_modes(&now, &s->held) || (s->seen_valid && same_modes(&now, &s->seen)))) {
      end_line(s);
      (void)put_modes_if_foreground(s->fd, &s->saved);
    }
    s->given_back = 1;
    /* Stopped mid-prompt: first claim on the turn when continued. */
    ask_turn_reserve(&s->turn);
  }
  ask_turn_give(&s->turn);
  if (s->hidden) put_modes_ignoring_ttou(s->hidden_fd, TCSANOW, &s->hidden_saved);
  int input_held = s->input_turn.held;
  if (input_held) {
    ask_turn_reserve(&s->input_turn);
    ask_turn_give(&s->input_turn);
  }
  struct ask_action ours;
  ask_action_exchange(sig, &s->saved_actions[sig], &ours);
  sigset_t set;
  sigemptyset(&set);
  sigaddset(&set, sig);
  pthread_sigmask(SIG_UNBLOCK, &set, NULL);
  /* Sent to this thread, which takes it before raise returns: the default
   * action stops the whole process here until SIGCONT. Sent to the
   * process, the kernel gives it first to the main thread — another
   * thread than this one under an async prompt —, which may take it only
   * after the line below has put the session's action back: caught again,
   * the prompt was drawn again and again, and sometimes never stopped. */
  raise(sig);
  ask_action_exchange(sig, &ours, NULL);
  /* Continued: as the kernel's SIGCONT discards pending stop signals,
   * the stops noted before it (a SIGTTOU the group got while it stopped)
   * are over too. */
  s->pending[SIGTSTP] = s->pending[SIGTTIN] = s->pending[SIGTTOU] = 0;
  /* The other terminal's turn again before its echo goes off again; when
   * it does not come back (a terminating signal, the deadline), the
   * terminal is whoever's has it now, and its modes are left alone. */
  if (input_held && ask_session_pending_signal(s) == 0) {
    int signo;
    (void)wait_for_turn(s, &s->input_turn, s->input_turn.fd, &signo);
  }
  if (input_held && !s->input_turn.held) s->hidden = 0;
  if (s->hidden) {
    struct termios hidden = s->hidden_saved;
    hidden.c_lflag &= ~(tcflag_t)(ECHO | ECHONL);
    while (ask_set_modes(s->hidden_fd, TCSANOW, &hidden) == -1 && errno == EINTR) {
    }
  }
}

/* Stops for each stop signal pending: 1 when one was. */
static int take_stop(struct ask_session *s) {
  static const int stops[] = {SIGTSTP, SIGTTIN, SIGTTOU};
  int stopped = 0;
  for (size_t i = 0; i < sizeof stops / sizeof stops[0]; i++) {
    if (!s->pending[stops[i]]) continue;
    s->pending[stops[i]] = 0;
    stop(s, stops[i]);
    stopped = 1;
  }
  return stopped;
}

/* What the pending flags ask for: ASK_WAIT_SIGNAL (terminating, *signo
 * set), ASK_WAIT_RESUMED (stopped or continued: the terminal is taken
 * again), ASK_WAIT_TIMEOUT (continued, and the turn did not come back in
 * time), or -1 to go on waiting. */
static int take_pending(struct ask_session *s, int *signo) {
  if ((*signo = ask_session_pending_signal(s)) != 0) return ASK_WAIT_SIGNAL;
  if (!s->pending[SIGTSTP] && !s->pending[SIGTTIN] && !s->pending[SIGTTOU] && !s->pending[SIGCONT]) return -1;
  if (take_stop(s)) {
    apply_again(s);
  } else {
    s->pending[SIGCONT] = 0;
    /* Continued without a stop of ours (SIGSTOP and SIGCONT from
     * outside, or a stray SIGCONT): when the terminal still has the held
     * modes, nobody else had it, and nothing needs drawing again. */
    struct termios now;
    if (s->modes == HELD && s->seen_valid && tcgetattr(s->fd, &now) == 0 && same_modes(&now, &s->seen)) {
      if ((*signo = ask_session_pending_signal(s)) != 0) return ASK_WAIT_SIGNAL;
      return -1;
    }
    apply_again(s);
  }
  /* One resume, whatever number of continues it took (`bg` then `fg`). */
  s->pending[SIGCONT] = 0;
  s->pending[SIGTSTP] = s->pending[SIGTTIN] = s->pending[SIGTTOU] = 0;
  if ((*signo = ask_session_pending_signal(s)) != 0) return ASK_WAIT_SIGNAL;
  if (s->modes == HELD && s->given_back) return ASK_WAIT_TIMEOUT; /* the turn did not come back */
  return ASK_WAIT_RESUMED;
}

/* The wait of ask_session_wait; `redraws`: the caller draws its prompt
 * again on ASK_WAIT_RESUMED, so a waiter's line may be let in. */
static int session_wait(struct ask_session *s, int fd, int64_t deadline_ms, int *signo, int redraws) {
  /* What the terminal has now (held, or libedit's editing modes): a
   * continue that finds them unchanged needs no redraw. */
  if (s != NULL) arm(s);
  if (s != NULL) s->seen_valid = s->modes == HELD && tcgetattr(s->fd, &s->seen) == 0;
  int room = redraws && s != NULL && s->turn.fd >= 0 && s->turn.held;
  for (;;) {
    if (s != NULL) {
      int taken = take_pending(s, signo);
      if (taken >= 0) return taken;
      if (room && make_room(s)) return ASK_WAIT_RESUMED;
    }
    struct pollfd fds[2] = {{fd, POLLIN, 0}, {s != NULL ? s->wake[0] : -1, POLLIN, 0}};
    int timeout = -1;
    if (deadline_ms >= 0) {
      int64_t left = deadline_ms - ask_now_ms();
      if (left <= 0) return ASK_WAIT_TIMEOUT;
      timeout = left > 0x7fffffff ? 0x7fffffff : (int)left;
    }
    /* A holder looks for a waiter asking for room now and then. */
    if (room && (timeout < 0 || timeout > 50)) timeout = 50;
    int n = poll(fds, s != NULL ? 2 : 1, timeout);
    if (n == -1) {
      if (errno == EINTR) continue;
      return ASK_WAIT_ERROR;
    }
    if (n == 0) continue; /* the deadline check above decides */
    if (s != NULL && (fds[1].revents & POLLIN)) {
      drain_wake(s);
      continue;
    }
    if (fds[0].revents) return ASK_WAIT_READY;
  }
}

int ask_session_wait(ask_session_t *s, int fd, int64_t deadline_ms, int *signo) {
  return session_wait(s, fd, deadline_ms, signo, 0);
}

int ask_session_wait_redrawing(ask_session_t *s, int fd, int64_t deadline_ms, int *signo) {
  return session_wait(s, fd, deadline_ms, signo, 1);
}
