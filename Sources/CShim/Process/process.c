/* What the `ask` command does for its own process: standard descriptors
 * that are never left closed, and pending input discarded on the way out.
 * A library host calls neither. */
#include "CShim.h"
#include "../Terminal/turn.h"

#include <errno.h>
#include <poll.h>
#include <fcntl.h>
#include <signal.h>
#include <termios.h>
#include <unistd.h>

int ask_reserve_standard_fds(void) {
  static int closed = -1;
  if (closed != -1) return closed;
  closed = 0;
  /* One look at all three: poll marks a closed descriptor POLLNVAL. */
  struct pollfd fds[3] = {{0, 0, 0}, {1, 0, 0}, {2, 0, 0}};
  while (poll(fds, 3, 0) == -1 && errno == EINTR) {
  }
  for (int fd = 0; fd <= 2; fd++) {
    if (!(fds[fd].revents & POLLNVAL)) continue;
    closed |= 1 << fd;
    int null = open("/dev/null", O_RDWR);
    if (null != -1 && null != fd) { /* cannot happen: fd is the lowest free */
      dup2(null, fd);
      close(null);
    }
  }
  return closed;
}

void ask_discard_pending_input(void) {
  int fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return;
  if (tcgetpgrp(fd) == getpgrp()) {
    /* Not when another prompt has the terminal's turn and reads it: what
     * is pending then was typed for it (the askpass helpers of `xargs -P`,
     * of git's parallel fetches, are one foreground process group). */
    struct ask_turn turn;
    ask_turn_open(&turn, fd, 0);
    if (ask_turn_may_discard(&turn, fd)) (void)tcflush(fd, TCIFLUSH);
    ask_turn_close(&turn);
  }
  close(fd);
}

int ask_signal_is_ignored(int sig) {
  struct sigaction old;
  return sigaction(sig, NULL, &old) == 0 && !(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_IGN;
}

void ask_unblock_signals(void) {
  sigset_t none;
  sigemptyset(&none);
  sigprocmask(SIG_SETMASK, &none, NULL);
}

/* 1 when `sig` has a handler (not SIG_DFL or SIG_IGN). */
static int has_handler(int sig, struct sigaction *old) {
  return sigaction(sig, NULL, old) == 0 &&
         ((old->sa_flags & SA_SIGINFO) || (old->sa_handler != SIG_DFL && old->sa_handler != SIG_IGN));
}

void ask_default_fault_actions(void) {
  /* The backtracer installs its handler on all of them together, SIGSEGV
   * among them; no handler survives exec. So SIGSEGV without one is all
   * of them without (one call where seven were). */
  static const int faults[] = {SIGSEGV, SIGQUIT, SIGABRT, SIGBUS, SIGFPE, SIGILL, SIGTRAP};
  for (size_t i = 0; i < sizeof faults / sizeof *faults; i++) {
    struct sigaction old;
    if (!has_handler(faults[i], &old)) {
      if (i == 0) return;
      continue;
    }
    signal(faults[i], SIG_DFL);
  }
}

_Noreturn void ask_die_by(int sig) {
  if (!ask_signal_is_ignored(sig)) {
    signal(sig, SIG_DFL);
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, sig);
    sigprocmask(SIG_UNBLOCK, &set, NULL);
    kill(getpid(), sig);
  }
  _exit(128 + sig);
}
