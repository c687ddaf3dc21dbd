/* One prompt at a time per terminal (SPEC §6), across processes: an `ask`
 * holds the terminal only while it has the turn — an exclusive flock(2) on
 * the terminal's device node (not /dev/tty, one node for all terminals).
 * flock is per open file description, so the node is opened once per
 * session, and a process never waits on itself (one session a terminal).
 *
 * A waiter draws one line, "Waiting for another prompt on this terminal…",
 * and never inside the holder's answer line. Record locks (fcntl, apart
 * from flock) on the node say where the holder's drawing is:
 * - byte 0, the line lock: write-locked by the holder while its drawing is
 *   inside a line (a prompt drawn, an answer being typed); a waiter draws
 *   its line only while it can write-lock byte 0 itself;
 * - byte 1, room asked: read-locked by each waiter that found the holder
 *   inside its line; the holder, in its wait for a key, then ends its line,
 *   lets the waiters draw theirs, and draws its prompt again below (as
 *   after Ctrl-Z);
 * - byte CLAIM_BASE + pid, a claim: write-locked by a holder that stops
 *   mid-prompt (Ctrl-Z) and so gives the turn back. Its whole job stops
 *   and, at `fg`, continues — a waiter of the same job too, which would
 *   otherwise win the turn as often as not and get the keys typed for the
 *   stopped prompt. A waiter without a claim of its own lets a claimant
 *   whose job is the terminal's foreground job go first, for up to
 *   CLAIM_GRACE_MS (a claimant that was stopped alone, `kill -TSTP`, may
 *   never come).
 *
 * Where the node cannot be opened (after `su`, it is the first user's), an
 * inherited descriptor of the terminal (stdin, stdout or stderr) serves:
 * its flock still keeps out every process with a description of its own,
 * but the processes that inherited the same description (`xargs -P4`) share
 * that flock, so they also take byte 2 with process-owned record locks
 * (F_SETLK), which conflict between processes; the other record locks are
 * then process-owned too. Open-file-description locks (F_OFD_*) and
 * process-owned ones on the same bytes conflict with each other. */
#include "turn.h"

#include "device.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/file.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

enum {
  LINE_BYTE = 0,
  ROOM_BYTE = 1,
  SHARED_TURN_BYTE = 2,
  CLAIM_BASE = 1 << 16,
  CLAIM_SPAN = 1 << 22, /* PID_MAX_LIMIT: every pid has its byte */
  CLAIM_GRACE_MS = 1000,
};

void ask_turn_open(struct ask_turn *turn, int terminal_fd, dev_t device) {
  memset(turn, 0, sizeof *turn);
  turn->fd = -1;
  if (terminal_fd < 0) return;
  turn->fd = ask_terminal_device_open(terminal_fd, device);
  if (turn->fd >= 0) return;
  turn->fd = ask_terminal_device_inherited(terminal_fd, device);
  turn->shared = turn->fd >= 0;
}

/* Record lock command `command` (F_OFD_SETLK, F_OFD_SETLKW, F_OFD_GETLK;
 * their process-owned forms on a shared descriptor) for `lock`. */
static int record_lock(const struct ask_turn *turn, int command, struct flock *lock) {
  if (turn->shared) command = command == F_OFD_SETLK ? F_SETLK : command == F_OFD_SETLKW ? F_SETLKW : F_GETLK;
  lock->l_whence = SEEK_SET;
  lock->l_pid = 0;
  return fcntl(turn->fd, command, lock);
}

/* Sets (or, with F_UNLCK, removes) a lock of `type` on `byte`, waiting
 * for it when `wait`: 0 or -1. */
static int set_lock(const struct ask_turn *turn, short type, off_t byte, int wait) {
  struct flock lock = {.l_type = type, .l_start = byte, .l_len = 1};
  return record_lock(turn, wait ? F_OFD_SETLKW : F_OFD_SETLK, &lock);
}

void ask_turn_close(struct ask_turn *turn) {
  ask_turn_give(turn);
  if (turn->reserved) (void)set_lock(turn, F_UNLCK, CLAIM_BASE + getpid(), 0);
  /* A shared descriptor is the caller's: only its locks go (above, and in
   * ask_turn_give); closing it would end the caller's stdin. */
  if (turn->fd >= 0 && !turn->shared) close(turn->fd);
  turn->fd = -1;
}

static int64_t now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* 1 when process `pid` is in its terminal's foreground process group, as
 * /proc/PID/stat says (pgrp, the 5th field, equals tpgid, the 8th), or
 * when that cannot be read (hidden by hidepid). */
static int in_foreground(pid_t pid) {
  char path[32], text[1024];
  snprintf(path, sizeof path, "/proc/%d/stat", (int)pid);
  int fd = open(path, O_RDONLY | O_CLOEXEC);
  if (fd < 0) return errno != ENOENT;
  ssize_t n = read(fd, text, sizeof text - 1);
  close(fd);
  if (n <= 0) return 1;
  text[n] = '\0';
  const char *rest = strrchr(text, ')'); /* the name may hold spaces and ')' */
  int pgrp, tpgid;
  if (rest == NULL || sscanf(rest + 1, " %*c %*d %d %*d %*d %d", &pgrp, &tpgid) != 2) return 1;
  return tpgid > 0 && pgrp == tpgid;
}

/* 1 while this waiter lets a claimant go first (see above). */
static int yields_to_claimant(struct ask_turn *turn) {
  if (turn->reserved) return 0; /* claimants take turns as any waiters do */
  int foreground = 0;
  off_t start = CLAIM_BASE;
  /* A look finds one claim in the range; there is seldom more than one. */
  for (int looks = 0; looks < 16 && !foreground && start < CLAIM_BASE + CLAIM_SPAN; looks++) {
    struct flock lock = {.l_type = F_WRLCK, .l_start = start, .l_len = CLAIM_BASE + CLAIM_SPAN - start};
    if (record_lock(turn, F_OFD_GETLK, &lock) == -1 || lock.l_type == F_UNLCK) break;
    foreground = in_foreground((pid_t)(lock.l_start - CLAIM_BASE));
    start = lock.l_start + 1;
  }
  if (!foreground) {
    turn->grace_until = 0;
    return 0;
  }
  int64_t now = now_ms();
  if (turn->grace_until == 0) turn->grace_until = now + CLAIM_GRACE_MS;
  return now < turn->grace_until;
}

int ask_turn_try(struct ask_turn *turn) {
  if (turn->held || turn->fd < 0) return 1;
  if (yields_to_claimant(turn)) return 0;
  if (turn->shared && set_lock(turn, F_WRLCK, SHARED_TURN_BYTE, 0) == -1)
    return errno == EAGAIN || errno == EACCES ? 0 : 1; /* a node without locks: no turns */
  while (flock(turn->fd, LOCK_EX | LOCK_NB) == -1) {
    if (errno == EINTR) continue;
    int taken = errno == EWOULDBLOCK;
    if (turn->shared) (void)set_lock(turn, F_UNLCK, SHARED_TURN_BYTE, 0);
    return taken ? 0 : 1;
  }
  turn->held = 1;
  turn->grace_until = 0;
  ask_turn_announce(turn, 0);
  if (turn->reserved && set_lock(turn, F_UNLCK, CLAIM_BASE + getpid(), 0) == 0) turn->reserved = 0;
  return 1;
}

int ask_turn_may_discard(struct ask_turn *turn, int fd) {
  if (ask_turn_try(turn)) return 1;
  struct termios modes;
  return tcgetattr(fd, &modes) == 0 && (modes.c_lflag & ICANON);
}

void ask_turn_give(struct ask_turn *turn) {
  if (turn->fd < 0) return;
  ask_turn_line(turn, 0);
  ask_turn_announce(turn, 0);
  if (turn->held) {
    (void)flock(turn->fd, LOCK_UN);
    if (turn->shared) (void)set_lock(turn, F_UNLCK, SHARED_TURN_BYTE, 0);
  }
  turn->held = 0;
}

void ask_turn_reserve(struct ask_turn *turn) {
  if (turn->fd < 0 || !turn->held || turn->reserved) return;
  if (set_lock(turn, F_WRLCK, CLAIM_BASE + getpid(), 0) == 0) turn->reserved = 1;
}

void ask_turn_line(struct ask_turn *turn, int open) {
  if (turn->fd < 0 || !turn->held || turn->line_open == open) return;
  /* Opening waits while a waiter writes its one line (a signal cuts the
   * wait short: the line is then drawn without the lock). */
  if (set_lock(turn, open ? F_WRLCK : F_UNLCK, LINE_BYTE, open) == 0) turn->line_open = open;
}

int ask_turn_draw_if_free(struct ask_turn *turn, int fd, const char *text) {
  if (turn->fd < 0 || set_lock(turn, F_WRLCK, LINE_BYTE, 0) == -1) return 0;
  size_t left = strlen(text);
  while (left > 0) {
    ssize_t n = write(fd, text, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    text += n;
    left -= (size_t)n;
  }
  (void)set_lock(turn, F_UNLCK, LINE_BYTE, 0);
  return 1;
}

void ask_turn_announce(struct ask_turn *turn, int on) {
  if (turn->fd < 0 || turn->announced == on) return;
  if (set_lock(turn, on ? F_RDLCK : F_UNLCK, ROOM_BYTE, 0) == 0) turn->announced = on;
}

int ask_turn_room_asked(const struct ask_turn *turn) {
  if (turn->fd < 0 || !turn->held) return 0;
  /* What a waiter's read lock is in the way of. */
  struct flock lock = {.l_type = F_WRLCK, .l_start = ROOM_BYTE, .l_len = 1};
  return record_lock(turn, F_OFD_GETLK, &lock) == 0 && lock.l_type != F_UNLCK;
}
