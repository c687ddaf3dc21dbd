/* Fixed-argument wrappers over libedit for one line-editing session.
 * libedit reads through read_char (EL_GETCFN), which waits with
 * ask_session_wait, so a signal or a deadline ends el_gets without
 * libedit's EL_SIGNAL (which re-raises to the whole process group).
 * Every call into libedit runs under the session's own UTF-8 LC_CTYPE
 * (uselocale), so the process's locale is left as the host set it. */
#include "CShim.h"
#include "editrc.h"

#include <histedit.h>

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>

/* The answers of this run that Up recalls. */
enum { HISTORY_SIZE = 100 };

struct ask_line {
  ask_session_t *session;   /* the terminal session: waits, holds */
  char *program;            /* for the editrc's `program:` lines; owned */
  locale_t locale;          /* a UTF-8 LC_CTYPE for libedit */
  EditLine *el;             /* NULL until the first read starts libedit */
  History *history;
  FILE *in, *out, *err;     /* libedit's streams (dups of the fds) */
  int infd, outfd;          /* the terminal read by read_char, and drawn on */
  int draws;                /* ask draws the line (libedit's output is discarded) */
  int remembered;           /* answers in the history (at most HISTORY_SIZE) */
  int recalled;             /* how far up the history this read has gone */
  unsigned char *drawn;     /* the line as last drawn in this read, or NULL */
  size_t drawn_length, drawn_cursor;
  char *prompt;             /* drawn by prompt_of; owned */
  const char *above;        /* drawn with the read's first drawing, or NULL;
                             * the caller's, for one ask_line_read */
  char *pending;            /* what was typed when a read was suspended */
  int pending_after;        /* its scalars after the cursor then */
  int move_back;            /* scalars to move left once the pending text is in */
  const char *insert;       /* the initial text, put in by the read's first read_char; or NULL */
  int command_mode;         /* vi: libedit was in command mode when the read was suspended */
  int back_to_command;      /* vi: the pending text goes back in command mode */
  int probing;              /* vi: the mode probe was given, the read ends as resumed next */
  int64_t deadline_ms;      /* for read_char; negative = none */
  int status;               /* ASK_READ_* set by read_char on -1 */
  int signo;                /* the signal when status is ASK_READ_SIGNAL */
  int after_cr;             /* the last byte read was CR: drop an LF next */
  unsigned char erase, kill, werase, lnext, eof; /* the terminal's own editing keys (terminal_key) */
  int quoting;              /* libedit's quoted insert waits for the next character */
  ask_key_decoder_t keys;   /* turns the terminal's sequences into keys */
  wchar_t queued[4];        /* what a key becomes for libedit, still to give */
  int queued_count;
  ask_complete_fn complete; /* Tab; may be NULL */
  void *context;            /* passed to complete */
  char *editrc;             /* the editrc's text, read at the first read; owned */
  size_t editrc_length;
  int editrc_read;          /* it was read (or there is none) */
  int vi;                   /* the editrc chose vi mode */
  int held;                 /* a byte read after a lone Esc, to read again (vi), or -1 */
  unsigned char replay[4];  /* bytes read before libedit started, for read_char to read again */
  int replay_count, replay_next;
  char *typed;              /* the line of a read without libedit (read_typed); owned */
  size_t typed_length, typed_capacity;
  char *kept[HISTORY_SIZE]; /* answers remembered before libedit started, oldest first */
  int kept_count;
};

static struct ask_line *session_of(EditLine *el) {
  void *data = NULL;
  el_get(el, EL_CLIENTDATA, &data);
  return data;
}

static char *prompt_of(EditLine *el) { return session_of(el)->prompt; }

/* What a key of the table becomes for libedit: the one form of it that
 * libedit binds by itself whatever TERM says, in emacs and vi maps alike
 * (terminal_reset_arrow: ESC[A to ESC[D, ESC[H, ESC[F), emacs's Meta keys
 * for words, and Delete, the one sequence bound here. No other Meta key
 * reaches libedit (M-x would open its command line). Empty for a
 * key that does nothing. */
static const wchar_t *const libedit_keys[] = {
  [ASK_KEY_IGNORE] = L"",
  [ASK_KEY_LEFT] = L"\033[D",       /* ed-prev-char */
  [ASK_KEY_RIGHT] = L"\033[C",      /* ed-next-char */
  [ASK_KEY_WORD_LEFT] = L"\033b",   /* M-b ed-prev-word */
  [ASK_KEY_WORD_RIGHT] = L"\033f",  /* M-f em-next-word */
  [ASK_KEY_UP] = L"\033[A",         /* ed-prev-history */
  [ASK_KEY_DOWN] = L"\033[B",       /* ed-next-history */
  [ASK_KEY_HOME] = L"\033[H",       /* ed-move-to-beg */
  [ASK_KEY_END] = L"\033[F",        /* ed-move-to-end */
  [ASK_KEY_DELETE] = L"\033[3~",    /* ed-delete-next-char, bound in ask_line_open */
  [ASK_KEY_DELETE_WORD] = L"\033d", /* M-d em-delete-next-word */
};

/* In vi mode: the same keys as characters no one types (C1 controls,
 * dropped when typed), bound to the same functions in both vi maps after
 * the editrc (vi_bindings). A sequence that starts with ESC cannot be
 * given: in insert mode ESC is the Esc key (to command mode), and binding
 * one would make ESC wait for more. */
static const wchar_t *const vi_keys[] = {
  [ASK_KEY_IGNORE] = L"",
  [ASK_KEY_LEFT] = L"\x80",
  [ASK_KEY_RIGHT] = L"\x81",
  [ASK_KEY_WORD_LEFT] = L"\x82",
  [ASK_KEY_WORD_RIGHT] = L"\x83",
  [ASK_KEY_UP] = L"\x84",
  [ASK_KEY_DOWN] = L"\x85",
  [ASK_KEY_HOME] = L"\x86",
  [ASK_KEY_END] = L"\x87",
  [ASK_KEY_DELETE] = L"\x88",
  [ASK_KEY_DELETE_WORD] = L"\x89",
};

static const wchar_t *const vi_functions[] = {
  [ASK_KEY_LEFT] = L"ed-prev-char",
  [ASK_KEY_RIGHT] = L"ed-next-char",
  [ASK_KEY_WORD_LEFT] = L"vi-prev-word",
  [ASK_KEY_WORD_RIGHT] = L"vi-next-word",
  [ASK_KEY_UP] = L"ed-prev-history",
  [ASK_KEY_DOWN] = L"ed-next-history",
  [ASK_KEY_HOME] = L"ed-move-to-beg",
  [ASK_KEY_END] = L"ed-move-to-end",
  [ASK_KEY_DELETE] = L"ed-delete-next-char",
  [ASK_KEY_DELETE_WORD] = L"em-delete-next-word",
};

/* Keys read_char gives libedit for its own ends, no one types (C1
 * controls, dropped when typed), bound in start_editor: a redisplay once
 * the initial text is in (when libedit draws), and in vi mode the probe
 * of the mode a suspended read was in (ask-insert-mode in the insert map,
 * ask-command-mode in the command map). */
#define REDISPLAY_KEY L"\x8f"
#define MODE_PROBE_KEY L"\x8e"

/* Queues `keys` for libedit; returns 1 with the first in *wc, 0 if none. */
static int give(struct ask_line *s, const wchar_t *keys, wchar_t *wc) {
  size_t n = wcslen(keys);
  if (n == 0) return 0;
  *wc = keys[0];
  s->queued_count = (int)n - 1;
  for (size_t i = 1; i < n; i++) s->queued[n - 1 - i] = keys[i]; /* given from the end */
  return 1;
}

/* The scalars in `length` UTF-8 bytes. */
static size_t scalars(const unsigned char *bytes, size_t length) {
  size_t n = 0;
  for (size_t i = 0; i < length; i++)
    if ((bytes[i] & 0xc0) != 0x80) n++;
  return n;
}

/* Nothing of this read is on the screen as far as drawing knows: the next
 * drawing starts with the prompt, where the cursor is. */
static void forget_drawing(struct ask_line *s) {
  free(s->drawn);
  s->drawn = NULL;
  s->drawn_length = s->drawn_cursor = 0;
}

static void draw_text(struct ask_line *s, const unsigned char *text, size_t length, size_t cursor);

/* Draws what ask_line_read was given to draw above the prompt, if it is
 * not drawn yet: on its own, where libedit draws the prompt. */
static void draw_above(struct ask_line *s) {
  if (s->above == NULL) return;
  int signo; /* a signal that cut the write is seen by the next wait */
  (void)ask_write_all(s->session, s->outfd, s->above, strlen(s->above), &signo);
  s->above = NULL;
  /* Its last line ended, and the prompt follows: the line is open again
   * (a signal or a stop ends it; a waiting prompt does not draw in it). */
  ask_session_drew(s->session, s->outfd, 0);
}

/* Draws the prompt and the line (ask_line_drawing), the cursor where
 * libedit has it, or at the end when `at_end`. libedit's cursor is kept
 * on a character boundary first (a key that moved it by one scalar into
 * a cluster moves it to the cluster's end). */
static void draw_line(struct ask_line *s, int at_end) {
  const LineInfo *li = el_line(s->el);
  const unsigned char *text = (const unsigned char *)li->buffer;
  size_t length = (size_t)(li->lastchar - li->buffer), cursor = (size_t)(li->cursor - li->buffer);
  size_t boundary = ask_character_boundary(text, length, cursor);
  if (boundary != cursor) {
    (void)el_cursor(s->el, (int)scalars(text + cursor, boundary - cursor));
    li = el_line(s->el);
    text = (const unsigned char *)li->buffer;
    length = (size_t)(li->lastchar - li->buffer);
    cursor = (size_t)(li->cursor - li->buffer);
  }
  if (at_end) {
    if (length > 0 && text[length - 1] == '\n') length--; /* el_gets's line ends with its Enter */
    cursor = length;
  }
  draw_text(s, text, length, cursor);
}

/* Whether `prompt` is drawn as it is when nothing is on the answer line
 * yet: printable ASCII (no marks, nothing wide) that leaves the cursor on
 * its row. So the first drawing of most answer lines, ask_line_drawing
 * gives the same bytes; made here, it runs none of the Swift line
 * drawing before the prompt is shown. */
static int fits_as_it_is(const char *prompt, size_t columns) {
  size_t n = 0;
  for (const unsigned char *p = (const unsigned char *)prompt; *p != '\0'; p++, n++)
    if (*p < 0x20 || *p > 0x7e) return 0;
  return n < columns;
}

/* Draws the prompt and `length` bytes of `text` (the cursor `cursor`
 * bytes in) from what the last drawing left, and remembers them. */
static void draw_text(struct ask_line *s, const unsigned char *text, size_t length, size_t cursor) {
  /* The terminal's width now (libedit's may be stale: see read_char);
   * 0 is unknown, and more than ASK_SIZE_MAX counts as that (SPEC §6). */
  struct winsize window;
  int columns = ioctl(s->outfd, TIOCGWINSZ, &window) == 0 && window.ws_col > 0 ? window.ws_col : 80;
  if (columns > ASK_SIZE_MAX) columns = ASK_SIZE_MAX;
  char *bytes = s->drawn == NULL && length == 0 && fits_as_it_is(s->prompt, (size_t)columns)
    ? strdup(s->prompt)
    : ask_line_drawing(s->prompt, text, length, cursor, s->drawn, s->drawn_length, s->drawn_cursor,
                       (size_t)columns);
  if (bytes == NULL) return;
  size_t size = strlen(bytes);
  if (s->above != NULL) {
    /* What the prompt answers, drawn in the same write: the terminal
     * shows the list and its answer line at once. */
    size_t lead = strlen(s->above);
    char *both = malloc(lead + size + 1);
    if (both != NULL) {
      memcpy(both, s->above, lead);
      memcpy(both + lead, bytes, size + 1);
      free(bytes);
      bytes = both;
      size += lead;
      s->above = NULL;
    } else {
      draw_above(s);
    }
  }
  int signo; /* a signal that cut the write is seen by the next wait */
  (void)ask_write_all(s->session, s->outfd, bytes, size, &signo);
  free(bytes);
  unsigned char *copy = malloc(length + 1);
  if (copy != NULL) memcpy(copy, text, length);
  forget_drawing(s);
  s->drawn = copy;
  s->drawn_length = length;
  s->drawn_cursor = cursor;
}

/* The keys ask acts on itself, before libedit sees them. */
enum {
  OWN_NONE,          /* libedit's */
  OWN_LEFT,          /* Left, Right, Backspace and Delete: on whole characters */
  OWN_RIGHT,
  OWN_BACKSPACE,
  OWN_DELETE,
  OWN_UP,            /* Up and Down: within the run's history */
  OWN_DOWN,
  OWN_CLEAR,         /* Ctrl-L: the line drawn again below, when ask draws */
  OWN_NOTHING        /* does nothing */
};

/* The own key a byte is (emacs map), after terminal_key: ^B Left, ^F
 * Right, DEL and ^H Backspace, ^D Delete when there is text after the
 * cursor, ^P Up, ^N Down, ^L; Ctrl-V when it is not the terminal's VLNEXT,
 * Ctrl-R and Ctrl-S (libedit's searches, whose prompt is never shown),
 * Ctrl-X (libedit's prefix of two-key commands: it took the key after it,
 * Enter and Ctrl-D too) and NUL (libedit binds it to the action of a
 * terminal key made undefined) do nothing. */
static int control_key(struct ask_line *s, unsigned char c) {
  switch (c) {
  case 0x00: return OWN_NOTHING;
  case 0x02: return OWN_LEFT;
  case 0x06: return OWN_RIGHT;
  case 0x08:
  case 0x7f: return OWN_BACKSPACE;
  case 0x04: {
    const LineInfo *li = el_line(s->el);
    return li->cursor < li->lastchar ? OWN_DELETE : OWN_NONE;
  }
  case 0x10: return OWN_UP;
  case 0x0e: return OWN_DOWN;
  case 0x0c: return OWN_CLEAR;
  case 0x16:
  case 0x12:
  case 0x13:
  case 0x18: return OWN_NOTHING;
  default: return OWN_NONE;
  }
}

/* The terminal's own editing characters as the user set them with stty
 * (VERASE, VKILL, VWERASE, VLNEXT), from the modes it had when ask took it:
 * what a byte typed is for the editor, before what the same key does
 * otherwise (werase on ^B is no Left). Each becomes the key bound to its
 * action in libedit's emacs and vi insert maps alike (start_editor binds
 * them in emacs): DEL erase, ^U kill, ^W word erase, ^V quoted insert;
 * DEL, ^H, Ctrl-U and Ctrl-W keep their actions when the terminal's
 * character is another. An undefined one (_POSIX_VDISABLE) is none; the
 * keys that answer, cancel and complete (Enter, Ctrl-D, Tab) stay theirs. */
static unsigned char terminal_key(const struct ask_line *s, unsigned char c) {
  if (c == _POSIX_VDISABLE || c >= 0x80 || c == '\r' || c == '\n' || c == 0x04 || c == '\t') return c;
  if (c == s->eof) return 0x04; /* the terminal's EOF character cancels, as Ctrl-D */
  if (c == s->erase) return 0x7f;
  if (c == s->kill) return 0x15;
  if (c == s->werase) return 0x17;
  if (c == s->lnext) return 0x16;
  return c;
}

/* The own key an action of the key table is. */
static int table_key(ask_key_action_t action) {
  switch (action) {
  case ASK_KEY_LEFT: return OWN_LEFT;
  case ASK_KEY_RIGHT: return OWN_RIGHT;
  case ASK_KEY_DELETE: return OWN_DELETE;
  case ASK_KEY_UP: return OWN_UP;
  case ASK_KEY_DOWN: return OWN_DOWN;
  default: return OWN_NONE;
  }
}

/* Left, Right, Backspace and Delete over a character of several scalars
 * (e + U+0301, a flag, a ZWJ family, हि) when ask draws the line: libedit's
 * act on one scalar, so they are done here with el_cursor and
 * el_deletestr. Returns 1 when done, 0 to leave the key to libedit (a
 * character of one scalar, or nothing to act on). */
static int character_key(struct ask_line *s, int key) {
  if (!s->draws) return 0;
  int forward = key == OWN_RIGHT || key == OWN_DELETE;
  const LineInfo *li = el_line(s->el);
  const unsigned char *text = (const unsigned char *)li->buffer;
  size_t length = (size_t)(li->lastchar - li->buffer), cursor = (size_t)(li->cursor - li->buffer);
  if (forward ? cursor >= length : cursor == 0) return 0;
  size_t from = forward ? cursor : ask_last_character_start(text, cursor);
  size_t to = forward ? ask_character_boundary(text, length, cursor + 1) : cursor;
  int n = (int)scalars(text + from, to - from);
  if (n <= 1) return 0;
  if (key == OWN_LEFT) (void)el_cursor(s->el, -n);
  if (key == OWN_RIGHT || key == OWN_DELETE) (void)el_cursor(s->el, n);
  if (key == OWN_BACKSPACE || key == OWN_DELETE) el_deletestr(s->el, n);
  return 1;
}

/* Up and Down move through the history of this run's answers; Down below
 * the newest does nothing (libedit's ed-next-history would put back a
 * stale copy of the line: an empty one, on the first read). Returns 1 when
 * the key is to be given to libedit. */
static int history_key(struct ask_line *s, int up) {
  if (up) {
    HistEvent event; /* as many as it holds: an editrc's `history size` may keep fewer */
    int held = history(s->history, &event, H_GETSIZE) == 0 ? event.num : s->remembered;
    if (s->recalled < held) s->recalled++;
    return 1;
  }
  if (s->recalled == 0) return 0;
  s->recalled--;
  return 1;
}

/* Does own key `key` here. Returns 1 when it is done with (libedit does
 * not see it), with *drawn 0 when the line is to be drawn again; 0 to give
 * it to libedit. */
static int own_key(struct ask_line *s, int key, int *drawn) {
  switch (key) {
  case OWN_LEFT:
  case OWN_RIGHT:
  case OWN_BACKSPACE:
  case OWN_DELETE:
    if (!character_key(s, key)) return 0;
    *drawn = 0;
    return 1;
  case OWN_UP:
  case OWN_DOWN:
    return !history_key(s, key == OWN_UP);
  case OWN_CLEAR: {
    /* Line-oriented (SPEC: no full-screen drawing, no cursor addressing):
     * the prompt and the line again on a line of their own, below, as a
     * line editor on a dumb terminal redraws; not the screen cleared. */
    if (!s->draws) return 0;
    draw_line(s, 1); /* from the end of the line, whatever rows it takes */
    int signo;
    (void)ask_write_all(s->session, s->outfd, "\n", 1, &signo); /* CR LF: the hold keeps ONLCR */
    forget_drawing(s);
    *drawn = 0;
    return 1;
  }
  case OWN_NOTHING:
    return 1;
  default:
    return 0;
  }
}

/* Is there input to read now (a paste, keys typed ahead)? Then drawing
 * waits until it is read: one drawing for a paste, not one a byte. */
static int input_waiting(int fd) {
  struct pollfd p = {.fd = fd, .events = POLLIN};
  return poll(&p, 1, 0) == 1;
}

/* libedit's character reader: one Unicode scalar from the terminal, decoded
 * from UTF-8 here (whatever the locale), after the key decoder (keys.c):
 * a sequence of the key table becomes libedit's key for that action, any
 * other sequence and every terminal string is dropped whole. Returns 1
 * with *wc set, 0 at end of input (EOF or hang-up), -1 on a signal,
 * deadline or error. */
/* A quoted insert (VLNEXT) whose key is no character — a key sequence, a
 * lone Esc, NUL — ends with nothing inserted: libedit's ed-quoted-insert
 * is given NUL, which its ed-insert refuses (a beep). Else the quote would
 * wait on, and take the next Enter as text. */
static int quote_nothing(struct ask_line *s, wchar_t *wc) {
  s->quoting = 0;
  *wc = L'\0';
  return 1;
}

/* The read status a wait that found no input ends a read with. */
static int read_status(int wait) {
  return wait == ASK_WAIT_SIGNAL ? ASK_READ_SIGNAL
       : wait == ASK_WAIT_TIMEOUT ? ASK_READ_TIMEOUT
       : wait == ASK_WAIT_RESUMED ? ASK_READ_RESUMED : ASK_READ_ERROR;
}

/* The next byte typed, once a wait found input: 1 with *c (a Ctrl-D
 * typed ahead in canonical mode given back as EOF); 0 when there is none
 * to take (EINTR, EAGAIN, or the LF of a CR LF: one Enter, so a terminal
 * or a paste sending both leaves no empty answer for the next read); -1
 * with s->status HANGUP (end of input or EIO: the held terminal is gone)
 * or ERROR. */
static int next_byte(struct ask_line *s, unsigned char *c) {
  ssize_t r = read(s->infd, c, 1);
  if (r == -1 && (errno == EINTR || errno == EAGAIN)) return 0;
  if (r == 0 || (r == -1 && errno == EIO)) {
    s->status = ASK_READ_HANGUP;
    return -1;
  }
  if (r == -1) {
    s->status = ASK_READ_ERROR;
    return -1;
  }
  *c = ask_session_typeahead(s->session, *c);
  int was_cr = s->after_cr;
  s->after_cr = *c == '\r' && !s->quoting;
  return *c == '\n' && was_cr ? 0 : 1;
}

static int read_char(EditLine *el, wchar_t *wc) {
  struct ask_line *s = session_of(el);
  if (s->queued_count > 0) {
    *wc = s->queued[--s->queued_count];
    return 1;
  }
  if (s->probing) { /* the mode probe is done: the read ends as suspended */
    s->probing = 0;
    s->status = ASK_READ_RESUMED;
    errno = EINTR;
    return -1;
  }
  if (s->insert != NULL) {
    /* The initial text (a suspended read's pending text) goes in as text,
     * not as keys (el_push): a quoted control character in it stays one.
     * Here, as el_gets has reset the line before its first read. */
    const char *text = s->insert;
    s->insert = NULL;
    if (text[0] != '\0') (void)el_insertstr(el, text);
    /* In command mode (vi) Esc moves the cursor left by one: it starts one
     * further right. */
    int back = s->move_back;
    if (s->back_to_command && back > 0) back--;
    if (back > 0) (void)el_cursor(el, -back); /* its cursor back in place */
    s->move_back = 0;
    wchar_t keys[3] = {0}, *k = keys;
    if (s->back_to_command) *k++ = 033;
    if (!s->draws) *k++ = REDISPLAY_KEY[0]; /* libedit draws: the text is shown now */
    s->back_to_command = 0;
    if (give(s, keys, wc)) return 1;
  }
  unsigned char bytes[4];
  int have = 0, need = 0, drawn = !s->draws;
  for (;;) {
    unsigned char c;
    if (s->replay_next < s->replay_count) { /* read before libedit started (read_typed) */
      c = s->replay[s->replay_next++];
      goto decode;
    }
    if (s->held >= 0) { /* the key after a vi Esc, read already */
      c = (unsigned char)s->held;
      s->held = -1;
      goto decode;
    }
    int64_t wait_until = s->deadline_ms;
    int patience = ask_key_patience_ms(&s->keys);
    if (!drawn && patience < 0 && have == 0 && !input_waiting(s->infd)) {
      draw_line(s, 0);
      drawn = 1;
    }
    if (patience >= 0) {
      int64_t soon = ask_now_ms() + patience;
      if (wait_until < 0 || soon < wait_until) wait_until = soon;
    }
    int w = ask_session_wait_redrawing(s->session, s->infd, wait_until, &s->signo);
    if (w == ASK_WAIT_TIMEOUT && wait_until != s->deadline_ms) {
      int lone = s->vi && ask_key_escape_waiting(&s->keys);
      ask_key_expire(&s->keys);
      if (s->quoting) return quote_nothing(s, wc);
      if (lone) { /* vi: the Esc key, to command mode */
        *wc = 033;
        return 1;
      }
      continue;
    }
    if (w != ASK_WAIT_READY) {
      s->status = read_status(w);
      if (w == ASK_WAIT_RESUMED) s->command_mode = 0; /* a quoted insert waits in insert mode */
      if (w == ASK_WAIT_RESUMED && s->vi && !s->quoting) {
        /* vi: which map the next key is read in tells the mode to come
         * back in (libedit's el_gets starts in insert mode). */
        s->probing = 1;
        s->command_mode = 0;
        *wc = MODE_PROBE_KEY[0];
        return 1;
      }
      if (w != ASK_WAIT_ERROR) errno = EINTR;
      /* A terminating signal ends the session: libedit must not set its
       * modes on the way out of el_gets (from the background — `kill %1`
       * on a stopped ask — that would stop the process again, or clobber
       * the shell's terminal). With editing off it leaves the terminal. */
      if (w == ASK_WAIT_SIGNAL) el_set(el, EL_EDITMODE, 0);
      return -1;
    }
    /* A resize: libedit's own display, when it draws, follows it. When ask
     * draws, libedit's display is never shown and is left at its first
     * size (its el_resize of a wrapped line onto a smaller window crashed:
     * SIGSEGV, or heap corruption in re_clear_display). */
    if (ask_session_take_resize(s->session) && !s->draws) el_resize(el);
    int got = next_byte(s, &c);
    if (got == 0) continue;
    if (got < 0) return s->status == ASK_READ_HANGUP ? 0 : -1;
  decode:
    if (s->vi && ask_key_escape_ends(&s->keys, c)) { /* vi: Esc, then this key (no Alt-key) */
      ask_key_expire(&s->keys);
      s->held = c;
      if (s->quoting) return quote_nothing(s, wc);
      *wc = 033;
      return 1;
    }
    ask_key_action_t action;
    switch (ask_key_feed(&s->keys, c, &action)) {
    case ASK_KEY_PENDING:
      continue;
    case ASK_KEY_SEQUENCE:
      have = 0;
      if (s->quoting) return quote_nothing(s, wc); /* quoted: no part of a sequence gets in */
      if (own_key(s, table_key(action), &drawn)) continue;
      if (give(s, (s->vi ? vi_keys : libedit_keys)[action], wc)) return 1;
      continue;
    }
    if (have > 0 && (c & 0xc0) != 0x80) have = 0; /* broken sequence: drop */
    if (have == 0 && s->quoting && c == 0x00) return quote_nothing(s, wc); /* no NUL in the line */
    if (have == 0 && !s->quoting) {
      unsigned char typed = c;
      c = terminal_key(s, c);
      if (c == 0x16 && typed == s->lnext) { /* libedit's ed-quoted-insert reads the next character as it is */
        s->quoting = 1;
        *wc = c;
        return 1;
      }
      if (own_key(s, control_key(s, c), &drawn)) continue;
    }
    if (have == 0) {
      need = (int)ask_utf8_length(c);
      if (need == 0) continue;
    }
    bytes[have++] = c;
    if (have < need) continue;
    have = 0;
    uint32_t cp;
    if (ask_utf8_sequence(bytes, (size_t)need, &cp) == 0) continue; /* overlong or surrogate: drop */
    int quoted = s->quoting;
    s->quoting = 0;
    /* C1: vi_keys and ask's own keys are these, and in emacs mode libedit
     * takes them for Meta keys (U+0088 deleted the word before): dropped
     * in both. */
    if (!quoted && cp >= 0x80 && cp < 0xa0) continue;
    *wc = (wchar_t)cp;
    return 1;
  }
}

/* vi: the mode probe (MODE_PROBE_KEY) read in the insert map, and in the
 * command map. */
static unsigned char probe_insert_mode(EditLine *el, int ch) {
  (void)ch;
  session_of(el)->command_mode = 0;
  return CC_NORM;
}

static unsigned char probe_command_mode(EditLine *el, int ch) {
  (void)ch;
  session_of(el)->command_mode = 1;
  return CC_NORM;
}

/* Ctrl-W (and the terminal's VWERASE): the blanks before the cursor, then
 * the characters back to a blank, as the kernel and the masked editor
 * erase a word — whole characters (grapheme clusters): libedit's
 * ed-delete-prev-word took an emoji for no word and erased the word
 * before it too. */
static unsigned char delete_prev_word(EditLine *el, int ch) {
  (void)ch;
  const LineInfo *li = el_line(el);
  const unsigned char *text = (const unsigned char *)li->buffer;
  size_t cursor = (size_t)(li->cursor - li->buffer), from = cursor;
  if (from == 0) return CC_NORM;
  for (int blanks = 1; from > 0; ) {
    size_t start = ask_last_character_start(text, from);
    int blank = from - start == 1 && (text[start] == ' ' || text[start] == '\t');
    if (blank != blanks) {
      if (blanks) blanks = 0;
      else break;
      continue;
    }
    from = start;
  }
  el_deletestr(el, (int)scalars(text + from, cursor - from));
  return CC_REFRESH;
}

/* Tab: asks the Swift side for the completion of the text before the
 * cursor and puts it in place of that text. */
static unsigned char complete_title(EditLine *el, int ch) {
  (void)ch;
  struct ask_line *s = session_of(el);
  if (s->complete == NULL) return CC_REFRESH_BEEP;
  const LineInfo *li = el_line(el);
  size_t n = (size_t)(li->cursor - li->buffer);
  char *text = malloc(n + 1);
  if (text == NULL) return CC_ERROR;
  memcpy(text, li->buffer, n);
  text[n] = '\0';
  int beep = 0;
  if (s->draws) draw_line(s, 1); /* a list of titles goes below the line */
  char *replacement = s->complete(s->context, text, &beep);
  if (beep == 2) forget_drawing(s); /* drawn below: the line starts again */
  if (beep == 1 && s->draws) { /* nothing to complete: the bell, as libedit rings it */
    int signo;
    (void)ask_write_all(s->session, s->outfd, "\a", 1, &signo);
  }
  if (replacement != NULL) {
    int characters = 0;
    for (size_t i = 0; i < n; i++)
      if (((unsigned char)text[i] & 0xc0) != 0x80) characters++;
    el_deletestr(el, characters);
    el_insertstr(el, replacement);
    free(replacement);
  }
  free(text);
  return beep == 2 ? CC_REDISPLAY : beep ? CC_REFRESH_BEEP : CC_REFRESH;
}

/* A UTF-8 LC_CTYPE for libedit, the other categories as the process has
 * them: the user's when its codeset is UTF-8, else C.UTF-8 (libedit drops
 * non-ASCII bytes, and crashes on a non-ASCII prompt, without one). */
static locale_t utf8_locale(void) {
  locale_t base = duplocale(LC_GLOBAL_LOCALE);
  if (base == (locale_t)0) return (locale_t)0;
  locale_t user = newlocale(LC_CTYPE_MASK, "", base);
  if (user != (locale_t)0) {
    if (strcmp(nl_langinfo_l(CODESET, user), "UTF-8") == 0) return user;
    base = user;
  }
  locale_t fallback = newlocale(LC_CTYPE_MASK, "C.UTF-8", base);
  if (fallback == (locale_t)0) freelocale(base);
  return fallback;
}

/* A terminal for libedit to start on: the other side of a pseudo-terminal
 * of its own, with the modes `modes` and the size `size`; its descriptor (the pseudo-terminal's
 * master in *master), or -1. libedit's start sets modes on the terminal it
 * is given — echo and canonical mode on, for as long as the set-up takes —
 * and reads there the modes it edits in: on the stand-in it sees the
 * terminal's own modes and changes nothing a user types into. */
static int stand_in(const struct termios *modes, const struct winsize *size, int *master) {
  *master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (*master < 0) return -1;
  char name[64];
  int fd = -1;
  if (unlockpt(*master) == 0 && ptsname_r(*master, name, sizeof name) == 0)
    fd = open(name, O_RDWR | O_NOCTTY | O_CLOEXEC);
  if (fd >= 0 && tcsetattr(fd, TCSANOW, modes) == 0) {
    if (size != NULL) (void)ioctl(fd, TIOCSWINSZ, size);
    return fd;
  }
  if (fd >= 0) close(fd);
  close(*master);
  *master = -1;
  return -1;
}

ask_line_t *ask_line_open(ask_session_t *session, const char *program, int infd, int outfd,
                          ask_complete_fn complete, void *context) {
  struct ask_line *s = calloc(1, sizeof *s);
  if (s == NULL) return NULL;
  s->session = session;
  s->program = strdup(program); /* the caller's string may not outlive this call */
  s->infd = infd;
  s->outfd = outfd;
  s->complete = complete;
  s->context = context;
  s->deadline_ms = -1;
  s->held = -1;
  /* ask draws the line (draw_line) on any terminal libedit knows how to
   * move the cursor on; libedit's own drawing goes nowhere. With TERM
   * dumb, unset or empty (libedit's "dumb") libedit draws, as it does
   * without cursor motion. */
  const char *terminal = getenv("TERM");
  s->draws = terminal != NULL && terminal[0] != '\0' && strcmp(terminal, "dumb") != 0;
  s->prompt = strdup("");
  if (s->prompt == NULL || s->program == NULL) {
    free(s->prompt);
    free(s->program);
    free(s);
    errno = ENOMEM;
    return NULL;
  }
  return s;
}

/* Ends libedit and its history, locale and streams, whatever of them was
 * started: after a failed start (a later read may start again) and at the
 * close. el_end would set the modes libedit saw when it started
 * (TCSAFLUSH) — from the background too, stopping or clobbering another
 * job's terminal. With editing off it leaves the terminal alone: the
 * session alone gives back the terminal's own modes. */
static void stop_editor(struct ask_line *s) {
  locale_t outer = s->locale != (locale_t)0 ? uselocale(s->locale) : (locale_t)0;
  if (s->el != NULL) {
    el_set(s->el, EL_EDITMODE, 0);
    el_end(s->el);
  }
  if (s->history != NULL) history_end(s->history);
  if (outer != (locale_t)0) uselocale(outer);
  if (s->locale != (locale_t)0) freelocale(s->locale);
  if (s->in != NULL) fclose(s->in);
  if (s->out != NULL) fclose(s->out);
  if (s->err != NULL) fclose(s->err);
  s->el = NULL;
  s->history = NULL;
  s->locale = (locale_t)0;
  s->in = s->out = s->err = NULL;
}

/* libedit's streams, before a stand-in takes descriptors: with
 * few left, libedit starts on the real terminal rather than not at all.
 * Returns 0, or -1 with errno. */
static int open_streams(struct ask_line *s) {
  int in = dup(s->infd), out = dup(s->outfd);
  s->in = in >= 0 ? fdopen(in, "r") : NULL;
  s->out = out >= 0 ? fdopen(out, "w") : NULL;
  s->err = fopen("/dev/null", "w");
  if (s->in != NULL && s->out != NULL && s->err != NULL) return 0;
  int error = errno != 0 ? errno : ENOMEM;
  if (in >= 0 && s->in == NULL) close(in);
  if (out >= 0 && s->out == NULL) close(out);
  stop_editor(s);
  errno = error;
  return -1;
}

/* The stand-in for the held terminal's (stand_in), with its own modes and
 * size; -1 when none can be had. */
static int stand_in_for(struct ask_line *s, int *master) {
  struct termios own;
  struct winsize size;
  int sized = ioctl(s->outfd, TIOCGWINSZ, &size) == 0;
  *master = -1;
  return ask_session_own_modes(s->session, &own) == 0 ? stand_in(&own, sized ? &size : NULL, master) : -1;
}

/* 1 when libedit is in vi mode (an editrc's `bind -v`). */
static int editor_is_vi(EditLine *el) {
  const char *editor = NULL;
  return el_get(el, EL_EDITOR, &editor) == 0 && editor != NULL && strcmp(editor, "vi") == 0;
}

/* vi mode: the keys of the table as vi_keys, in insert and command maps;
 * in command mode `:` (libedit's command line, where `setty` could be
 * typed), `v` (the line edited in $EDITOR: a child ask would wait for
 * past signals and the time limit) and Esc (a lead-in there for sequences
 * never given in vi mode: a second Esc would eat the key after it) do
 * nothing. */
static void bind_vi_keys(EditLine *el) {
  for (size_t k = ASK_KEY_LEFT; k <= ASK_KEY_DELETE_WORD; k++) {
    el_wset(el, EL_BIND, vi_keys[k], vi_functions[k], (const wchar_t *)NULL);
    el_wset(el, EL_BIND, L"-a", vi_keys[k], vi_functions[k], (const wchar_t *)NULL);
  }
  static const wchar_t *const idle[] = {L":", L"v", L"^["};
  for (size_t i = 0; i < sizeof idle / sizeof *idle; i++)
    el_wset(el, EL_BIND, L"-a", idle[i], L"ed-unassigned", (const wchar_t *)NULL);
  /* Ctrl-D on an empty line cancels in command mode too (libedit's vi
   * command map leaves it unbound), as in insert mode. */
  el_wset(el, EL_BIND, L"-a", L"^D", L"vi-list-or-eof", (const wchar_t *)NULL);
  /* The keys the terminal's erase and kill become (terminal_key) erase and
   * kill in command mode too, as in insert mode: libedit's own binding
   * there depended on the characters stty had set (with erase on DEL,
   * DEL only moved left, and Ctrl-U did nothing). */
  el_wset(el, EL_BIND, L"-a", L"^?", L"vi-delete-prev-char", (const wchar_t *)NULL);
  el_wset(el, EL_BIND, L"-a", L"^U", L"vi-kill-line-prev", (const wchar_t *)NULL);
}

/* Starts libedit, at the first read, on the stand-in `spare` (its master
 * `master`), whose descriptors it closes, then reads and writes the real
 * terminal; with no stand-in (-1), on the real one, held again after. */
static int start_editor(struct ask_line *s, int spare, int master) {
  s->locale = utf8_locale();
  locale_t outer = s->locale != (locale_t)0 ? uselocale(s->locale) : (locale_t)0;
  FILE *stand = spare >= 0 ? fdopen(spare, "r+") : NULL;
  if (stand == NULL && spare >= 0) close(spare);
  if (stand == NULL && master >= 0) {
    close(master);
    master = -1;
  }
  if (stand != NULL) {
    s->el = el_init_fd(s->program, stand, stand, s->err, fileno(stand), fileno(stand), fileno(s->err));
    if (s->el != NULL) el_set(s->el, EL_SETFP, 0, s->in);
  } else {
    s->el = el_init_fd(s->program, s->in, s->out, s->err, s->infd, s->outfd, fileno(s->err));
  }
  s->history = history_init();
  if (s->el == NULL || s->history == NULL) goto fail;
  el_set(s->el, EL_SETFP, 1, s->draws ? s->err : s->out);
  HistEvent event;
  history(s->history, &event, H_SETSIZE, HISTORY_SIZE);
  for (int i = 0; i < s->kept_count; i++) { /* answered before libedit started */
    if (history(s->history, &event, H_ENTER, s->kept[i]) != -1) s->remembered++;
    free(s->kept[i]);
  }
  s->kept_count = 0;
  el_set(s->el, EL_CLIENTDATA, (void *)s);
  el_set(s->el, EL_PROMPT_ESC, prompt_of, '\1'); /* \1 wraps invisible bytes */
  el_set(s->el, EL_GETCFN, read_char);
  el_set(s->el, EL_HIST, history, s->history);
  el_set(s->el, EL_EDITOR, "emacs");
  /* The user's editrc, its editing lines only (editrc.c), before all that
   * ask needs: whatever it said, the modes and the keys below are ask's. */
  struct termios own;
  (void)ask_editrc_apply(s->el, s->editrc, s->editrc_length,
                         ask_session_own_modes(s->session, &own) == 0 ? own.c_cc[VEOF] : 0);
  s->vi = editor_is_vi(s->el);
  /* The keys read_char gives for the key table are libedit's own emacs
   * keys, but for Delete (wide: no conversion); in vi mode, vi_keys. */
  if (s->vi) {
    bind_vi_keys(s->el);
  } else {
    el_wset(s->el, EL_BIND, libedit_keys[ASK_KEY_DELETE], L"ed-delete-next-char", (const wchar_t *)NULL);
    /* And the keys terminal_key gives for the terminal's editing
     * characters: libedit binds the characters stty set, and gives the
     * keys they leave their emacs meaning (werase on ^B makes ^W
     * em-kill-region). vi's insert mode has these keys as they are. */
    el_set(s->el, EL_BIND, "^?", "em-delete-prev-char", (const char *)NULL);
    el_set(s->el, EL_BIND, "^U", "em-kill-line", (const char *)NULL);
    el_set(s->el, EL_BIND, "^V", "ed-quoted-insert", (const char *)NULL);
  }
  /* Bytes as typed while editing: no CR/LF translation (libedit's default
   * sets both INLCR and ICRNL), so CR LF can be told from two Enters. */
  el_set(s->el, EL_SETTY, "-d", "-icrnl", "-inlcr", (const char *)NULL);
  /* And between reads libedit's "cooked" mode is the hold mode: no echo,
   * no canonical mode, so nothing typed is echoed between two fields (a
   * password typed early after a login must not show). Few names: libedit
   * converts every mode name for each one given (a tenth of a millisecond
   * each). */
  el_set(s->el, EL_SETTY, "-x", "-icanon", "-echo", "-icrnl", (const char *)NULL);
  /* Enter and Ctrl-D keep their actions whatever stty says: libedit bound
   * the terminal's erase, kill, ... characters when it started (stty kill
   * ^M made Enter clear the line); Ctrl-D cancels on an empty line. */
  static const char *const kept[][3] = {
    {"^M", "ed-newline", "ed-newline"}, {"^J", "ed-newline", "ed-newline"},
    {"^D", "em-delete-or-list", "vi-list-or-eof"},
  };
  for (size_t k = 0; k < sizeof kept / sizeof *kept; k++) {
    el_set(s->el, EL_BIND, kept[k][0], kept[k][s->vi ? 2 : 1], (const char *)NULL);
    if (s->vi) el_set(s->el, EL_BIND, "-a", kept[k][0], kept[k][2], (const char *)NULL);
  }
  /* A quoted insert (VLNEXT) keeps Ctrl-C, Ctrl-\ and Ctrl-Z signals:
   * libedit's quote mode turns ISIG off. */
  el_set(s->el, EL_SETTY, "-q", "+isig", (const char *)NULL);
  el_set(s->el, EL_EDITMODE, 1);
  /* Wide: the narrow EL_ADDFN copies the name and help with wcsdup and
   * never frees them (el_end frees only the table), a leak each editor;
   * the wide one keeps these pointers, which live as long as the program. */
  el_wset(s->el, EL_ADDFN, L"ask-complete", L"Complete a button title", complete_title);
  el_wset(s->el, EL_ADDFN, L"ask-delete-prev-word", L"Erase the word before the cursor", delete_prev_word);
  el_wset(s->el, EL_ADDFN, L"ask-insert-mode", L"Note insert mode", probe_insert_mode);
  el_wset(s->el, EL_ADDFN, L"ask-command-mode", L"Note command mode", probe_command_mode);
  /* Ctrl-W (the key the terminal's VWERASE becomes), in emacs and vi's
   * insert mode: by whole characters. */
  el_set(s->el, EL_BIND, "^W", "ask-delete-prev-word", (const char *)NULL);
  el_wset(s->el, EL_BIND, REDISPLAY_KEY, L"ed-redisplay", (const wchar_t *)NULL);
  if (s->vi) {
    el_wset(s->el, EL_BIND, L"-a", REDISPLAY_KEY, L"ed-redisplay", (const wchar_t *)NULL);
    el_wset(s->el, EL_BIND, MODE_PROBE_KEY, L"ask-insert-mode", (const wchar_t *)NULL);
    el_wset(s->el, EL_BIND, L"-a", MODE_PROBE_KEY, L"ask-command-mode", (const wchar_t *)NULL);
  }
  el_set(s->el, EL_BIND, "^I", "ask-complete", (const char *)NULL);
  if (s->vi) el_set(s->el, EL_BIND, "-a", "^I", "ask-complete", (const char *)NULL);
  free(s->editrc); /* applied */
  s->editrc = NULL;
  if (outer != (locale_t)0) uselocale(outer);
  if (stand != NULL) {
    fclose(stand);
    close(master);
  } else {
    (void)ask_session_hold(s->session); /* libedit set its own modes */
  }
  return 0;
fail: {
  /* The cause (EMFILE: too many files open), or ENOMEM; and nothing kept,
   * so that a later read may try again. */
  int error = errno != 0 ? errno : ENOMEM;
  if (outer != (locale_t)0) uselocale(outer);
  if (stand != NULL) fclose(stand);
  if (master >= 0) close(master);
  stop_editor(s);
  errno = error;
  return -1;
}
}

/* read_typed's answer when a key needs libedit: the bytes read for it are
 * in s->replay, the line so far in s->typed. */
enum { NEEDS_EDITOR = -1 };

/* Appends `length` bytes to the typed line; 0 when memory ran out. */
static int append_typed(struct ask_line *s, const unsigned char *bytes, size_t length) {
  if (s->typed_length + length + 1 > s->typed_capacity) {
    size_t capacity = (s->typed_length + length + 1) * 2;
    char *grown = realloc(s->typed, capacity);
    if (grown == NULL) return 0;
    s->typed = grown;
    s->typed_capacity = capacity;
  }
  memcpy(s->typed + s->typed_length, bytes, length);
  s->typed_length += length;
  s->typed[s->typed_length] = '\0';
  return 1;
}

/* Whether `c` (a byte, or a code point below 0x100) is in `set`. */
static int in_set(const uint32_t set[8], uint32_t c) { return (set[c >> 5] >> (c & 31)) & 1u; }

/* The keys that leave a read without libedit: every byte the user's
 * modes give a terminal character (stty erase '#' makes '#' erase, and
 * libedit binds those it knows), as a set of 256 bits. */
static void terminal_characters(const struct ask_line *s, uint32_t set[8]) {
  memset(set, 0, 8 * sizeof *set);
  struct termios own;
  if (ask_session_own_modes(s->session, &own) != 0) return;
  static const int named[] = {VINTR, VQUIT, VERASE, VKILL, VEOF, VEOL, VEOL2, VSTART,
                              VSTOP, VSUSP, VREPRINT, VDISCARD, VWERASE, VLNEXT};
  for (size_t i = 0; i < sizeof named / sizeof *named; i++) {
    unsigned char c = own.c_cc[named[i]];
    if (c != _POSIX_VDISABLE) set[c >> 5] |= 1u << (c & 31);
  }
}

/* A read before libedit has started, and while nothing needs it: with
 * no editrc, on a terminal ask draws, the line that text and Enter alone
 * make is read and drawn here — an answer's digits, a title, a name —
 * and libedit (its maps, buffers, terminfo entry and locale: a third of
 * the memory a run touches) is never started. Any other key (a control
 * key, Esc and the sequences it starts, a terminal character, a C1
 * character or a broken sequence) starts it: the key's bytes go to
 * read_char through s->replay and the line so far in as text, so it does
 * what it did when libedit read every key (the text so far is what
 * libedit's own insertion of those keys, all at the end, would have made).
 * Returns an ASK_READ_* as ask_line_read, or NEEDS_EDITOR. */
static int read_typed(struct ask_line *s, const char *initial, const char **line, int *len, int *signo) {
  s->typed_length = 0;
  if (!append_typed(s, (const unsigned char *)"", 0)
      || !append_typed(s, (const unsigned char *)initial, strlen(initial)))
    return NEEDS_EDITOR;
  uint32_t terminal[8];
  terminal_characters(s, terminal);
  unsigned char bytes[4];
  int have = 0, need = 0, drawn = 1, status;
  s->replay_count = s->replay_next = 0;
  for (;;) {
    if (!drawn && have == 0 && !input_waiting(s->infd)) {
      draw_text(s, (const unsigned char *)s->typed, s->typed_length, s->typed_length);
      drawn = 1;
    }
    int w = ask_session_wait_redrawing(s->session, s->infd, s->deadline_ms, &s->signo);
    if (w != ASK_WAIT_READY) {
      status = read_status(w);
      break;
    }
    (void)ask_session_take_resize(s->session); /* the next drawing follows it */
    unsigned char c;
    int got = next_byte(s, &c);
    if (got == 0) continue;
    if (got < 0) {
      status = s->status;
      break;
    }
    bytes[have++] = c;
    if (have == 1 && (c == '\r' || c == '\n')) {
      status = ASK_READ_LINE;
      break;
    }
    if (have == 1) need = c < 0x80 ? 1 : (int)ask_utf8_length(c);
    int fits = have == 1 ? need > 0 && c >= 0x20 && c != 0x7f && !in_set(terminal, c)
                         : (c & 0xc0) == 0x80;
    uint32_t cp = 0;
    if (fits && have == need && need > 1)
      fits = ask_utf8_sequence(bytes, (size_t)need, &cp) == (size_t)need && cp >= 0xa0 /* no C1 */
             /* A terminal character of 0xA0 to 0xFF (stty kill M-i) is that
              * code point to libedit, which binds it: é is then kill. */
             && (cp > 0xff || !in_set(terminal, cp));
    if (!fits || (have == need && !append_typed(s, bytes, (size_t)need))) {
      memcpy(s->replay, bytes, (size_t)have);
      s->replay_count = have;
      return NEEDS_EDITOR;
    }
    if (have == need) {
      have = 0;
      drawn = 0;
    }
  }
  /* As after el_gets: the line drawn whole, the cursor at its end. */
  if (status == ASK_READ_LINE || status == ASK_READ_TIMEOUT)
    draw_text(s, (const unsigned char *)s->typed, s->typed_length, s->typed_length);
  if (status == ASK_READ_LINE) {
    int ignored;
    (void)ask_write_all(s->session, s->outfd, "\n", 1, &ignored);
  }
  if (status == ASK_READ_RESUMED) {
    free(s->pending);
    s->pending = strdup(s->typed);
    s->pending_after = 0;
    s->command_mode = 0;
  }
  (void)ask_session_hold(s->session);
  if (status == ASK_READ_LINE) {
    *line = s->typed;
    *len = (int)s->typed_length;
  } else {
    *signo = s->signo;
  }
  return status;
}

static int read_line(ask_line_t *s, const char *prompt, const char *initial, int64_t deadline_ms,
                     const char **line, int *len, int *signo);

int ask_line_read(ask_line_t *s, const char *above, const char *prompt, const char *initial,
                  int64_t deadline_ms, const char **line, int *len, int *signo) {
  s->above = above != NULL && above[0] != '\0' ? above : NULL;
  int status = read_line(s, prompt, initial, deadline_ms, line, len, signo);
  s->above = NULL; /* the caller's: not kept past the call */
  return status;
}

static int read_line(ask_line_t *s, const char *prompt, const char *initial, int64_t deadline_ms,
                     const char **line, int *len, int *signo) {
  char *copy = strdup(prompt);
  if (copy == NULL) return ASK_READ_ERROR;
  free(s->prompt);
  s->prompt = copy;
  s->deadline_ms = deadline_ms;
  s->status = ASK_READ_ERROR;
  forget_drawing(s); /* the prompt starts where the cursor is */
  ask_session_drew(s->session, s->outfd, 0); /* a line is open until it ends */
  if (s->el == NULL) {
    /* Before libedit has started: its start (the user's editrc, terminfo,
     * key maps, mode names, the stand-in) is most of the work before a
     * prompt, so the prompt and the initial text (the cursor after it,
     * where read_char puts it) are drawn first, and libedit's first
     * drawing finds them on the screen; and without an editrc it starts
     * only when a key needs it (read_typed). It starts on a stand-in: the real
     * terminal, its echo off, sees none of it. With no stand-in to be had
     * (no pseudo-terminal left) it starts on the real one, whose echo its
     * start turns on for an instant: a key typed in that instant is shown
     * twice (never in a secret: secure fields do not use libedit). With
     * TERM dumb libedit draws the prompt itself. */
    if (s->draws) {
      const unsigned char *text = (const unsigned char *)(initial != NULL ? initial : "");
      size_t length = strlen((const char *)text);
      draw_text(s, text, length, length);
    }
    /* A start that meets EIO met a terminal that hung up after the prompt
     * was drawn: a hang-up, as a read that meets it (not an error). */
    if (!s->editrc_read) {
      /* The user's editrc, read within waits that signals and the time
       * limit end: either leaves it unread, and the read below ends at
       * once; a stop makes this a read suspended before a key. */
      if (ask_editrc_read(s->session, deadline_ms, &s->editrc, &s->editrc_length, signo) == ASK_WAIT_RESUMED) {
        free(s->pending);
        s->pending = strdup(initial != NULL ? initial : "");
        s->pending_after = 0;
        s->command_mode = 0;
        return ASK_READ_RESUMED;
      }
      s->editrc_read = 1;
    }
    if (s->draws && s->editrc_length == 0) {
      int typed = read_typed(s, initial != NULL ? initial : "", line, len, signo);
      if (typed != NEEDS_EDITOR) return typed;
      initial = s->typed; /* libedit takes the line so far as text, then the key */
    }
    errno = 0;
    if (open_streams(s) != 0) return errno == EIO ? ASK_READ_HANGUP : ASK_READ_ERROR;
    int master, spare = stand_in_for(s, &master);
    if (start_editor(s, spare, master) != 0) return errno == EIO ? ASK_READ_HANGUP : ASK_READ_ERROR;
  }
  draw_above(s); /* libedit draws the prompt (TERM dumb), or it was started by an earlier read */
  locale_t outer = s->locale != (locale_t)0 ? uselocale(s->locale) : (locale_t)0;
  s->insert = initial;
  /* The text of a suspended read comes back with its cursor where it was,
   * and in vi mode in the mode it was in. */
  int resumed = s->pending != NULL && initial != NULL && strcmp(initial, s->pending) == 0;
  s->move_back = resumed ? s->pending_after : 0;
  s->back_to_command = resumed && s->vi && s->command_mode;
  s->probing = 0;
  s->recalled = 0;   /* el_gets starts at the new line, below the history */
  s->quoting = 0;
  struct termios own; /* the editing keys the user set, in the modes the terminal had */
  if (ask_session_own_modes(s->session, &own) == 0) {
    s->erase = own.c_cc[VERASE];
    s->kill = own.c_cc[VKILL];
    s->werase = own.c_cc[VWERASE];
    s->lnext = own.c_cc[VLNEXT];
    s->eof = own.c_cc[VEOF];
  }
  int count = 0;
  const char *text = el_gets(s->el, &count);
  int error = errno;
  s->insert = NULL; /* the caller's */
  /* Where libedit draws (TERM dumb), its Enter ended the line on its own
   * stream: the session is told, or it would end the line again. */
  if (!s->draws && text != NULL) ask_session_drew(s->session, s->outfd, 1);
  if (s->draws && (text != NULL || s->status == ASK_READ_EOF || s->status == ASK_READ_TIMEOUT
                   || (count == 0 && s->status == ASK_READ_ERROR))) {
    draw_line(s, 1); /* the cursor after the line, for what comes below it */
    int signo;
    if (text != NULL) (void)ask_write_all(s->session, s->outfd, "\n", 1, &signo);
    else if (count == 0 && s->status == ASK_READ_ERROR) /* Ctrl-D: shown, as libedit shows it */
      (void)ask_write_all(s->session, s->outfd, "^D", 2, &signo);
  }
  if (text == NULL && s->status == ASK_READ_RESUMED) {
    /* Keep what was typed; el_line converts it to UTF-8 under libedit's
     * locale, so before the caller's comes back. */
    const LineInfo *li = el_line(s->el);
    size_t n = (size_t)(li->lastchar - li->buffer);
    free(s->pending);
    s->pending = malloc(n + 1);
    if (s->pending != NULL) {
      memcpy(s->pending, li->buffer, n);
      s->pending[n] = '\0';
    }
    s->pending_after = (int)scalars((const unsigned char *)li->cursor, (size_t)(li->lastchar - li->cursor));
  }
  if (outer != (locale_t)0) uselocale(outer);
  (void)ask_session_hold(s->session);
  if (text == NULL) {
    /* libedit's own EIO (setting its modes on the terminal, count -1)
     * is a hang-up too: the terminal went away before a key was read. */
    if (s->status == ASK_READ_HANGUP || (s->status == ASK_READ_ERROR && count < 0 && error == EIO))
      return ASK_READ_HANGUP;
    /* A read cut while libedit's quoted insert waited ends el_gets as
     * Ctrl-D does (count 0): what cut it is the status. */
    if (count == 0 && (s->status == ASK_READ_SIGNAL || s->status == ASK_READ_TIMEOUT
                       || s->status == ASK_READ_RESUMED)) {
      *signo = s->signo;
      return s->status;
    }
    if (count == 0 || s->status == ASK_READ_EOF) return ASK_READ_EOF;
    *signo = s->signo;
    return s->status;
  }
  if (count > 0 && text[count - 1] == '\n') count--;
  *line = text;
  *len = count;
  return ASK_READ_LINE;
}

const char *ask_line_pending(ask_line_t *s) { return s->pending != NULL ? s->pending : ""; }

void ask_line_remember(ask_line_t *s, const char *line) {
  HistEvent event;
  if (line[0] == '\0') return;
  if (s->history == NULL) { /* libedit has not started: kept for its history */
    char *copy = strdup(line);
    if (copy == NULL) return;
    if (s->kept_count == HISTORY_SIZE) {
      free(s->kept[0]);
      memmove(s->kept, s->kept + 1, (HISTORY_SIZE - 1) * sizeof *s->kept);
      s->kept_count--;
    }
    s->kept[s->kept_count++] = copy;
    return;
  }
  locale_t outer = s->locale != (locale_t)0 ? uselocale(s->locale) : (locale_t)0;
  if (history(s->history, &event, H_ENTER, line) != -1 && s->remembered < HISTORY_SIZE) s->remembered++;
  if (outer != (locale_t)0) uselocale(outer);
}

void ask_line_close(ask_line_t *s) {
  if (s == NULL) return;
  stop_editor(s);
  free(s->prompt);
  free(s->program);
  free(s->pending);
  free(s->drawn);
  free(s->editrc);
  free(s->typed);
  for (int i = 0; i < s->kept_count; i++) free(s->kept[i]);
  free(s);
}
