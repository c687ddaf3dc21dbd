/* The asker: whether it lives (a pidfd), and the datagram that answers it. */
#include "shim_password_agent.h"
#include "shim_session.h"

#include <errno.h>
#include <poll.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>

#ifndef SYS_pidfd_open
#define SYS_pidfd_open 434
#endif

int ask_agent_pidfd(pid_t pid) {
  if (pid <= 0) {
    errno = ESRCH;
    return -1;
  }
  int fd = (int)syscall(SYS_pidfd_open, pid, 0);
  /* pidfd_open sets close-on-exec itself. */
  return fd;
}

int ask_agent_pid_ended(int pidfd) {
  struct pollfd fd = {pidfd, POLLIN, 0};
  return poll(&fd, 1, 0) > 0 && (fd.revents & POLLIN) ? 1 : 0;
}

int ask_agent_connect(const char *path) {
  struct sockaddr_un address = {.sun_family = AF_UNIX};
  size_t length = strlen(path);
  if (length >= sizeof address.sun_path) {
    errno = ENAMETOOLONG;
    return -1;
  }
  memcpy(address.sun_path, path, length);
  int fd = socket(AF_UNIX, SOCK_DGRAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  int r;
  do r = connect(fd, (struct sockaddr *)&address, (socklen_t)(offsetof(struct sockaddr_un, sun_path) + length + 1));
  while (r < 0 && errno == EINTR);
  if (r < 0) {
    int error = errno;
    close(fd);
    errno = error;
    return -1;
  }
  return fd;
}

/* How long a send may wait for room in the asker's queue: an asker reads
 * its one answer at once, so a queue that stays full is not one that will
 * take it; the agent goes on to the next question rather than hang. */
enum { SEND_PATIENCE_MS = 5000 };

static int send_datagram(int fd, struct iovec *parts, size_t count) {
  struct msghdr message = {.msg_iov = parts, .msg_iovlen = count};
  int64_t until = ask_now_ms() + SEND_PATIENCE_MS;
  for (;;) {
    ssize_t r = sendmsg(fd, &message, MSG_NOSIGNAL | MSG_DONTWAIT);
    if (r >= 0) return 0;
    if (errno == EINTR) continue;
    if (errno != EAGAIN && errno != EWOULDBLOCK) return -1;
    int64_t left = until - ask_now_ms();
    if (left <= 0) {
      errno = EAGAIN;
      return -1;
    }
    struct pollfd room = {.fd = fd, .events = POLLOUT};
    (void)poll(&room, 1, left < 50 ? (int)left : 50);
  }
}

int ask_agent_send_answer(int fd, const unsigned char *bytes, size_t length) {
  struct iovec parts[2] = {{(void *)"+", 1}, {(void *)bytes, length}};
  return send_datagram(fd, parts, bytes != NULL && length > 0 ? 2 : 1);
}

int ask_agent_send_cancel(int fd) {
  struct iovec part = {(void *)"-", 1};
  return send_datagram(fd, &part, 1);
}
