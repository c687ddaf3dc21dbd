/* Writing with write(2): whole buffers, whatever signals arrive, and JSON
 * strings of a secret's bytes that never pass through stdio or Swift. */
#include "CShim.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

int ask_write_all(ask_session_t *session, int fd, const void *bytes, size_t length, int *signo) {
  const unsigned char *p = bytes;
  *signo = 0;
  ask_session_take_signals(session, fd);
  /* A terminating signal already pending: the session is ending, and a
   * write now could wait (output stopped by Ctrl-S) for nothing. */
  if ((*signo = ask_session_pending_signal(session)) != 0) {
    errno = EINTR;
    return -1;
  }
  /* Text that leaves the cursor inside a line takes the line lock before
   * it is written: a waiting prompt must not draw in between. */
  if (length > 0 && p[length - 1] != '\n') ask_session_drew(session, fd, 0);
  while (length > 0) {
    ssize_t n = write(fd, p, length);
    if (n >= 0) {
      p += n;
      length -= (size_t)n;
      /* A short write was cut by a signal: go on unless it ends `ask`. */
      if (length > 0 && (*signo = ask_session_pending_signal(session)) != 0) break;
      continue;
    }
    int error = errno;
    if (error == EINTR && (*signo = ask_session_pending_signal(session)) == 0) continue;
    if (error == EPIPE) ask_session_forget_signal(session, SIGPIPE); /* raised here, by this write */
    errno = error;
    return -1;
  }
  if (*signo != 0) {
    errno = EINTR;
    return -1;
  }
  /* Where the drawing now stands, for the prompts waiting their turn. */
  if (p != bytes) ask_session_drew(session, fd, p[-1] == '\n');
  return 0;
}

size_t ask_json_escape_one(const unsigned char *bytes, size_t left, unsigned char out[6], size_t *consumed) {
  static const char hex[] = "0123456789abcdef";
  size_t valid = bytes[0] >= 0x80 ? ask_utf8_sequence(bytes, left, NULL) : 1;
  *consumed = valid ? valid : 1;
  if (valid == 0) { /* not UTF-8: U+FFFD, so the JSON stays valid */
    memcpy(out, "\\ufffd", 6);
    return 6;
  }
  if (valid > 1) { /* a whole multi-byte character, as it is */
    memcpy(out, bytes, valid);
    return valid;
  }
  unsigned char c = bytes[0];
  if (c == '"' || c == '\\') {
    out[0] = '\\';
    out[1] = c;
    return 2;
  }
  if (c == '\n' || c == '\r' || c == '\t') {
    out[0] = '\\';
    out[1] = c == '\n' ? 'n' : c == '\r' ? 'r' : 't';
    return 2;
  }
  if (c < 0x20) {
    memcpy(out, "\\u00", 4);
    out[4] = (unsigned char)hex[c >> 4];
    out[5] = (unsigned char)hex[c & 15];
    return 6;
  }
  out[0] = c;
  return 1;
}

int ask_write_json_string(ask_session_t *session, int fd, const unsigned char *bytes, size_t length,
                          int *signo) {
  unsigned char chunk[256];
  size_t used = 0;
  int status = 0;
  chunk[used++] = '"';
  for (size_t i = 0; i <= length;) {
    unsigned char out[6];
    size_t n, consumed = 1;
    if (i == length) {
      out[0] = '"';
      n = 1;
    } else {
      n = ask_json_escape_one(bytes + i, length - i, out, &consumed);
    }
    i += consumed;
    if (used + n > sizeof chunk) {
      status = ask_write_all(session, fd, chunk, used, signo);
      used = 0;
      if (status == -1) {
        explicit_bzero(out, sizeof out);
        break;
      }
    }
    memcpy(chunk + used, out, n);
    used += n;
    explicit_bzero(out, sizeof out);
  }
  if (status == 0) status = ask_write_all(session, fd, chunk, used, signo);
  int error = errno;
  explicit_bzero(chunk, sizeof chunk);
  errno = error;
  return status;
}

int ask_write_assuan_data(ask_session_t *session, int fd, const unsigned char *bytes, size_t length,
                          int *signo) {
  /* Assuan lines are at most 1000 bytes with the LF: "D " and up to 995
   * bytes of data, each % CR LF as %XX (3 bytes), so a line never splits
   * an escape. */
  static const char hex[] = "0123456789ABCDEF";
  unsigned char line[1000];
  size_t used = 0;
  int status = 0;
  *signo = 0;
  for (size_t i = 0; i < length && status == 0; i++) {
    if (used == 0) {
      line[used++] = 'D';
      line[used++] = ' ';
    }
    unsigned char c = bytes[i];
    if (c == '%' || c == '\r' || c == '\n') {
      line[used++] = '%';
      line[used++] = (unsigned char)hex[c >> 4];
      line[used++] = (unsigned char)hex[c & 15];
    } else {
      line[used++] = c;
    }
    if (used >= sizeof line - 4 || i + 1 == length) {
      line[used++] = '\n';
      status = ask_write_all(session, fd, line, used, signo);
      used = 0;
    }
  }
  int error = errno;
  explicit_bzero(line, sizeof line);
  errno = error;
  return status;
}
