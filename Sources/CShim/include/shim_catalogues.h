/* Message catalogues (Catalogues/): ask's own words in the user's language. */
#ifndef ASK_SHIM_CATALOGUES_H
#define ASK_SHIM_CATALOGUES_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <termios.h>


#pragma clang assume_nonnull begin

/* ---- Message catalogues (messages.c) ------------------------------------ */

/* Chooses the language of ask's own words: the messages locale `name`
 * (pinentry's OPTION lc-messages), or with NULL or "" the one LC_ALL,
 * LC_MESSAGES and LANG name, LANGUAGE giving gettext's list of languages
 * as usual. A locale that is not installed, C, POSIX or English gives the
 * English msgids. Without a call, the first lookup uses the environment.
 * The process's locale is not changed (newlocale, not setlocale). */
void ask_messages_use_locale(const char *_Nullable name);

/* 1 when every message is its English msgid (no catalogue applies), so a
 * caller can skip the lookup. */
int ask_messages_are_msgids(void);

/* `msgid` (or, with `plural`, the form for `count`) from the "ask" domain's
 * catalogue in the chosen language; the msgid (English: `plural` unless
 * count is 1) when there is none. The text is gettext's: never freed,
 * UTF-8 whatever LC_CTYPE. Thread-safe. */
const char *ask_message(const char *msgid, const char *_Nullable plural, unsigned long count);

/* The system's text for `errnum`, in the chosen language when glibc has it
 * (its own catalogue, libc.mo) and the language's locale is UTF-8: with
 * strerror_l; else strerror's, in the process's locale. Thread-safe; copy
 * it before the next call. */
const char *ask_message_error(int errnum);

#pragma clang assume_nonnull end

#endif
