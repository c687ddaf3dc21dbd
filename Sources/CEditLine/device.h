/* A terminal's own device (device.c). */
#ifndef ASK_DEVICE_H
#define ASK_DEVICE_H

#include <sys/types.h>

/* The device number of terminal `fd` — the real terminal's, also for a
 * descriptor opened from /dev/tty (TIOCGDEV) — or 0 when `fd` is not a
 * character device. */
dev_t ask_terminal_device(int fd);

/* Opens the device node of terminal `fd` (read and write, not as the
 * controlling terminal, non-blocking, close-on-exec): /dev/pts/N for a
 * pseudo-terminal, else the node sysfs names, else the name `fd` was
 * opened by; each checked to be that device. Returns the descriptor, or
 * -1 when no node can be opened (the node belongs to another user: after
 * `su`, /dev/pts/N is its first user's, mode 620). */
int ask_terminal_device_open(int fd);

#endif
