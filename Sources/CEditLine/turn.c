/* One prompt at a time per terminal (SPEC §6), across processes: an `ask`
 * holds the terminal only while it has the turn — an exclusive flock(2) on
 * the terminal's device node (not /dev/tty, one node for all terminals).
 * flock is per open file description, so the node is opened once per
 * session, and a process never waits on itself (one session a terminal).
 *
 * A waiter draws one line, "Waiting for another prompt on this terminal…",
 * and never inside the holder's answer line. Two open-file-description
 * record locks (fcntl F_OFD_*, apart from flock) on the node say where the
 * holder's drawing is:
 * - byte 0, the line lock: write-locked by the holder while its drawing is
 *   inside a line (a prompt drawn, an answer being typed); a waiter draws
 *   its line only while it can write-lock byte 0 itself;
 * - byte 1, room asked: read-locked by each waiter that found the holder
 *   inside its line; the holder, in its wait for a key, then ends its line,
 *   lets the waiters draw theirs, and draws its prompt again below (as
 *   after Ctrl-Z). */
#include "turn.h"

#include "device.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

enum { LINE_BYTE = 0, ROOM_BYTE = 1 };

void ask_turn_open(struct ask_turn *turn, int terminal_fd) {
  memset(turn, 0, sizeof *turn);
  turn->fd = terminal_fd >= 0 ? ask_terminal_device_open(terminal_fd) : -1;
}

void ask_turn_close(struct ask_turn *turn) {
  ask_turn_give(turn);
  if (turn->fd >= 0) close(turn->fd);
  turn->fd = -1;
}

/* Record lock command `command` (F_OFD_SETLK, F_OFD_SETLKW, F_OFD_GETLK)
 * for a lock of `type` on `byte`; with F_OFD_GETLK, *type becomes the
 * type of a lock in the way (F_UNLCK: none). 0 or -1. */
static int record_lock(int fd, int command, short *type, int byte) {
  struct flock lock;
  memset(&lock, 0, sizeof lock);
  lock.l_type = *type;
  lock.l_whence = SEEK_SET;
  lock.l_start = byte;
  lock.l_len = 1;
  int result = fcntl(fd, command, &lock);
  *type = lock.l_type;
  return result;
}

/* Sets (or, with F_UNLCK, removes) a lock of `type` on `byte`, waiting
 * for it when `wait`: 0 or -1. */
static int set_lock(int fd, short type, int byte, int wait) {
  return record_lock(fd, wait ? F_OFD_SETLKW : F_OFD_SETLK, &type, byte);
}

int ask_turn_try(struct ask_turn *turn) {
  if (turn->held || turn->fd < 0) return 1;
  while (flock(turn->fd, LOCK_EX | LOCK_NB) == -1) {
    if (errno != EINTR) return errno == EWOULDBLOCK ? 0 : 1; /* a node without locks: no turns */
  }
  turn->held = 1;
  ask_turn_announce(turn, 0);
  return 1;
}

void ask_turn_give(struct ask_turn *turn) {
  if (turn->fd < 0) return;
  ask_turn_line(turn, 0);
  ask_turn_announce(turn, 0);
  if (turn->held) (void)flock(turn->fd, LOCK_UN);
  turn->held = 0;
}

void ask_turn_line(struct ask_turn *turn, int open) {
  if (turn->fd < 0 || !turn->held || turn->line_open == open) return;
  /* Opening waits while a waiter writes its one line (a signal cuts the
   * wait short: the line is then drawn without the lock). */
  if (set_lock(turn->fd, open ? F_WRLCK : F_UNLCK, LINE_BYTE, open) == 0) turn->line_open = open;
}

int ask_turn_draw_if_free(struct ask_turn *turn, int fd, const char *text) {
  if (turn->fd < 0 || set_lock(turn->fd, F_WRLCK, LINE_BYTE, 0) == -1) return 0;
  size_t left = strlen(text);
  while (left > 0) {
    ssize_t n = write(fd, text, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text += n;
    left -= (size_t)n;
  }
  (void)set_lock(turn->fd, F_UNLCK, LINE_BYTE, 0);
  return 1;
}

void ask_turn_announce(struct ask_turn *turn, int on) {
  if (turn->fd < 0 || turn->announced == on) return;
  if (set_lock(turn->fd, on ? F_RDLCK : F_UNLCK, ROOM_BYTE, 0) == 0) turn->announced = on;
}

int ask_turn_room_asked(const struct ask_turn *turn) {
  if (turn->fd < 0 || !turn->held) return 0;
  short type = F_WRLCK; /* what a waiter's read lock is in the way of */
  return record_lock(turn->fd, F_OFD_GETLK, &type, ROOM_BYTE) == 0 && type != F_UNLCK;
}
