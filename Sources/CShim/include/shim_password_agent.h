/* The systemd password agent protocol (PasswordAgent/): the watch on the
 * directory of questions (watch.c), the watch on one question while it is
 * asked (vigil.c), and the reply to its asker's socket (reply.c). Parsing
 * the question and deciding what to do is AskCLI's (Swift). */
#ifndef ASK_SHIM_PASSWORD_AGENT_H
#define ASK_SHIM_PASSWORD_AGENT_H

#include <stddef.h>
#include <sys/types.h>

#pragma clang assume_nonnull begin

/* ---- The directory of questions (watch.c) -------------------------------- */

/* What the events read from a directory watch said (a bit mask). */
enum {
  ASK_AGENT_ARRIVED = 1,  /* a file was closed after writing, or moved in */
  ASK_AGENT_WITHDRAWN = 2 /* the file named was deleted, or moved away */
};

/* Watches `directory` (inotify: IN_CLOSE_WRITE, IN_MOVED_TO, IN_DELETE,
 * IN_MOVED_FROM), non-blocking and close-on-exec. Returns the descriptor,
 * readable when events wait, or -1 with errno. */
int ask_agent_watch_open(const char *directory);

/* Reads every event waiting on watch `fd` without blocking. Returns a mask
 * of ASK_AGENT_*: ARRIVED when any file named `ask.*` arrived, WITHDRAWN
 * when the file named `name` (NULL: none) went; 0 when none of these. */
int ask_agent_watch_drain(int fd, const char *_Nullable name);

/* ---- One question while it is asked (vigil.c) ---------------------------- */

typedef struct ask_agent_vigil ask_agent_vigil_t;

/* Starts a thread (all signals blocked in it) that waits until the file
 * `name` goes from the directory watched by `watch_fd` (its question is
 * withdrawn: the asker was answered elsewhere, or gave up) or `pidfd`
 * (-1: none) is readable (the asker ended), then calls withdrawn(context)
 * once, from that thread, and ends. NULL with errno when it cannot start. */
ask_agent_vigil_t *_Nullable ask_agent_vigil_start(int watch_fd, const char *name, int pidfd,
                                                   void (*withdrawn)(void *_Nullable),
                                                   void *_Nullable context);

/* Ends the vigil's thread, waits for it and frees it. Returns a mask of
 * ASK_AGENT_*: WITHDRAWN when withdrawn() was called, ARRIVED when another
 * question arrived meanwhile (its events were read by the vigil). */
int ask_agent_vigil_stop(ask_agent_vigil_t *vigil);

/* ---- The asker and its socket (reply.c) ---------------------------------- */

/* A descriptor that is readable once process `pid` has ended (pidfd_open:
 * a PID reused later names another process, this one stays); -1 with
 * errno (ESRCH: it has already ended). */
int ask_agent_pidfd(pid_t pid);

/* 1 when the process of `pidfd` has ended, else 0. */
int ask_agent_pid_ended(int pidfd);

/* A datagram socket connected to the asker's socket at `path` (an
 * AF_UNIX path, shorter than 108 bytes), close-on-exec. -1 with errno:
 * ECONNREFUSED when nobody listens there any more (the asker died). */
int ask_agent_connect(const char *path);

/* Sends the answer on connected socket `fd`: one datagram, `+` followed by
 * the `length` bytes at `bytes` (the secret's own memory: gathered by
 * sendmsg, never copied). Returns 0, or -1 with errno (ECONNREFUSED: the
 * asker left). */
int ask_agent_send_answer(int fd, const unsigned char *_Nullable bytes, size_t length);

/* Sends the cancel, the datagram `-`, on connected socket `fd`. Returns 0,
 * or -1 with errno. */
int ask_agent_send_cancel(int fd);

#pragma clang assume_nonnull end

#endif
