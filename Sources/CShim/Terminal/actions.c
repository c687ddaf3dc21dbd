/* Signal actions saved and put back exactly: what a session borrows of
 * the host's signal actions comes back bit for bit, flags, restorer and
 * mask included (SPEC §8). Actions of our own (handlers) are still
 * installed with glibc's sigaction, which gives them the restorer their
 * return needs; only what was read is put back raw. */
#include "actions.h"

#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))

/* One call: glibc's sigaction gives ours the restorer its return needs,
 * and reads the old action as the kernel held it (glibc copies the
 * kernel's handler, flags, restorer and 64-bit mask into its struct
 * unchanged: only an action it installs gains bits). */
int ask_action_install(int sig, const struct sigaction *ours, struct ask_action *old) {
  struct sigaction read;
  if (sigaction(sig, ours, &read) == -1) return -1;
  old->handler = (void *)read.sa_handler;
  old->flags = (unsigned long)(unsigned int)read.sa_flags;
  old->restorer = (void *)read.sa_restorer;
  memcpy(&old->mask, &read.sa_mask, sizeof old->mask);
  return 0;
}

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

int ask_action_install(int sig, const struct sigaction *ours, struct ask_action *old) {
  return sigaction(sig, ours, &old->libc);
}

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
