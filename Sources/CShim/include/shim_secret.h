/* Secure text entry (Secrets/): the secret's memory and the masked-line editor. */
#ifndef ASK_SHIM_SECRET_H
#define ASK_SHIM_SECRET_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <termios.h>
#include "shim_session.h"
#include "shim_line_editing.h"

#pragma clang assume_nonnull begin

/* ---- Secure text entry --------------------------------------------------- */

/* A secret being typed: bytes (UTF-8) in memory owned here, wiped by
 * ask_secret_wipe and whenever the buffer grows. Zero it with
 * ask_secret_init before use. */
typedef struct ask_secret {
  unsigned char *_Nullable bytes; /* the secret; not NUL-terminated */
  size_t length;                  /* bytes used */
  size_t capacity;                /* bytes allocated */
  ask_key_decoder_t keys;         /* the key decoder the editor reads through */
  int after_cr;                   /* the last byte was CR (CR LF is one Enter) */
  int expect;                     /* UTF-8 continuation bytes still to come */
  unsigned char scalar[4];        /* the scalar being typed, not yet in the secret */
  size_t scalar_length;           /* its bytes so far */
  size_t last_start;              /* where the last character starts */
  size_t appended;                /* bytes of the scalar the last feed added (the secret's last), or 0 */
  size_t erased_columns;          /* display columns of what the last feed erased (ask_display_width) */
  int holds;                      /* counted among the secrets held */
  unsigned char erase, kill, werase, eof; /* the terminal's own (ask_secret_use_terminal_keys) */
} ask_secret_t;

/* "What is one character", answered by AskKit (Swift's extended grapheme
 * clusters, UAX #29) for the masked editor: the number of characters in
 * `length` UTF-8 bytes, and where the last one starts (0 when empty). */
size_t ask_character_count(const unsigned char *_Nullable bytes, size_t length);
size_t ask_last_character_start(const unsigned char *_Nullable bytes, size_t length);
/* The first character boundary at or after byte `offset` (a character's
 * start, or `length`). */
size_t ask_character_boundary(const unsigned char *_Nullable bytes, size_t length, size_t offset);
/* The display width in columns of the characters of `length` UTF-8 bytes,
 * by the rule ask draws all text with (AskKit's TerminalText: each
 * character's scalars by ask_scalar_width, an emoji 2, controls 0),
 * reading the bytes in place (a secret is never copied). */
size_t ask_display_width(const unsigned char *_Nullable bytes, size_t length);

/* What one byte did to the secret (ask_secret_feed). */
enum {
  ASK_SECRET_NONE = 0,   /* nothing visible (a control, part of an escape) */
  ASK_SECRET_ADDED = 1,  /* *count characters added (0 or 1): draw a mask */
  ASK_SECRET_ERASED = 2, /* *count characters removed: erase masks */
  ASK_SECRET_ENTER = 3,  /* Enter: the secret is complete */
  ASK_SECRET_EOF = 4,    /* Ctrl-D on an empty field: cancel */
  ASK_SECRET_FULL = 5    /* out of memory */
};

/* Empties `s`: a secret is about to be held. While any secret is held the
 * process is not dumpable (prctl PR_SET_DUMPABLE 0: no core dump, no
 * ptrace by the same user) and the secret's pages are locked in memory
 * (mlock: never swapped; skipped when RLIMIT_MEMLOCK refuses). */
void ask_secret_init(ask_secret_t *s);


/* Overwrites, unlocks and frees the secret; `s` is empty afterwards. When
 * it was the last one held, the process's dumpable flag is what it was
 * before the first. */
void ask_secret_wipe(ask_secret_t *s);

/* The masked-line editor, a pure state machine: feeds one byte typed.
 * Printable bytes and Tab are added; Backspace (DEL or ^H) removes one
 * character (not one byte); Ctrl-U clears; Ctrl-W removes the word before
 * the cursor (blanks, then the characters up to a blank), and so do the
 * terminal's own keys for them (ask_secret_use_terminal_keys); CR or LF is Enter (LF right after CR is dropped); Ctrl-D on
 * an empty field is end of input; escape sequences (arrow keys, bracketed
 * paste markers, CSI reports) and OSC/DCS/SOS/PM/APC strings up to BEL or
 * ST (a terminal's late reply) are dropped whole, as are other control
 * characters and bytes that are not UTF-8 (a sequence cut short, a
 * continuation byte with no lead, C0/C1/F5-FF, overlong forms,
 * surrogates), as libedit's fields drop them. Returns one of
 * ASK_SECRET_*, with *count the characters added or erased. A character
 * is what one `*` stands for: a scalar with the scalars that extend it
 * (combining marks, variation selectors, skin tones, what a ZWJ joins), so
 * `e` + U+0301, `👍🏽` and a ZWJ family are one each. Besides, s->appended
 * is the length of the scalar it added, if any (the secret's last bytes;
 * also one that extends the last character, which adds no character), and
 * s->erased_columns the display width of what it erased. */
int ask_secret_feed(ask_secret_t *s, unsigned char byte, size_t *count);

/* Makes the terminal's own editing characters in `modes` (VERASE, VKILL,
 * VWERASE, as the user set them with stty) erase, clear and erase a word,
 * before what the same byte does otherwise; DEL, ^H, Ctrl-U and Ctrl-W
 * keep their actions. An undefined one (_POSIX_VDISABLE) is none.
 * ask_secret_read calls it with the terminal's own modes. */
void ask_secret_use_terminal_keys(ask_secret_t *s, const struct termios *modes);

/* Appends `length` bytes as they are (no editing): a secret read from a
 * pipe. Returns 0, or -1 when memory runs out. */
int ask_secret_set(ask_secret_t *s, const unsigned char *bytes, size_t length);

/* The number of characters in the secret (ask_character_count). */
size_t ask_secret_characters(const ask_secret_t *s);

/* How the editor shows a secret being typed. */
enum {
  ASK_SECRET_SHOW_NOTHING = 0, /* nothing at all (`--echo no`) */
  ASK_SECRET_SHOW_MASKS = 1,   /* one `*` a character */
  ASK_SECRET_SHOW_TEXT = 2     /* the characters as typed (controls never drawn) */
};

/* Draws on `fd` what the last ask_secret_feed of `s` did, as `show`
 * (ASK_SECRET_SHOW_*) shows it: for ASK_SECRET_ADDED `count` masks, or in
 * text the scalar added (s->appended: a combining mark that extends the
 * last character too; a control, Tab, never); for ASK_SECRET_ERASED
 * `count` "\b \b", or in text s->erased_columns columns taken back
 * ("\b\b  \b\b" for a wide character); nothing for other events. Write
 * errors are ignored (the answer can be given when the drawing stream is
 * gone). */
void ask_secret_draw_change(ask_session_t *_Nullable session, int fd, const ask_secret_t *s, int show,
                            int event, size_t count);

/* Draws on `fd` the whole secret as `show` shows it: a mask a character,
 * the text (its controls left out) or nothing; the field drawn again after
 * a stop, or a secret read from a pipe. Write errors are ignored. */
void ask_secret_draw_all(ask_session_t *_Nullable session, int fd, const ask_secret_t *s, int show);

/* Reads a secret from terminal `infd` (held: no echo, ISIG on) into `s`,
 * drawing it on `outfd` as `show` (ASK_SECRET_SHOW_*) shows it
 * (ask_secret_draw_change), with the editing keys of the terminal's own
 * modes (ask_session_own_modes); Ctrl-D on the empty field draws `^D`,
 * whatever `show` is, as on an echoed field.
 * Returns ASK_READ_LINE on Enter (the secret in s), ASK_READ_EOF,
 * ASK_READ_SIGNAL (*signo), ASK_READ_TIMEOUT, ASK_READ_RESUMED (draw the
 * prompt and ask_secret_draw_all again, then call again: s keeps
 * what was typed), ASK_READ_HANGUP or ASK_READ_ERROR. */
int ask_secret_read(ask_session_t *session, int infd, int outfd, int show,
                    int64_t deadline_ms, ask_secret_t *s, int *signo);

#pragma clang assume_nonnull end

#endif
