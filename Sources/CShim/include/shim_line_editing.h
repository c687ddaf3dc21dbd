/* Line editing (LineEditing/): libedit's variadic calls as fixed-argument functions, the editrc filter, the key table and decoder, the answer line's drawing. */
#ifndef ASK_SHIM_LINE_EDITING_H
#define ASK_SHIM_LINE_EDITING_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <termios.h>
#include "shim_session.h"

#pragma clang assume_nonnull begin

/* ---- Line editing (libedit) ---------------------------------------------- */

/* One libedit session on a terminal: opaque. */
typedef struct ask_line ask_line_t;

/* Completion callback: `line` is the text before the cursor (UTF-8,
 * NUL-terminated). Returns a malloc'd replacement for that text, or NULL
 * to leave it; sets *beep to 1 when the completion is ambiguous, or to 2
 * when it drew something below (a list of candidates) and the prompt and
 * line must be drawn again. */
typedef char *_Nullable (*ask_complete_fn)(void *_Nullable context,
                                            const char *line, int *beep);

/* A libedit session reading `infd` (the terminal `session` holds) and
 * drawing on `outfd`: emacs mode, the editing lines of the user's editrc
 * ($EDITRC or ~/.editrc, read at the first read within its waits:
 * editrc.h), then the terminal modes ask needs and Tab bound to
 * `complete` (after the editrc, so they cannot be lost) and a history of
 * this run's answers. In vi mode (`bind -v`) a lone Esc reaches libedit. libedit's warnings
 * (an unknown TERM) are discarded. Input is read through
 * ask_session_wait, so signals and deadlines end a read; CR LF counts as
 * one Enter; end of input on the held terminal is a hang-up. libedit runs
 * under a UTF-8 LC_CTYPE of its own (the user's when its codeset is UTF-8,
 * else C.UTF-8), set with uselocale(3) around each call, so the process's
 * locale is never changed. libedit itself starts when a key needs it:
 * with no editrc, on a terminal ask draws, text and Enter alone are read
 * without it (an answer's digits, a title), and the first other key starts
 * it, which then edits the text typed so far as if it had read every key;
 * with an editrc, or TERM dumb, at the first read, once its prompt is
 * drawn. It starts on a stand-in terminal with the terminal's own modes
 * (its start sets modes of its own), so its start changes nothing on the
 * terminal. Returns NULL with errno set on failure. */
ask_line_t *_Nullable ask_line_open(ask_session_t *session, const char *program, int infd,
                                    int outfd, ask_complete_fn _Nullable complete,
                                    void *_Nullable context);

/* Reads one edited line after drawing `prompt` (no control characters),
 * with `initial` (or NULL) as editable text already typed; `above` (or
 * NULL: nothing) is drawn first, in the same write as the prompt's first
 * drawing where ask draws it (what the prompt answers — the list, a title
 * — and its answer line reach the terminal at once). The read that
 * first meets a key only libedit edits starts it (ASK_READ_ERROR with
 * errno when it cannot; ASK_READ_HANGUP when the terminal hung up before
 * it could).
 * `deadline_ms` as for ask_session_wait. On ASK_READ_LINE, *line points to
 * the line (UTF-8, without the LF, *len bytes), valid until the next call.
 * Holds the terminal again (ask_session_hold) before it returns. */
int ask_line_read(ask_line_t *line_session, const char *_Nullable above, const char *prompt,
                  const char *_Nullable initial, int64_t deadline_ms,
                  const char *_Nullable *_Nonnull line, int *len, int *signo);

/* When ask_line_read returned ASK_READ_RESUMED: the text that was typed
 * (UTF-8, NUL-terminated), to give back as `initial` to the next read.
 * Valid until the next call. */
const char *ask_line_pending(ask_line_t *line_session);

/* Adds a line to this session's history (never a secret). */
void ask_line_remember(ask_line_t *line_session, const char *line);

/* Ends libedit (if a read started it) and frees the line session; the
 * terminal's modes are left to the terminal session, which restores them
 * when it ends. */
void ask_line_close(ask_line_t *_Nullable line_session);

/* 1 when a line of an editrc (without its LF) is one ask applies: `bind`
 * with arguments (vi or emacs mode, key bindings, macros), `edit on`,
 * `history size N`, each maybe after a `program:` prefix; 0 for the rest —
 * `setty`, `settc`, `echotc`, `telltc`, `edit off`, a bare `bind` or
 * `history` (listings), a binding of a key ask keeps (Enter, ^M, ^J, Tab,
 * Ctrl-D or the terminal's EOF character `eof`, anywhere in the key) or of
 * `ed-command` or `vi-histedit`, and lines libedit would reject. */
int ask_editrc_line_applies(const char *line, unsigned char eof);


/* ---- Keys ---------------------------------------------------------------- */

/* What a key in the table does. */
typedef enum ask_key_action {
  ASK_KEY_IGNORE = 0, /* consumed whole, nothing done (Insert, PageUp,
                         PageDown, paste markers, every sequence or
                         terminal string not in the table) */
  ASK_KEY_LEFT,       /* one character left */
  ASK_KEY_RIGHT,      /* one character right */
  ASK_KEY_WORD_LEFT,  /* to the start of the word before */
  ASK_KEY_WORD_RIGHT, /* past the end of the word after */
  ASK_KEY_UP,         /* the earlier answer in the history */
  ASK_KEY_DOWN,       /* the later answer */
  ASK_KEY_HOME,       /* to the start of the line */
  ASK_KEY_END,        /* to the end of the line */
  ASK_KEY_DELETE,     /* the character under the cursor */
  ASK_KEY_DELETE_WORD /* from the cursor to the end of the word */
} ask_key_action_t;

/* One row of the key table: the bytes a terminal sends (from ESC), the
 * action, and the key's name as the man page gives it. */
typedef struct ask_key_binding {
  const char *sequence;
  ask_key_action_t action;
  const char *key;
} ask_key_binding_t;

/* The key table (keys.c), SPEC §6, the same for every TERM: row `index`,
 * or NULL past the last. */
const ask_key_binding_t *_Nullable ask_key_row(size_t index);

/* The key decoder: bytes typed in, keys out. Zero it (ask_key_reset)
 * before the first byte. */
typedef struct ask_key_decoder {
  int state;                  /* where in a sequence or string */
  size_t length;              /* bytes of the sequence or string so far */
  unsigned char sequence[16]; /* the sequence's bytes after ESC (the table's are shorter) */
} ask_key_decoder_t;

/* What a byte fed to the decoder is (ask_key_feed). */
enum {
  ASK_KEY_PENDING = 0,  /* part of a sequence or string: nothing yet */
  ASK_KEY_TEXT = 1,     /* the byte on its own: text or a control key */
  ASK_KEY_SEQUENCE = 2  /* a whole sequence, string or Alt-key ended with
                           this byte: *action is its row's, or ASK_KEY_IGNORE */
};

void ask_key_reset(ask_key_decoder_t *decoder);

/* Feeds one byte typed. Alt and a printable ASCII key (ESC b), an X10
 * mouse report (ESC [ M and three bytes), CSI (ESC [ …, ECMA-48: parameters 0x30-0x3F,
 * intermediates 0x20-0x2F, a final 0x40-0x7E), SS3 (ESC O and one final),
 * the Linux console's ESC [ [ X, and OSC/DCS/SOS/PM/APC strings (ESC ] P X
 * ^ _ up to BEL or ST, however long: none of it is kept; CR or LF ends one
 * unterminated) are consumed whole; a byte that cannot continue a
 * sequence ends it and is read afresh. Returns one of ASK_KEY_*. */
int ask_key_feed(ask_key_decoder_t *decoder, unsigned char byte, ask_key_action_t *action);

/* How long to wait for the next byte before ask_key_expire, in ms: -1 (no
 * limit) between keys, 100 after a lone ESC, 1000 inside a sequence or
 * string (what follows ESC [ can only be the rest of one, however a slow
 * link splits it). */
int ask_key_patience_ms(const ask_key_decoder_t *decoder);

/* Nothing came within the patience: the sequence or string is dropped,
 * and so is a lone ESC (the Esc key does nothing: it cancels nothing and
 * is no Meta prefix for a later key). */
void ask_key_expire(ask_key_decoder_t *decoder);

/* 1 when the decoder holds a lone ESC (waiting for its patience). */
int ask_key_escape_waiting(const ask_key_decoder_t *decoder);

/* 1 when the decoder holds a lone ESC and `byte` cannot go on from it as
 * a key's sequence or a report (CSI `[`, SS3 `O`, OSC `]`, or another ESC):
 * in vi mode the ESC was the Esc key, and `byte` starts the next key. */
int ask_key_escape_ends(const ask_key_decoder_t *decoder, unsigned char byte);



/* The answer line drawn by AskKit (AnswerLine.swift) from libedit's line:
 * the bytes that draw the `length` UTF-8 bytes of the line, the cursor
 * before byte `cursor`, with the layout's character widths on a terminal
 * `columns` wide, given that `previous` (its cursor at `previous_cursor`)
 * is on the screen after `prompt` (invisible bytes between \1 marks), or
 * with the prompt when `previous` is NULL. A malloc'ed string to write
 * and free, or NULL. */
char *_Nullable ask_line_drawing(const char *prompt, const unsigned char *_Nullable bytes, size_t length,
                                 size_t cursor, const unsigned char *_Nullable previous,
                                 size_t previous_length, size_t previous_cursor, size_t columns);

#pragma clang assume_nonnull end

#endif
