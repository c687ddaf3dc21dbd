/* A terminal's own device (device.c). */
#ifndef ASK_DEVICE_H
#define ASK_DEVICE_H

#include <sys/types.h>

/* The device number of terminal `fd` — the real terminal's, also for a
 * descriptor opened from /dev/tty (TIOCGDEV) — or 0 when `fd` is not a
 * character device. */
dev_t ask_terminal_device(int fd);

/* As ask_terminal_device, and *is_terminal 1 when `fd` is a terminal
 * (TIOCGDEV answered, or isatty), else 0. */
dev_t ask_terminal_device_of(int fd, int *is_terminal);

/* As ask_terminal_device_of, from the claim made on `fd` (claim.c: the
 * console holds `fd` open while it has the claim); 0 when `fd` has none. */
dev_t ask_terminal_claimed_device(int fd, int *is_terminal);

/* Opens the device node of terminal `fd` (read and write, not as the
 * controlling terminal, non-blocking, close-on-exec): /dev/pts/N for a
 * pseudo-terminal, else the node sysfs names, else the name `fd` was
 * opened by; each checked to be that device (`device`: its number, or 0
 * to look it up). Returns the descriptor, or
 * -1 when no node can be opened (the node belongs to another user: after
 * `su`, /dev/pts/N is its first user's, mode 620). */
int ask_terminal_device_open(int fd, dev_t device);

/* An inherited descriptor of the same terminal as `fd` — stdin, stdout or
 * stderr, opened for reading and writing, with that device's number —
 * for when its node cannot be opened; -1 when none is (`device` as
 * above). The descriptor is
 * the caller's (never closed), and other processes may share its open
 * file description. */
int ask_terminal_device_inherited(int fd, dev_t device);

#endif
