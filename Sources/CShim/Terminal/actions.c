/* Signal actions saved and put back exactly: what a session borrows of
 * the host's signal actions comes back bit for bit, flags, restorer and
 * mask included (SPEC §8). Actions of our own (handlers) are still
 * installed with glibc's sigaction, which gives them the restorer their
 * return needs; only what was read is put back raw. */
#include "actions.h"

#include <sys/syscall.h>
#include <unistd.h>

int ask_action_install(int sig, const struct sigaction *ours, struct ask_action *old) {
  if (ask_action_exchange(sig, NULL, old) == -1) return -1;
  return sigaction(sig, ours, NULL);
}

#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))

/* The kernel's sigset_t: 64 signals, 8 bytes. */
enum { KERNEL_MASK_SIZE = sizeof(uint64_t) };

int ask_action_exchange(int sig, const struct ask_action *put, struct ask_action *old) {
  long result = syscall(SYS_rt_sigaction, sig, put, old, KERNEL_MASK_SIZE);
  return result == 0 ? 0 : -1;
}

int ask_action_ignores(const struct ask_action *action) {
  return !(action->flags & SA_SIGINFO) && action->handler == (void *)SIG_IGN;
}

int ask_action_is_default(const struct ask_action *action) {
  return !(action->flags & SA_SIGINFO) && action->handler == (void *)SIG_DFL;
}

#else

int ask_action_exchange(int sig, const struct ask_action *put, struct ask_action *old) {
  return sigaction(sig, put != NULL ? &put->libc : NULL, old != NULL ? &old->libc : NULL);
}

int ask_action_ignores(const struct ask_action *action) {
  return !(action->libc.sa_flags & SA_SIGINFO) && action->libc.sa_handler == SIG_IGN;
}

int ask_action_is_default(const struct ask_action *action) {
  return !(action->libc.sa_flags & SA_SIGINFO) && action->libc.sa_handler == SIG_DFL;
}

#endif
