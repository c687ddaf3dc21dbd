/* The user's editrc (editrc.c): read by ask, applied line by line. */
#ifndef ASK_EDITRC_H
#define ASK_EDITRC_H

#include "CShim.h"

#include <histedit.h>

#pragma clang assume_nonnull begin

/* Reads the editrc — $EDITRC, else ~/.editrc — into *text (malloc'd,
 * *length bytes; NULL when there is none to apply): a regular file only,
 * of at most 64 KiB; a FIFO, a device, a directory or a larger file is
 * skipped (never opened to wait on, never read without end). Each read
 * comes after a wait of `session` until `deadline_ms` (ask_session_wait),
 * so a signal or the time limit ends it: returns ASK_WAIT_READY, or the
 * wait's ASK_WAIT_SIGNAL (*signo), ASK_WAIT_TIMEOUT or ASK_WAIT_RESUMED,
 * with nothing read. */
int ask_editrc_read(ask_session_t *_Nullable session, int64_t deadline_ms, char *_Nullable *_Nonnull text,
                    size_t *length, int *signo);

/* Applies the lines of `text` that ask_editrc_line_applies keeps, each
 * with el_parse as libedit's el_source would (a `program:` prefix applies
 * only when it matches the name given to el_init). Returns the number of
 * lines applied. */
int ask_editrc_apply(EditLine *el, const char *_Nullable text, size_t length, unsigned char eof);

#pragma clang assume_nonnull end

#endif
