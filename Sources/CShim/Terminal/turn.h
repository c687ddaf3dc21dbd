/* One prompt at a time per terminal (turn.c), across processes. */
#ifndef ASK_TURN_H
#define ASK_TURN_H

#include <stdint.h>
#include <sys/types.h>

/* A process's part in the turns of one terminal. */
struct ask_turn {
  int fd;        /* the terminal's device node (device.c), or -1: no turns */
  int shared;    /* `fd` is an inherited descriptor other processes may share
                    (the node could not be opened): process-owned record
                    locks stand beside the flock */
  int held;      /* this process has the turn (flock) */
  int line_open; /* it holds the line lock: its drawing is inside a line */
  int announced; /* waiting, it asked the holder to make room for its line */
  int reserved;  /* stopped mid-prompt, it has first claim on the turn */
  int64_t grace_until; /* a claimant seen stopped in the foreground: yielded
                          to until then (ms), 0: none seen */
};

/* Opens the device node of terminal `terminal_fd` for turns; without one
 * (not a terminal, or a node this user cannot open) an inherited
 * descriptor of the same terminal serves (stdin, stdout, stderr), and
 * without that every turn is given at once. `device`: the terminal's
 * number (ask_terminal_device), or 0 to look it up. */
void ask_turn_open(struct ask_turn *turn, int terminal_fd, dev_t device);
void ask_turn_close(struct ask_turn *turn);

/* Takes the turn if no other process has it, nor has first claim on it:
 * 1 (also without a node), or 0. */
int ask_turn_try(struct ask_turn *turn);

/* Whether input pending on terminal `fd` may be discarded (a process on
 * its way out, or a session ending without the terminal held): 1 when
 * this takes the turn (the caller gives it back) or when the terminal is
 * in canonical mode — no prompt reads it key by key now, whoever has the
 * turn (a holder stopped from outside by SIGSTOP keeps it while its shell
 * has the terminal); 0 when another prompt has the turn and reads the
 * terminal: what is pending was typed for it. */
int ask_turn_may_discard(struct ask_turn *turn, int fd);

/* Gives the turn back, with the line lock and any announcement. */
void ask_turn_give(struct ask_turn *turn);

/* The holder, about to stop mid-prompt, claims the turn back first: until
 * it takes the turn again (or its session ends), a prompt waiting on the
 * terminal lets it go first while its job is the terminal's foreground
 * job and runs (`fg`). */
void ask_turn_reserve(struct ask_turn *turn);

/* The holder's drawing is inside a line (`open`) or at the left margin. */
void ask_turn_line(struct ask_turn *turn, int open);

/* A waiter: when no holder is inside a line, writes `text` (a whole line,
 * ending in LF) on `fd` under the line lock and returns 1; else 0. */
int ask_turn_draw_if_free(struct ask_turn *turn, int fd, const char *text);

/* A waiter asks the holder to end its line (`on`), or withdraws. */
void ask_turn_announce(struct ask_turn *turn, int on);

/* The holder: 1 when a waiter has asked for room for its line. */
int ask_turn_room_asked(const struct ask_turn *turn);

#endif
