/* One question while it is asked: a thread that waits for its withdrawal. */
#include "shim_password_agent.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct ask_agent_vigil {
  pthread_t thread;
  int watch_fd, pidfd;
  int stop[2]; /* a pipe: written to end the thread */
  char *name;
  void (*withdrawn)(void *);
  void *context;
  int result; /* ASK_AGENT_*, written by the thread, read after join */
};

static void *keep_vigil(void *argument) {
  ask_agent_vigil_t *v = argument;
  for (;;) {
    struct pollfd fds[3] = {{v->stop[0], POLLIN, 0}, {v->watch_fd, POLLIN, 0}, {v->pidfd, POLLIN, 0}};
    int r = poll(fds, v->pidfd >= 0 ? 3 : 2, -1);
    if (r < 0 && errno == EINTR) continue;
    if (r < 0 || fds[0].revents) return NULL;
    int withdrawn = 0;
    if (fds[1].revents) {
      int events = ask_agent_watch_drain(v->watch_fd, v->name);
      v->result |= events & ASK_AGENT_ARRIVED;
      withdrawn = events & ASK_AGENT_WITHDRAWN;
    }
    if (v->pidfd >= 0 && fds[2].revents) withdrawn = 1;
    if (withdrawn) {
      v->result |= ASK_AGENT_WITHDRAWN;
      v->withdrawn(v->context);
      return NULL;
    }
  }
}

ask_agent_vigil_t *ask_agent_vigil_start(int watch_fd, const char *name, int pidfd,
                                         void (*withdrawn)(void *), void *context) {
  ask_agent_vigil_t *v = calloc(1, sizeof *v);
  if (v == NULL) return NULL;
  v->name = strdup(name);
  if (v->name == NULL || pipe2(v->stop, O_CLOEXEC) != 0) {
    free(v->name);
    free(v);
    errno = ENOMEM;
    return NULL;
  }
  v->watch_fd = watch_fd;
  v->pidfd = pidfd;
  v->withdrawn = withdrawn;
  v->context = context;
  /* Signals are the prompt's: the thread must never be the one they reach. */
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &old);
  int error = pthread_create(&v->thread, NULL, keep_vigil, v);
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  if (error != 0) {
    close(v->stop[0]);
    close(v->stop[1]);
    free(v->name);
    free(v);
    errno = error;
    return NULL;
  }
  return v;
}

int ask_agent_vigil_stop(ask_agent_vigil_t *v) {
  ssize_t written;
  do written = write(v->stop[1], "x", 1);
  while (written < 0 && errno == EINTR);
  pthread_join(v->thread, NULL);
  int result = v->result;
  close(v->stop[0]);
  close(v->stop[1]);
  free(v->name);
  free(v);
  return result;
}
