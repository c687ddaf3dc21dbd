/* Secure text entry: the masked-line editor (a pure state machine over
 * bytes) and the reader that runs it on the terminal. The secret lives only
 * in memory allocated here and is wiped with explicit_bzero: it never
 * passes through libedit, stdio or a Swift String. */
#include "CShim.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <termios.h>
#include <unistd.h>

/* Not dumpable for good (the `ask` command): a secret has nothing to
 * change or put back. */
static int undumpable_for_good;

void ask_process_make_undumpable(void) {
  (void)prctl(PR_SET_DUMPABLE, 0, 0, 0, 0);
  undumpable_for_good = 1;
}

/* Secrets held now, and the dumpable flag before the first (a library
 * host's: the `ask` command's is already 0, and stays 0). */
static int secrets_held;
static int dumpable_before = 1;

void ask_secret_init(ask_secret_t *s) {
  memset(s, 0, sizeof *s);
  s->holds = 1;
  if (secrets_held++ == 0 && !undumpable_for_good) {
    int dumpable = prctl(PR_GET_DUMPABLE, 0, 0, 0, 0);
    dumpable_before = dumpable >= 0 ? dumpable : 1;
    prctl(PR_SET_DUMPABLE, 0, 0, 0, 0); /* no core dump while a secret is held */
  }
}

/* Wipes, unlocks and frees a buffer of the secret's: its first `used`
 * bytes (no byte of the secret is left past them: erased bytes are wiped
 * when they are erased). */
static void release(unsigned char *bytes, size_t used, size_t capacity) {
  explicit_bzero(bytes, used);
  munlock(bytes, capacity);
  free(bytes);
}

void ask_secret_wipe(ask_secret_t *s) {
  if (s->bytes != NULL) release(s->bytes, s->length, s->capacity);
  if (s->holds && --secrets_held == 0 && !undumpable_for_good) prctl(PR_SET_DUMPABLE, dumpable_before, 0, 0, 0);
  explicit_bzero(s, sizeof *s); /* the scalar being typed too */
}

/* Appends one byte, growing the buffer (whole pages, locked) by copying
 * and wiping the old one. Returns 0, or -1 when memory runs out. */
static int append(ask_secret_t *s, unsigned char byte) {
  if (s->length == s->capacity) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    size_t capacity = s->capacity ? s->capacity * 2 : page;
    void *bigger = NULL;
    if (posix_memalign(&bigger, page, capacity) != 0) return -1;
    (void)mlock(bigger, capacity);
    if (s->bytes != NULL) {
      memcpy(bigger, s->bytes, s->length);
      release(s->bytes, s->length, s->capacity);
    }
    s->bytes = bigger;
    s->capacity = capacity;
  }
  s->bytes[s->length++] = byte;
  return 0;
}

static int is_continuation(unsigned char byte) { return (byte & 0xc0) == 0x80; }

/* Drops the scalar being typed (its bytes are not in the secret yet). */
static void drop_scalar(ask_secret_t *s) {
  explicit_bzero(s->scalar, sizeof s->scalar);
  s->scalar_length = 0;
  s->expect = 0;
}

/* Removes the last character (all its bytes); returns 1, or 0 when empty. */
static size_t erase_character(ask_secret_t *s) {
  if (s->length == 0) return 0;
  s->erased_columns += ask_display_width(s->bytes + s->last_start, s->length - s->last_start);
  explicit_bzero(s->bytes + s->last_start, s->length - s->last_start);
  s->length = s->last_start;
  s->last_start = ask_last_character_start(s->bytes, s->length);
  drop_scalar(s);
  return 1;
}

/* The last character is a blank (a space or a tab, alone). */
static int last_is_blank(const ask_secret_t *s) {
  return s->length - s->last_start == 1 && (s->bytes[s->last_start] == ' ' || s->bytes[s->last_start] == '\t');
}

/* The editing key a byte is: the terminal's own characters as the user
 * set them with stty (VERASE, VKILL, VWERASE; an undefined one is none)
 * first, as the kernel applies them for a secret read in canonical mode,
 * then DEL and ^H (Backspace), Ctrl-U and Ctrl-W as they always are:
 * 0x7f erase, 0x15 kill, 0x17 word erase, or 0 for none. */
static unsigned char editing_key(const ask_secret_t *s, unsigned char byte) {
  if (byte == _POSIX_VDISABLE || byte >= 0x80) return 0; /* no byte of a scalar edits */
  if (byte == '\t') return 0;                                /* Tab keeps its action */
  if (byte == s->erase) return 0x7f;
  if (byte == s->kill) return 0x15;
  if (byte == s->werase) return 0x17;
  if (byte == 0x08) return 0x7f;
  return byte == 0x7f || byte == 0x15 || byte == 0x17 ? byte : 0;
}

void ask_secret_use_terminal_keys(ask_secret_t *s, const struct termios *modes) {
  s->erase = modes->c_cc[VERASE];
  s->kill = modes->c_cc[VKILL];
  s->werase = modes->c_cc[VWERASE];
  s->eof = modes->c_cc[VEOF];
}

int ask_secret_set(ask_secret_t *s, const unsigned char *bytes, size_t length) {
  for (size_t i = 0; i < length; i++)
    if (append(s, bytes[i]) == -1) return -1;
  s->last_start = ask_last_character_start(s->bytes, s->length);
  return 0;
}

size_t ask_secret_characters(const ask_secret_t *s) { return ask_character_count(s->bytes, s->length); }

int ask_secret_feed(ask_secret_t *s, unsigned char byte, size_t *count) {
  *count = 0;
  s->appended = 0;
  s->erased_columns = 0;
  int after_cr = s->after_cr;
  s->after_cr = 0;
  /* Keys that arrive as sequences (arrows, Home, Delete, paste markers)
   * have nothing to do in a field with no cursor; they, Alt-keys and the
   * terminal's reports never become part of the secret. */
  ask_key_action_t action;
  if (ask_key_feed(&s->keys, byte, &action) != ASK_KEY_TEXT) return ASK_SECRET_NONE;
  /* A lead byte whose continuation bytes did not come: dropped. */
  if (s->expect > 0 && !is_continuation(byte)) drop_scalar(s);
  /* The terminal's EOF character cancels, as Ctrl-D (not Enter, nor Tab). */
  if (byte != _POSIX_VDISABLE && byte == s->eof && byte < 0x20 && byte != '\r' && byte != '\n' && byte != '\t')
    byte = 0x04;
  switch (byte) {
  case '\r':
    s->after_cr = 1;
    return ASK_SECRET_ENTER;
  case '\n':
    return after_cr ? ASK_SECRET_NONE : ASK_SECRET_ENTER; /* CR LF is one Enter */
  case 0x04: /* Ctrl-D: end of input on an empty field, else nothing */
    return s->length == 0 ? ASK_SECRET_EOF : ASK_SECRET_NONE;
  }
  switch (editing_key(s, byte)) {
  case 0x7f: /* Backspace: one character, not one byte */
    *count = erase_character(s);
    return *count ? ASK_SECRET_ERASED : ASK_SECRET_NONE;
  case 0x15: /* Ctrl-U: clear, all at once (one character at a time is quadratic) */
    *count = ask_character_count(s->bytes, s->length);
    s->erased_columns = ask_display_width(s->bytes, s->length);
    if (s->bytes != NULL) explicit_bzero(s->bytes, s->length);
    s->length = s->last_start = 0;
    drop_scalar(s);
    return *count ? ASK_SECRET_ERASED : ASK_SECRET_NONE;
  case 0x17: /* Ctrl-W: the word before (its characters), and the blanks after it */
    while (s->length > 0 && last_is_blank(s)) *count += erase_character(s);
    while (s->length > 0 && !last_is_blank(s)) *count += erase_character(s);
    return *count ? ASK_SECRET_ERASED : ASK_SECRET_NONE;
  }
  if (byte < 0x20 && byte != '\t') return ASK_SECRET_NONE; /* other controls */
  /* Only whole, valid UTF-8 scalars enter the secret: a scalar's bytes wait
   * in s->scalar until the last one; a stray continuation byte, a byte
   * that leads nothing (0x80-0xC1, 0xF5-0xFF), an overlong form or a
   * surrogate is dropped (a terminal in another encoding), so a secret is
   * always text, one mask a character. */
  if (s->expect > 0) { /* a continuation byte (others dropped the scalar above) */
    s->scalar[s->scalar_length++] = byte;
    if (--s->expect > 0) return ASK_SECRET_NONE; /* more bytes to come */
    size_t n = s->scalar_length;
    /* C1 controls (U+0080-U+009F, an 8-bit CSI among them) are controls,
     * dropped as C0 ones are. */
    int valid = ask_utf8_sequence(s->scalar, n, NULL) == n && !(s->scalar[0] == 0xc2 && s->scalar[1] < 0xa0);
    for (size_t i = 0; valid && i < n; i++)
      if (append(s, s->scalar[i]) == -1) {
        while (i-- > 0) s->bytes[--s->length] = 0; /* no half scalar left */
        drop_scalar(s);
        return ASK_SECRET_FULL;
      }
    drop_scalar(s);
    if (!valid) return ASK_SECRET_NONE;
    s->appended = n;
  } else {
    size_t length = ask_utf8_length(byte);
    if (length == 0) return ASK_SECRET_NONE; /* leads nothing */
    if (length > 1) {
      s->scalar[0] = byte;
      s->scalar_length = 1;
      s->expect = (int)length - 1;
      return ASK_SECRET_NONE;
    }
    if (append(s, byte) == -1) return ASK_SECRET_FULL;
    s->appended = 1;
  }
  /* A scalar is complete: a * when it starts a character. The last
   * character's start is a boundary, so breaking from there is exact. */
  size_t lead = s->length - 1;
  while (lead > 0 && is_continuation(s->bytes[lead])) lead--;
  if (lead == 0) { /* the first scalar: the first character */
    s->last_start = 0;
    *count = 1;
    return ASK_SECRET_ADDED;
  }
  size_t tail = ask_last_character_start(s->bytes + s->last_start, s->length - s->last_start);
  if (tail == 0) return ASK_SECRET_NONE; /* it extends the last character */
  s->last_start += tail;
  *count = 1;
  return ASK_SECRET_ADDED;
}

/* Writes `n` copies of `text` to fd (the mask); errors are ignored: the
 * answer can be given even when the drawing stream is gone (a signal that
 * cut the write is seen by the next wait). */
static void repeat(ask_session_t *_Nullable session, int fd, const char *text, size_t n) {
  size_t length = strlen(text);
  int signo;
  for (size_t i = 0; i < n; i++) (void)ask_write_all(session, fd, text, length, &signo);
}

/* A scalar never drawn as text: C0 and C1 controls and DEL (Tab among
 * them: it has no width ask_display_width counts). */
static int is_control(uint32_t scalar) { return scalar < 0x20 || (scalar >= 0x7f && scalar < 0xa0); }

/* Writes the `length` bytes at `bytes` (a secret's) but their controls and
 * any byte that is not UTF-8; errors ignored, as repeat's. */
static void write_text(ask_session_t *_Nullable session, int fd, const unsigned char *bytes, size_t length) {
  int signo;
  size_t run = 0; /* where the run of drawable scalars being gathered starts */
  size_t i = 0;
  while (i < length) {
    uint32_t scalar = 0;
    size_t n = ask_utf8_sequence(bytes + i, length - i, &scalar);
    if (n > 0 && !is_control(scalar)) {
      i += n;
      continue;
    }
    if (i > run) (void)ask_write_all(session, fd, bytes + run, i - run, &signo);
    i += n > 0 ? n : 1;
    run = i;
  }
  if (i > run) (void)ask_write_all(session, fd, bytes + run, i - run, &signo);
}

/* Takes `columns` columns back: the cursor left over them, blanks over
 * them, the cursor left again. */
static void erase_columns(ask_session_t *_Nullable session, int fd, size_t columns) {
  repeat(session, fd, "\b", columns);
  repeat(session, fd, " ", columns);
  repeat(session, fd, "\b", columns);
}

void ask_secret_draw_change(ask_session_t *_Nullable session, int fd, const ask_secret_t *s, int show,
                            int event, size_t count) {
  if (show == ASK_SECRET_SHOW_MASKS && event == ASK_SECRET_ADDED) repeat(session, fd, "*", count);
  if (show == ASK_SECRET_SHOW_MASKS && event == ASK_SECRET_ERASED) repeat(session, fd, "\b \b", count);
  if (show != ASK_SECRET_SHOW_TEXT) return;
  if (event == ASK_SECRET_ERASED) erase_columns(session, fd, s->erased_columns);
  else if (s->appended > 0 && s->appended <= s->length)
    write_text(session, fd, s->bytes + s->length - s->appended, s->appended);
}

void ask_secret_draw_all(ask_session_t *_Nullable session, int fd, const ask_secret_t *s, int show) {
  if (show == ASK_SECRET_SHOW_MASKS) repeat(session, fd, "*", ask_secret_characters(s));
  if (show == ASK_SECRET_SHOW_TEXT && s->bytes != NULL) write_text(session, fd, s->bytes, s->length);
}

int ask_secret_read(ask_session_t *session, int infd, int outfd, int show, int64_t deadline_ms,
                    ask_secret_t *s, int *signo) {
  struct termios own; /* the keys the user set, in the modes the terminal had */
  if (ask_session_own_modes(session, &own) == 0) ask_secret_use_terminal_keys(s, &own);
  for (;;) {
    /* A lone Esc is a key, not the start of a sequence: when nothing
     * follows it soon, the next key is a key again (ask_key_patience_ms). */
    int64_t wait_until = deadline_ms;
    int patience = ask_key_patience_ms(&s->keys);
    if (patience >= 0) {
      int64_t soon = ask_now_ms() + patience;
      if (wait_until < 0 || soon < wait_until) wait_until = soon;
    }
    int w = ask_session_wait_redrawing(session, infd, wait_until, signo);
    if (w == ASK_WAIT_TIMEOUT && wait_until != deadline_ms) {
      ask_key_expire(&s->keys); /* a lone Esc does nothing */
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
    int event = ask_secret_feed(s, byte, &count);
    ask_secret_draw_change(session, outfd, s, show, event, count);
    switch (event) {
    case ASK_SECRET_ENTER:
      return ASK_READ_LINE;
    case ASK_SECRET_EOF: /* shown as on an echoed field: the same mark on every field */
      repeat(session, outfd, "^D", 1);
      return ASK_READ_EOF;
    case ASK_SECRET_FULL:
      errno = ENOMEM;
      return ASK_READ_ERROR;
    }
  }
}
