/* A terminal's modes set in one system call (modes.c). */
#ifndef ASK_MODES_H
#define ASK_MODES_H

#include <termios.h>

/* As tcsetattr(3): sets `modes` on terminal `fd` (`when`: TCSANOW,
 * TCSADRAIN or TCSAFLUSH). Returns 0, or -1 with errno (EINTR when a
 * signal came, as from the background; EINVAL for a bad `when`).
 * Async-signal-safe. */
int ask_set_modes(int fd, int when, const struct termios *modes);

#endif
