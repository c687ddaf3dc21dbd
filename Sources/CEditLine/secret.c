/* Secure text entry: the masked-line editor (a pure state machine over
 * bytes) and the reader that runs it on the terminal. The secret lives only
 * in memory allocated here and is wiped with explicit_bzero: it never
 * passes through libedit, stdio or a Swift String. */
#include "CEditLine.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <unistd.h>

/* Escape-sequence states: keys such as arrows and bracketed-paste markers
 * arrive as ESC sequences and never become part of the secret. */
enum { PLAIN, AFTER_ESC, IN_CSI, IN_SS3 };

void ask_secret_init(ask_secret_t *s) {
  memset(s, 0, sizeof *s);
  prctl(PR_SET_DUMPABLE, 0, 0, 0, 0); /* no core dump while a secret is held */
}

void ask_secret_wipe(ask_secret_t *s) {
  if (s->bytes != NULL) {
    explicit_bzero(s->bytes, s->capacity);
    free(s->bytes);
  }
  memset(s, 0, sizeof *s);
}

/* Appends one byte, growing the buffer by copying and wiping the old one.
 * Returns 0, or -1 when memory runs out. */
static int append(ask_secret_t *s, unsigned char byte) {
  if (s->length == s->capacity) {
    size_t capacity = s->capacity ? s->capacity * 2 : 64;
    unsigned char *bigger = malloc(capacity);
    if (bigger == NULL) return -1;
    if (s->bytes != NULL) {
      memcpy(bigger, s->bytes, s->length);
      explicit_bzero(s->bytes, s->capacity);
      free(s->bytes);
    }
    s->bytes = bigger;
    s->capacity = capacity;
  }
  s->bytes[s->length++] = byte;
  return 0;
}

static int is_continuation(unsigned char byte) { return (byte & 0xc0) == 0x80; }

/* The scalar whose UTF-8 starts at p (n bytes there); *size is set to its
 * length in bytes (at least 1). Invalid bytes are U+FFFD, one at a time. */
static uint32_t decode(const unsigned char *p, size_t n, size_t *size) {
  size_t need = p[0] < 0x80 ? 1 : p[0] >= 0xc2 && p[0] <= 0xdf ? 2
              : p[0] >= 0xe0 && p[0] <= 0xef ? 3 : p[0] >= 0xf0 && p[0] <= 0xf4 ? 4 : 0;
  *size = 1;
  if (need == 0 || need > n) return 0xfffd;
  uint32_t cp = need == 1 ? p[0] : (uint32_t)(p[0] & (0x7f >> need));
  for (size_t k = 1; k < need; k++) {
    if (!is_continuation(p[k])) return 0xfffd;
    cp = cp << 6 | (p[k] & 0x3f);
  }
  *size = need;
  return cp;
}

/* Where the last scalar of the secret starts (its lead byte). */
static size_t last_start(const ask_secret_t *s) {
  size_t i = s->length;
  while (i > 0 && is_continuation(s->bytes[i - 1]) && s->length - (i - 1) < 4) i--;
  return i > 0 ? i - 1 : 0;
}

/* The last complete scalar of the secret, or 0 when it is empty. */
static uint32_t last_scalar(const ask_secret_t *s) {
  if (s->length == 0) return 0;
  size_t start = last_start(s), size;
  return decode(s->bytes + start, s->length - start, &size);
}

/* True when `cp` belongs to the character before it rather than starting
 * one: combining marks (zero width, not a format character), ZWJ,
 * variation selectors, emoji skin tones and tags. */
static int extends(uint32_t cp) {
  if (cp == 0x200d || (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0x1f3fb && cp <= 0x1f3ff) ||
      (cp >= 0xe0020 && cp <= 0xe007f))
    return 1;
  if (cp < 0x300 || (cp >= 0x200b && cp <= 0x200f) || (cp >= 0x2028 && cp <= 0x202e) ||
      (cp >= 0x2060 && cp <= 0x206f) || cp == 0xfeff)
    return 0;
  return ask_scalar_width(cp) == 0;
}

/* True when scalar `cp`, following `previous`, starts a new character. */
static int starts_character(uint32_t cp, uint32_t previous) {
  return previous == 0 || !(extends(cp) || previous == 0x200d);
}

/* Removes the last character (its scalars, each all its bytes); returns 1,
 * or 0 when empty. */
static size_t erase_character(ask_secret_t *s) {
  if (s->length == 0) return 0;
  for (;;) {
    size_t start = last_start(s), size;
    uint32_t cp = decode(s->bytes + start, s->length - start, &size);
    explicit_bzero(s->bytes + start, s->length - start);
    s->length = start;
    uint32_t previous = last_scalar(s);
    if (starts_character(cp, previous)) break;
  }
  s->last_scalar = last_scalar(s);
  s->expect = 0;
  return 1;
}

int ask_secret_set(ask_secret_t *s, const unsigned char *bytes, size_t length) {
  for (size_t i = 0; i < length; i++)
    if (append(s, bytes[i]) == -1) return -1;
  s->last_scalar = last_scalar(s);
  return 0;
}

size_t ask_secret_characters(const ask_secret_t *s) {
  size_t n = 0, size;
  uint32_t previous = 0;
  for (size_t i = 0; i < s->length; i += size) {
    uint32_t cp = decode(s->bytes + i, s->length - i, &size);
    if (starts_character(cp, previous)) n++;
    previous = cp;
  }
  return n;
}

int ask_secret_feed(ask_secret_t *s, unsigned char byte, size_t *count) {
  *count = 0;
  int after_cr = s->after_cr;
  s->after_cr = 0;
  switch (s->escape) {
  case AFTER_ESC:
    s->escape = byte == '[' ? IN_CSI : byte == 'O' ? IN_SS3 : PLAIN;
    return ASK_SECRET_NONE;
  case IN_CSI:
    if (byte >= 0x40 && byte <= 0x7e) s->escape = PLAIN; /* the final byte */
    return ASK_SECRET_NONE;
  case IN_SS3:
    s->escape = PLAIN;
    return ASK_SECRET_NONE;
  }
  switch (byte) {
  case '\r':
    s->after_cr = 1;
    return ASK_SECRET_ENTER;
  case '\n':
    return after_cr ? ASK_SECRET_NONE : ASK_SECRET_ENTER; /* CR LF is one Enter */
  case 0x04: /* Ctrl-D: end of input on an empty field, else nothing */
    return s->length == 0 ? ASK_SECRET_EOF : ASK_SECRET_NONE;
  case 0x7f:
  case 0x08: /* Backspace: one character, not one byte */
    *count = erase_character(s);
    return *count ? ASK_SECRET_ERASED : ASK_SECRET_NONE;
  case 0x15: /* Ctrl-U: clear */
    while (erase_character(s)) (*count)++;
    return *count ? ASK_SECRET_ERASED : ASK_SECRET_NONE;
  case 0x17: /* Ctrl-W: the word before, and the spaces after it */
    while (s->length > 0 && s->bytes[s->length - 1] == ' ') *count += erase_character(s);
    while (s->length > 0 && s->bytes[s->length - 1] != ' ') *count += erase_character(s);
    return *count ? ASK_SECRET_ERASED : ASK_SECRET_NONE;
  case 0x1b:
    s->escape = AFTER_ESC;
    return ASK_SECRET_NONE;
  }
  if (byte < 0x20 && byte != '\t') return ASK_SECRET_NONE; /* other controls */
  if (append(s, byte) == -1) return ASK_SECRET_FULL;
  if (is_continuation(byte) && s->expect > 0) {
    if (--s->expect > 0) return ASK_SECRET_NONE; /* more bytes to come */
  } else {
    s->expect = byte >= 0xc2 && byte <= 0xdf ? 1 : byte >= 0xe0 && byte <= 0xef ? 2
              : byte >= 0xf0 && byte <= 0xf4 ? 3 : 0;
    if (s->expect > 0) return ASK_SECRET_NONE;
  }
  /* A scalar is complete: a * when it starts a character. */
  uint32_t previous = s->last_scalar;
  s->last_scalar = last_scalar(s);
  *count = starts_character(s->last_scalar, previous) ? 1 : 0;
  return *count ? ASK_SECRET_ADDED : ASK_SECRET_NONE;
}

/* Writes `n` copies of `text` to fd (the mask); errors are ignored: the
 * answer can be given even when the drawing stream is gone (a signal that
 * cut the write is seen by the next wait). */
static void repeat(ask_session_t *session, int fd, const char *text, size_t n) {
  size_t length = strlen(text);
  int signo;
  for (size_t i = 0; i < n; i++) (void)ask_write_all(session, fd, text, length, &signo);
}

int ask_secret_read(ask_session_t *session, int infd, int outfd, int masked, int64_t deadline_ms,
                    ask_secret_t *s, int *signo) {
  for (;;) {
    /* A lone Esc is a key, not the start of a sequence: when nothing
     * follows it within 50 ms, the next key is a key again. */
    int64_t wait_until = deadline_ms;
    if (s->escape != PLAIN) {
      int64_t soon = ask_now_ms() + 50;
      if (wait_until < 0 || soon < wait_until) wait_until = soon;
    }
    int w = ask_session_wait(session, infd, wait_until, signo);
    if (w == ASK_WAIT_TIMEOUT && wait_until != deadline_ms) {
      s->escape = PLAIN;
      continue;
    }
    if (w == ASK_WAIT_SIGNAL) return ASK_READ_SIGNAL;
    if (w == ASK_WAIT_TIMEOUT) return ASK_READ_TIMEOUT;
    if (w == ASK_WAIT_RESUMED) return ASK_READ_RESUMED;
    if (w == ASK_WAIT_ERROR) return ASK_READ_ERROR;
    unsigned char byte;
    ssize_t r = read(infd, &byte, 1);
    if (r == -1 && (errno == EINTR || errno == EAGAIN)) continue;
    if (r == 0 || (r == -1 && errno == EIO)) return ASK_READ_HANGUP; /* the held terminal is gone */
    if (r == -1) return ASK_READ_ERROR;
    byte = ask_session_typeahead(session, byte);
    size_t count;
    switch (ask_secret_feed(s, byte, &count)) {
    case ASK_SECRET_ADDED:
      if (masked) repeat(session, outfd, "*", count);
      break;
    case ASK_SECRET_ERASED:
      if (masked) repeat(session, outfd, "\b \b", count);
      break;
    case ASK_SECRET_ENTER:
      return ASK_READ_LINE;
    case ASK_SECRET_EOF:
      return ASK_READ_EOF;
    case ASK_SECRET_FULL:
      errno = ENOMEM;
      return ASK_READ_ERROR;
    }
  }
}
