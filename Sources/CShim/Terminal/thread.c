/* The thread an `async` prompt waits on: a thread of its own, started for
 * the prompt (never a worker of the Swift concurrency pool, which blocks
 * signals and must not be kept waiting), with the signal mask of the
 * process's main thread — the one a host sets on purpose — so that the
 * session's end delivers each signal that arrived as on the main thread. */
#include "CShim.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* The main thread's blocked signals, from the `SigBlk:` line of
 * /proc/self/task/PID/status (a hexadecimal mask, bit N-1 for signal N);
 * the empty set when it cannot be read. */
static void main_thread_mask(sigset_t *mask) {
  sigemptyset(mask);
  char path[64];
  snprintf(path, sizeof path, "/proc/self/task/%d/status", (int)getpid());
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return;
  char text[4096];
  size_t length = 0;
  for (;;) {
    ssize_t r = read(fd, text + length, sizeof text - 1 - length);
    if (r > 0 && (length += (size_t)r) < sizeof text - 1) continue;
    if (r == -1 && errno == EINTR) continue;
    break;
  }
  close(fd);
  text[length] = '\0';
  const char *line = strstr(text, "\nSigBlk:");
  if (line == NULL) return;
  unsigned long long bits = strtoull(line + 8, NULL, 16);
  for (int sig = 1; sig < NSIG && sig <= 64; sig++)
    if (bits & (1ULL << (sig - 1))) sigaddset(mask, sig);
}

struct start {
  void (*body)(void *);
  void *context;
  sigset_t mask;
};

static void *run(void *argument) {
  struct start start = *(struct start *)argument;
  free(argument);
  /* Set again: a pthread_create that is wrapped (AddressSanitizer's puts
   * the creating thread's mask back in the new thread before this runs)
   * can undo the attribute's mask, and the creating thread may be a pool
   * worker that blocks every signal. */
  pthread_sigmask(SIG_SETMASK, &start.mask, NULL);
  /* Named, for a host's debugger and `top -H`, and for the host tests. */
  pthread_setname_np(pthread_self(), "ask-prompt");
  start.body(start.context);
  return NULL;
}

int ask_thread_start(void (*body)(void *_Nullable), void *context) {
  struct start *start = malloc(sizeof *start);
  if (start == NULL) return ENOMEM;
  start->body = body;
  start->context = context;
  main_thread_mask(&start->mask);
  pthread_attr_t attributes;
  int error = pthread_attr_init(&attributes);
  if (error != 0) {
    free(start);
    return error;
  }
  pthread_attr_setdetachstate(&attributes, PTHREAD_CREATE_DETACHED);
  /* The mask from the first instruction on: no signal meant for the host
   * can reach the new thread while it would still block it. */
  pthread_attr_setsigmask_np(&attributes, &start->mask);
  pthread_t thread;
  error = pthread_create(&thread, &attributes, run, start);
  pthread_attr_destroy(&attributes);
  if (error != 0) free(start);
  return error;
}
