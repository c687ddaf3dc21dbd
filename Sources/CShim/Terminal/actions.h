/* A signal's action, saved and put back as the kernel holds it
 * (actions.c). */
#ifndef ASK_ACTIONS_H
#define ASK_ACTIONS_H

#include <signal.h>
#include <stdint.h>

/* One signal's action. On x86_64 and aarch64 it is the kernel's own
 * struct sigaction (handler, flags, restorer, 64-bit mask), read and
 * written with the rt_sigaction system call: glibc's sigaction(2)
 * wrapper adds SA_RESTORER and its own restorer to every action it
 * installs, so an action read and put back through it comes back with
 * flags it did not have (a SIG_DFL with sa_flags 0 gets 0x04000000).
 * Elsewhere, glibc's struct sigaction and sigaction(2). */
struct ask_action {
#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))
  void *handler;      /* SIG_DFL, SIG_IGN or a function */
  unsigned long flags;
  void *restorer;
  uint64_t mask;
#else
  struct sigaction libc;
#endif
};

/* Puts `put` (NULL: none) as the action of `sig` and reads the one it
 * replaces into `old` (NULL: not read), in one call, bit for bit.
 * Async-signal-safe. Returns 0, or -1 with errno (EINVAL for SIGKILL,
 * SIGSTOP or a number out of range). */
int ask_action_exchange(int sig, const struct ask_action *put, struct ask_action *old);

/* Installs `ours` with glibc's sigaction (which gives a handler the
 * restorer its return needs) and reads the action it replaces into `old`,
 * bit for bit as above, in the same call. Async-signal-safe. Returns 0,
 * or -1 with errno (nothing installed). */
int ask_action_install(int sig, const struct sigaction *ours, struct ask_action *old);

/* 1 when `action` is SIG_IGN (and not an SA_SIGINFO handler), else 0. */
int ask_action_ignores(const struct ask_action *action);

/* 1 when `action` is SIG_DFL (and not an SA_SIGINFO handler), else 0. */
int ask_action_is_default(const struct ask_action *action);

#endif
