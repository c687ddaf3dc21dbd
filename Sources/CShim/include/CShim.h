/*
 * CShim — the C side of `ask`: what Swift cannot or must not do, one
 * folder and one header a job. Every exported name starts with ask_; all
 * else is static.
 *
 * - Terminal/, shim_session.h: the terminal session (ask_session_*):
 *   termios, signal handlers and the wait for input, as one value that
 *   gives back everything it borrowed; turns on a terminal shared with
 *   other prompts; writing whole buffers (ask_write_*) and reading lines.
 *   Everything that runs in a signal handler lives here.
 * - Process/, shim_process.h: the process as a whole — standard
 *   descriptors, signal dispositions at start, death by a signal,
 *   dumpability — and work in a child process.
 * - Text/, shim_text.h: display width, the one UTF-8 decoder, JSON
 *   string escaping.
 * - LineEditing/, shim_line_editing.h: libedit's el_set/el_get/history
 *   are variadic, which Swift cannot call: fixed-argument functions over
 *   one line-editing session (ask_line_*); the editrc filter; the key
 *   table and decoder.
 * - Secrets/, shim_secret.h: secure text entry — the masked-line editor
 *   and the secret's memory (ask_secret_*), never a Swift String.
 * - Catalogues/, shim_catalogues.h: ask's own words in the user's
 *   language, from catalogues checked before gettext reads them.
 * - PasswordAgent/, shim_password_agent.h: systemd's password agent
 *   protocol — the inotify watch on the questions, the asker's pidfd and
 *   socket, and the reply sent from the secret's own memory.
 */
#ifndef ASK_CSHIM_H
#define ASK_CSHIM_H

#include "shim_text.h"
#include "shim_session.h"
#include "shim_process.h"
#include "shim_line_editing.h"
#include "shim_secret.h"
#include "shim_catalogues.h"
#include "shim_password_agent.h"

#endif
