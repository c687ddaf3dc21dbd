/* The keys terminals send (SPEC §6): the one table of sequences bound to
 * editing actions, and the decoder that both editors — libedit fields
 * (through read_char) and the masked editor — read every byte through.
 * A sequence in the table becomes its action; any other complete CSI or
 * SS3 sequence, and every terminal string (OSC, DCS, SOS, PM, APC up to
 * BEL or ST), is consumed whole, so no fragment of one becomes text. */
#include "CShim.h"

#include <string.h>

/* The table: what each sequence does, whatever TERM says. Rows are the
 * forms xterm, VTE, Konsole, PuTTY, rxvt, tmux, screen and the Linux
 * console send (ECMA-48 CSI and SS3; DEC VT220 `~` keys). The man page's
 * KEYS section lists the same rows (a test compares them). */
static const ask_key_binding_t table[] = {
  {"\033[D", ASK_KEY_LEFT, "Left"},
  {"\033OD", ASK_KEY_LEFT, "Left"},
  {"\033[C", ASK_KEY_RIGHT, "Right"},
  {"\033OC", ASK_KEY_RIGHT, "Right"},
  {"\033[1;2D", ASK_KEY_LEFT, "Shift-Left"},
  {"\033[1;2C", ASK_KEY_RIGHT, "Shift-Right"},
  {"\033b", ASK_KEY_WORD_LEFT, "Alt-b"}, /* Alt and a letter: these three; any other does nothing */
  {"\033f", ASK_KEY_WORD_RIGHT, "Alt-f"},
  {"\033d", ASK_KEY_DELETE_WORD, "Alt-d"},
  {"\033[1;3D", ASK_KEY_WORD_LEFT, "Alt-Left"},
  {"\033[1;3C", ASK_KEY_WORD_RIGHT, "Alt-Right"},
  {"\033[1;5D", ASK_KEY_WORD_LEFT, "Ctrl-Left"},
  {"\033Od", ASK_KEY_WORD_LEFT, "Ctrl-Left"}, /* rxvt */
  {"\033[1;5C", ASK_KEY_WORD_RIGHT, "Ctrl-Right"},
  {"\033Oc", ASK_KEY_WORD_RIGHT, "Ctrl-Right"}, /* rxvt */
  {"\033[A", ASK_KEY_UP, "Up"},
  {"\033OA", ASK_KEY_UP, "Up"},
  {"\033[B", ASK_KEY_DOWN, "Down"},
  {"\033OB", ASK_KEY_DOWN, "Down"},
  {"\033[H", ASK_KEY_HOME, "Home"},
  {"\033OH", ASK_KEY_HOME, "Home"},
  {"\033[1~", ASK_KEY_HOME, "Home"}, /* PuTTY, tmux, screen, Linux console */
  {"\033[7~", ASK_KEY_HOME, "Home"}, /* rxvt */
  {"\033[F", ASK_KEY_END, "End"},
  {"\033OF", ASK_KEY_END, "End"},
  {"\033[4~", ASK_KEY_END, "End"},
  {"\033[8~", ASK_KEY_END, "End"},
  {"\033[3~", ASK_KEY_DELETE, "Delete"},
  {"\033[2~", ASK_KEY_IGNORE, "Insert"},
  {"\033[5~", ASK_KEY_IGNORE, "PageUp"},
  {"\033[6~", ASK_KEY_IGNORE, "PageDown"},
  {"\033[200~", ASK_KEY_IGNORE, "Paste start"}, /* the pasted text is typed */
  {"\033[201~", ASK_KEY_IGNORE, "Paste end"},
};
static const size_t table_count = sizeof table / sizeof *table;

const ask_key_binding_t *ask_key_row(size_t index) { return index < table_count ? &table[index] : NULL; }

/* Decoder states. */
enum {
  PLAIN,         /* text and control keys */
  AFTER_ESC,     /* ESC: a sequence, a string, an Alt-key or a lone Esc */
  IN_CSI,        /* ESC [ parameters, intermediates, then a final byte */
  IN_CSI_LINUX,  /* ESC [ [: the Linux console's F1-F5, one byte more */
  IN_X10_MOUSE,  /* ESC [ M: a mouse report's three bytes, any values */
  IN_SS3,        /* ESC O, then a final byte */
  IN_STRING,     /* OSC, DCS, SOS, PM, APC: to BEL or ST (ESC \) */
  IN_STRING_ESC  /* an ESC inside a string: ST if a backslash follows */
};

static ask_key_action_t lookup(const ask_key_decoder_t *d) {
  if (d->length >= sizeof d->sequence) return ASK_KEY_IGNORE; /* too long for any row */
  for (size_t i = 0; i < table_count; i++) {
    const char *row = table[i].sequence + 1; /* after the ESC */
    if (strlen(row) == d->length && memcmp(row, d->sequence, d->length) == 0) return table[i].action;
  }
  return ASK_KEY_IGNORE;
}

static void collect(ask_key_decoder_t *d, unsigned char byte) {
  if (d->length < sizeof d->sequence) d->sequence[d->length] = byte;
  d->length++;
}

static int finish(ask_key_decoder_t *d, ask_key_action_t *action) {
  *action = lookup(d);
  d->state = PLAIN;
  d->length = 0;
  return ASK_KEY_SEQUENCE;
}

/* A terminal string ended: consumed, no action. */
static int end_string(ask_key_decoder_t *d) {
  d->state = PLAIN;
  d->length = 0;
  return ASK_KEY_SEQUENCE;
}

void ask_key_reset(ask_key_decoder_t *d) { memset(d, 0, sizeof *d); }

int ask_key_feed(ask_key_decoder_t *d, unsigned char byte, ask_key_action_t *action) {
  *action = ASK_KEY_IGNORE;
  switch (d->state) {
  case PLAIN:
    if (byte != 0x1b) return ASK_KEY_TEXT;
    d->state = AFTER_ESC;
    d->length = 0;
    return ASK_KEY_PENDING;
  case AFTER_ESC:
    if (byte == '[' || byte == 'O') {
      d->state = byte == '[' ? IN_CSI : IN_SS3;
      collect(d, byte);
      return ASK_KEY_PENDING;
    }
    if (byte == ']' || byte == 'P' || byte == 'X' || byte == '^' || byte == '_') {
      d->state = IN_STRING;
      d->length = 0;
      return ASK_KEY_PENDING;
    }
    if (byte == 0x1b) return ASK_KEY_PENDING; /* Esc Esc: the first is nothing */
    if (byte >= 0x20 && byte < 0x7f) { /* Alt and a printable key: a row, or nothing */
      collect(d, byte);
      return finish(d, action);
    }
    /* Esc then any other key (Enter, Backspace, a letter of another
     * script) is that key. */
    d->state = PLAIN;
    return ASK_KEY_TEXT;
  case IN_CSI:
    if (d->length == 1 && byte == '[') { /* ESC [ [ A: Linux console F1 */
      d->state = IN_CSI_LINUX;
      collect(d, byte);
      return ASK_KEY_PENDING;
    }
    if (d->length == 1 && byte == 'M') { /* ESC [ M b x y: an X10 mouse report */
      d->state = IN_X10_MOUSE;
      collect(d, byte);
      return ASK_KEY_PENDING;
    }
    if (byte >= 0x20 && byte <= 0x3f) { /* parameters and intermediates */
      collect(d, byte);
      return ASK_KEY_PENDING;
    }
    if (byte >= 0x40 && byte <= 0x7e) { /* the final byte */
      collect(d, byte);
      return finish(d, action);
    }
    break; /* not part of a sequence: the sequence ends, the byte is a key */
  case IN_X10_MOUSE: /* "[M" and three bytes of button, column and row */
    collect(d, byte);
    if (d->length < 5) return ASK_KEY_PENDING;
    return end_string(d);
  case IN_CSI_LINUX:
  case IN_SS3:
    if (d->state == IN_SS3 && byte >= 0x30 && byte <= 0x3f) { /* ESC O 5 P (modified F1) */
      collect(d, byte);
      return ASK_KEY_PENDING;
    }
    if (byte >= 0x40 && byte <= 0x7e) {
      collect(d, byte);
      return finish(d, action);
    }
    break;
  case IN_STRING:
    if (byte == 0x07) return end_string(d); /* BEL ends it */
    if (byte == 0x1b) {
      d->state = IN_STRING_ESC;
      return ASK_KEY_PENDING;
    }
    if (byte == '\r' || byte == '\n') break; /* never in a report: Enter */
    return ASK_KEY_PENDING; /* nothing of it is kept, however long */
  case IN_STRING_ESC:
    if (byte == '\\') return end_string(d); /* ST */
    /* An ESC that was no ST ends the string and starts a sequence. */
    d->state = AFTER_ESC;
    d->length = 0;
    return ask_key_feed(d, byte, action);
  }
  /* The sequence was cut by a byte that cannot be in it: dropped, and the
   * byte read afresh (a CR after a broken sequence is still Enter). */
  d->state = PLAIN;
  d->length = 0;
  return ask_key_feed(d, byte, action);
}

int ask_key_patience_ms(const ask_key_decoder_t *d) {
  switch (d->state) {
  case PLAIN: return -1;
  /* A lone Esc waits as long as vim's ttimeoutlen: longer turns Esc and a
   * quick key into an Alt-key. */
  case AFTER_ESC: return 100;
  /* Once a sequence or string has begun (ESC [, ESC O, ESC ]), what follows
   * can only be the rest of it: a second, however a slow link splits it. */
  default: return 1000;
  }
}

void ask_key_expire(ask_key_decoder_t *d) {
  d->state = PLAIN;
  d->length = 0;
}

int ask_key_escape_waiting(const ask_key_decoder_t *d) { return d->state == AFTER_ESC; }

/* The bytes after ESC that begin a sequence (CSI, SS3) or a terminal
 * string (OSC, DCS, SOS, PM, APC) — the decoder's AFTER_ESC cases — or
 * are a second ESC: in vi mode the ESC before any other is the Esc key. */
int ask_key_escape_ends(const ask_key_decoder_t *d, unsigned char byte) {
  return d->state == AFTER_ESC && (byte == 0 || strchr("[O]PX^_\033", byte) == NULL);
}
