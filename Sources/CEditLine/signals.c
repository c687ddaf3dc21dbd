/* Flag-only signal handling through a self-pipe, as OpenBSD readpassphrase
 * does it, but the handlers stay installed for the whole run and the reading
 * loop (ask_wait_input) turns a signal into a return value. */
#include "CEditLine.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* The self-pipe: [0] read by ask_wait_input, [1] written by the handler. */
static int signal_pipe[2] = {-1, -1};
/* Set by the handler on SIGWINCH; read and cleared by ask_take_resize. */
static volatile sig_atomic_t resized = 0;
/* Signals whose disposition was SIG_IGN at install: they stay ignored. */
static sigset_t ignored_at_start;

/* Set while `ask` stops itself: the SIGCONT that wakes it is then expected
 * and needs no second redraw. */
static volatile sig_atomic_t resuming = 0;

/* Through the self-pipe: every signal whose default action ends or stops
 * the process (and SIGWINCH, SIGCONT), so that each way out restores the
 * terminal first. */
static const int handled_signals[] = {
    SIGINT,  SIGTERM, SIGHUP,  SIGQUIT,   SIGALRM, SIGUSR1,  SIGUSR2, SIGVTALRM, SIGPROF,
    SIGXCPU, SIGXFSZ, SIGPOLL, SIGSTKFLT, SIGPWR,  SIGWINCH, SIGTSTP, SIGCONT};
/* SIGTTIN and SIGTTOU keep their default action: a background `ask` that
 * reads or sets the terminal is stopped by the kernel before anything
 * changes, and the call goes on when it is brought to the foreground. Were
 * they caught, tcsetattr would fail with EINTR, and libedit retries that
 * forever. */

/* Faults (a crash, a Swift trap): the handler restores the terminal and
 * returns with the default action back in place, so the fault recurs and
 * ends the process as it would have. */
static const int fault_signals[] = {SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGTRAP, SIGABRT, SIGSYS};

/* Writes the signal number to the self-pipe; saves errno. */
static void on_signal(int sig) {
  int saved = errno;
  unsigned char byte = (unsigned char)sig;
  if (sig == SIGWINCH) resized = 1;
  if (signal_pipe[1] >= 0) (void)!write(signal_pipe[1], &byte, 1);
  errno = saved;
}

static void on_ignored(int sig) { (void)sig; }

static void on_fault(int sig) {
  (void)sig;
  ask_tty_restore(); /* tcsetattr is async-signal-safe */
}

static void catch_signal(int sig) {
  struct sigaction sa;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = on_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0; /* no SA_RESTART: a blocked read returns EINTR */
  sigaction(sig, &sa, NULL);
}

/* Sends `sig` to this process only (never its group) with its default
 * action in place and unblocked. */
static void send_default(int sig) {
  struct sigaction sa;
  sigset_t set;
  memset(&sa, 0, sizeof sa);
  sa.sa_handler = SIG_DFL;
  sigemptyset(&sa.sa_mask);
  sigaction(sig, &sa, NULL);
  sigemptyset(&set);
  sigaddset(&set, sig);
  sigprocmask(SIG_UNBLOCK, &set, NULL);
  kill(getpid(), sig);
}

/* Ctrl-Z: restore the terminal, stop with the signal's default action, and
 * when continued take the terminal back (if continued in the background,
 * taking it stops `ask` again, by SIGTTOU, until it is in the foreground). */
static void suspend(int sig) {
  ask_tty_suspend();
  resuming = 1;
  send_default(sig); /* stops here until SIGCONT */
  catch_signal(sig);
  ask_tty_hold();
}

int ask_signals_install(void) {
  if (signal_pipe[0] >= 0) return 0;
  if (pipe2(signal_pipe, O_CLOEXEC | O_NONBLOCK) == -1) return -1;
  sigemptyset(&ignored_at_start);
  for (size_t i = 0; i < sizeof handled_signals / sizeof *handled_signals; i++) {
    struct sigaction old;
    int sig = handled_signals[i];
    if (sigaction(sig, NULL, &old) == 0 && old.sa_handler == SIG_IGN) {
      sigaddset(&ignored_at_start, sig);
      continue;
    }
    catch_signal(sig);
  }
  for (size_t i = 0; i < sizeof fault_signals / sizeof *fault_signals; i++) {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fault;
    sigemptyset(&sa.sa_mask);
    sa.sa_flags = (int)(SA_RESETHAND | SA_NODEFER);
    sigaction(fault_signals[i], &sa, NULL);
  }
  /* SIGPIPE: a write to a closed pipe fails with EPIPE where it happens;
   * the result writer re-raises it, a drawing failure is ignored. */
  struct sigaction old;
  if (sigaction(SIGPIPE, NULL, &old) == 0 && old.sa_handler == SIG_IGN) {
    sigaddset(&ignored_at_start, SIGPIPE);
  } else {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_ignored;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGPIPE, &sa, NULL);
  }
  return 0;
}

int ask_signal_was_ignored(int sig) { return sigismember(&ignored_at_start, sig) == 1; }

_Noreturn void ask_signal_reraise(int sig) {
  ask_tty_restore();
  ask_tty_discard_pending();
  if (sigismember(&ignored_at_start, sig) == 1) _exit(128 + sig);
  send_default(sig);
  _exit(128 + sig);
}

int64_t ask_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int ask_take_resize(void) {
  if (!resized) return 0;
  resized = 0;
  return 1;
}

int ask_wait_input(int fd, int64_t deadline_ms, int *signo) {
  for (;;) {
    struct pollfd fds[2] = {{fd, POLLIN, 0}, {signal_pipe[0], POLLIN, 0}};
    int timeout = -1;
    if (deadline_ms >= 0) {
      int64_t left = deadline_ms - ask_now_ms();
      if (left <= 0) return ASK_WAIT_TIMEOUT;
      timeout = left > 0x7fffffff ? 0x7fffffff : (int)left;
    }
    int n = poll(fds, signal_pipe[0] >= 0 ? 2 : 1, timeout);
    if (n == -1) {
      if (errno == EINTR) continue;
      return ASK_WAIT_ERROR;
    }
    if (n == 0) continue; /* the deadline check above decides */
    if (fds[1].revents & POLLIN) {
      unsigned char byte;
      while (read(signal_pipe[0], &byte, 1) == 1) {
        switch (byte) {
        case SIGWINCH:
          break;
        case SIGCONT:
          if (resuming) {
            resuming = 0;
            break;
          }
          ask_tty_hold(); /* continued after a SIGSTOP: take the terminal back */
          return ASK_WAIT_RESUMED;
        case SIGTSTP:
          suspend(byte);
          return ASK_WAIT_RESUMED;
        default:
          *signo = byte;
          return ASK_WAIT_SIGNAL;
        }
      }
    }
    if (fds[0].revents) return ASK_WAIT_READY;
  }
}
