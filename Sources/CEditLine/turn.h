/* One prompt at a time per terminal (turn.c), across processes. */
#ifndef ASK_TURN_H
#define ASK_TURN_H

/* A process's part in the turns of one terminal. */
struct ask_turn {
  int fd;        /* the terminal's device node (device.c), or -1: no turns */
  int held;      /* this process has the turn (flock) */
  int line_open; /* it holds the line lock: its drawing is inside a line */
  int announced; /* waiting, it asked the holder to make room for its line */
};

/* Opens the device node of terminal `terminal_fd` for turns; without one
 * (not a terminal, or a node this user cannot open) every turn is given
 * at once. */
void ask_turn_open(struct ask_turn *turn, int terminal_fd);
void ask_turn_close(struct ask_turn *turn);

/* Takes the turn if no other process has it: 1 (also without a node), or 0. */
int ask_turn_try(struct ask_turn *turn);

/* Gives the turn back, with the line lock and any announcement. */
void ask_turn_give(struct ask_turn *turn);

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
