/* One line from a non-terminal answer source, one byte at a time, so the
 * rest of a pipe stays for whoever reads it next (as the shell's `read`). */
#include "CShim.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Whether a read's EIO on `fd` is a hang-up: `fd` is a terminal, or one
 * that has hung up, whose every ioctl fails with EIO (isatty fails with
 * ENOTTY on what is no terminal). */
static int hung_up(int fd) {
  return isatty(fd) || errno == EIO;
}

int ask_read_fd_line(ask_session_t *session, int fd, int64_t deadline_ms, char **line, size_t *len,
                     int *signo) {
  size_t cap = 64, n = 0;
  char *buf = malloc(cap);
  if (buf == NULL) return ASK_READ_ERROR;
  for (;;) {
    int w = ask_session_wait(session, fd, deadline_ms, signo);
    if (w == ASK_WAIT_RESUMED) continue; /* nothing of a pipe to draw again */
    if (w != ASK_WAIT_READY) {
      int saved = errno;
      explicit_bzero(buf, cap);
      free(buf);
      errno = saved;
      return w == ASK_WAIT_SIGNAL ? ASK_READ_SIGNAL
           : w == ASK_WAIT_TIMEOUT ? ASK_READ_TIMEOUT : ASK_READ_ERROR;
    }
    char c;
    ssize_t r = read(fd, &c, 1);
    if (r == -1 && (errno == EINTR || errno == EAGAIN)) continue;
    if (r == -1 || (r == 0 && n == 0)) {
      int saved = errno;
      int status = r == 0 ? ASK_READ_EOF : errno == EIO && hung_up(fd) ? ASK_READ_HANGUP : ASK_READ_ERROR;
      explicit_bzero(buf, cap);
      free(buf);
      errno = saved;
      return status;
    }
    if (r == 0 || c == '\n') break;
    if (n >= ASK_LINE_MAX) { /* /dev/zero is not an answer */
      explicit_bzero(buf, cap);
      free(buf);
      return ASK_READ_TOO_LONG;
    }
    if (n + 2 > cap) { /* grow, wiping the old buffer: it may hold a secret */
      char *bigger = malloc(cap * 2);
      if (bigger == NULL) {
        explicit_bzero(buf, cap);
        free(buf);
        return ASK_READ_ERROR;
      }
      memcpy(bigger, buf, n);
      explicit_bzero(buf, cap);
      free(buf);
      buf = bigger;
      cap *= 2;
    }
    buf[n++] = c;
  }
  if (n > 0 && buf[n - 1] == '\r') n--;
  if (!ask_utf8_is_valid((const unsigned char *)buf, n)) { /* checked here: it may be a secret */
    explicit_bzero(buf, cap);
    free(buf);
    return ASK_READ_NOT_UTF8;
  }
  if (memchr(buf, '\0', n) != NULL) { /* no key types it; -0 would end the value there */
    explicit_bzero(buf, cap);
    free(buf);
    return ASK_READ_HAS_NUL;
  }
  buf[n] = '\0';
  *line = buf;
  *len = n;
  return ASK_READ_LINE;
}
