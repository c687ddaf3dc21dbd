/* The directory of questions: an inotify watch, and what its events say. */
#include "shim_password_agent.h"

#include <errno.h>
#include <string.h>
#include <sys/inotify.h>
#include <unistd.h>

int ask_agent_watch_open(const char *directory) {
  int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
  if (fd < 0) return -1;
  if (inotify_add_watch(fd, directory, IN_CLOSE_WRITE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM | IN_ONLYDIR) < 0) {
    int error = errno;
    close(fd);
    errno = error;
    return -1;
  }
  return fd;
}

int ask_agent_watch_drain(int fd, const char *name) {
  int result = 0;
  /* Aligned as struct inotify_event; one read returns whole events. */
  char buffer[4096] __attribute__((aligned(__alignof__(struct inotify_event))));
  for (;;) {
    ssize_t n = read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return result; /* EAGAIN: nothing more waits */
    for (char *p = buffer; p < buffer + n;) {
      const struct inotify_event *event = (const struct inotify_event *)p;
      p += sizeof *event + event->len;
      if (event->mask & IN_Q_OVERFLOW) { /* events lost: look again */
        result |= ASK_AGENT_ARRIVED;
        continue;
      }
      if (event->len == 0) continue;
      if ((event->mask & (IN_CLOSE_WRITE | IN_MOVED_TO)) && strncmp(event->name, "ask.", 4) == 0)
        result |= ASK_AGENT_ARRIVED;
      if ((event->mask & (IN_DELETE | IN_MOVED_FROM)) && name != NULL && strcmp(event->name, name) == 0)
        result |= ASK_AGENT_WITHDRAWN;
    }
  }
}
