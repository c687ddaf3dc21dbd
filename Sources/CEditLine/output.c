/* Writing with write(2): whole buffers, whatever signals arrive, and JSON
 * strings of a secret's bytes that never pass through stdio or Swift. */
#include "CEditLine.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

int ask_write_all(ask_session_t *session, int fd, const void *bytes, size_t length, int *signo) {
  const unsigned char *p = bytes;
  *signo = 0;
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
  return 0;
}

static int is_continuation(unsigned char byte) { return (byte & 0xc0) == 0x80; }

/* The length of the valid UTF-8 sequence at `p` (at most `left` bytes),
 * or 0 when it is not one (overlong, surrogate, past U+10FFFF, cut). */
static size_t utf8_sequence(const unsigned char *p, size_t left) {
  size_t n = p[0] >= 0xc2 && p[0] <= 0xdf ? 2 : p[0] >= 0xe0 && p[0] <= 0xef ? 3
           : p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : 0;
  if (n == 0 || n > left) return 0;
  for (size_t k = 1; k < n; k++)
    if (!is_continuation(p[k])) return 0;
  if (p[0] == 0xe0 && p[1] < 0xa0) return 0;  /* overlong */
  if (p[0] == 0xed && p[1] >= 0xa0) return 0;  /* surrogate */
  if (p[0] == 0xf0 && p[1] < 0x90) return 0;  /* overlong */
  if (p[0] == 0xf4 && p[1] >= 0x90) return 0;  /* past U+10FFFF */
  return n;
}

int ask_write_json_string(ask_session_t *session, int fd, const unsigned char *bytes, size_t length,
                          int *signo) {
  static const char hex[] = "0123456789abcdef";
  unsigned char chunk[256];
  size_t used = 0;
  int status = 0;
  chunk[used++] = '"';
  for (size_t i = 0; i <= length; i++) {
    unsigned char out[6];
    size_t n = 0;
    size_t valid = i < length && bytes[i] >= 0x80 ? utf8_sequence(bytes + i, length - i) : 1;
    if (i == length) {
      out[n++] = '"';
    } else if (valid == 0) { /* not UTF-8: U+FFFD, so the JSON stays valid */
      memcpy(out, "\\ufffd", 6);
      n = 6;
    } else if (valid > 1) { /* a whole multi-byte character */
      memcpy(out, bytes + i, valid);
      n = valid;
      i += valid - 1;
    } else {
      unsigned char c = bytes[i];
      if (c == '"' || c == '\\') {
        out[n++] = '\\';
        out[n++] = c;
      } else if (c == '\n' || c == '\r' || c == '\t') {
        out[n++] = '\\';
        out[n++] = c == '\n' ? 'n' : c == '\r' ? 'r' : 't';
      } else if (c < 0x20) {
        memcpy(out, "\\u00", 4);
        out[4] = (unsigned char)hex[c >> 4];
        out[5] = (unsigned char)hex[c & 15];
        n = 6;
      } else {
        out[n++] = c;
      }
    }
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
