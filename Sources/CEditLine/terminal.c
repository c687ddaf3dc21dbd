/* The answer terminal's modes: saved once, held non-canonical while `ask`
 * runs, restored (TCSAFLUSH) on every way out. And the locale. */
#include "CEditLine.h"

#include <errno.h>
#include <fcntl.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>

static int tty_fd = -1;          /* the held terminal, or -1 */
static struct termios saved;     /* its modes when `ask` started */
static struct termios held;      /* the hold mode: no ICANON, no ECHO */
static volatile sig_atomic_t is_held = 0;
static int typeahead = 0;        /* bytes pending when the hold began */

int ask_locale_init(void) {
  if (setlocale(LC_CTYPE, "") != NULL && strcmp(nl_langinfo(CODESET), "UTF-8") == 0)
    return 0;
  if (setlocale(LC_CTYPE, "C.UTF-8") != NULL) return 0;
  return -1;
}

void ask_tty_discard_pending(void) {
  if (is_held) return; /* ask_tty_restore flushes a held terminal */
  int fd = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return;
  if (tcgetpgrp(fd) == getpgrp()) (void)tcflush(fd, TCIFLUSH);
  close(fd);
}

static void discard_at_exit(void) { ask_tty_discard_pending(); }

int ask_reserve_standard_fds(void) {
  static int closed = -1;
  if (closed != -1) return closed;
  atexit(discard_at_exit);
  closed = 0;
  for (int fd = 0; fd <= 2; fd++) {
    if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    closed |= 1 << fd;
    int null = open("/dev/null", O_RDWR);
    if (null != -1 && null != fd) { /* cannot happen: fd is the lowest free */
      dup2(null, fd);
      close(null);
    }
  }
  return closed;
}

static void restore_at_exit(void) { ask_tty_restore(); }

static void register_restore(void) {
  static int registered = 0;
  if (!registered) atexit(restore_at_exit);
  registered = 1;
}

int ask_tty_hide_echo(int fd) {
  if (is_held) return 0;
  if (tcgetattr(fd, &saved) == -1) return -1;
  held = saved;
  held.c_lflag &= ~(tcflag_t)(ECHO | ECHONL);
  if (tcsetattr(fd, TCSANOW, &held) == -1) return -1;
  typeahead = 0;
  tty_fd = fd;
  is_held = 1;
  register_restore();
  return 0;
}

int ask_tty_begin(int fd) {
  if (tcgetattr(fd, &saved) == -1) return -1;
  held = saved;
  held.c_lflag &= ~(tcflag_t)(ICANON | ECHO | ECHONL | IEXTEN);
  held.c_lflag |= ISIG;
  held.c_iflag &= ~(tcflag_t)(ICRNL | INLCR | IGNCR); /* bytes as typed */
  held.c_cc[VMIN] = 1;
  held.c_cc[VTIME] = 0;
  if (tcsetattr(fd, TCSANOW, &held) == -1) return -1;
  /* A Ctrl-D typed in canonical mode is queued as a NUL that ends a line;
   * counted here so ask_tty_typeahead can give it back as end of input. */
  if (ioctl(fd, FIONREAD, &typeahead) == -1) typeahead = 0;
  tty_fd = fd;
  is_held = 1;
  register_restore();
  return 0;
}

unsigned char ask_tty_typeahead(unsigned char byte) {
  if (typeahead <= 0) return byte;
  typeahead--;
  return byte == '\0' ? saved.c_cc[VEOF] : byte;
}

void ask_tty_discard_input(void) {
  if (tty_fd < 0) return;
  (void)tcflush(tty_fd, TCIFLUSH);
  typeahead = 0;
}

/* Puts the saved modes back (`when`: TCSANOW or TCSAFLUSH), retrying on
 * EINTR, with SIGTTOU ignored meanwhile: tcsetattr from a background
 * process group raises it. Async-signal-safe. */
static void put_back_saved(int when) {
  struct sigaction ignore, old;
  memset(&ignore, 0, sizeof ignore);
  ignore.sa_handler = SIG_IGN;
  sigemptyset(&ignore.sa_mask);
  sigaction(SIGTTOU, &ignore, &old);
  while (tcsetattr(tty_fd, when, &saved) == -1 && errno == EINTR) {
  }
  sigaction(SIGTTOU, &old, NULL);
}

void ask_tty_suspend(void) {
  if (is_held) put_back_saved(TCSANOW);
}

void ask_tty_hold(void) {
  if (tty_fd >= 0 && is_held) (void)tcsetattr(tty_fd, TCSANOW, &held);
}

void ask_tty_restore(void) {
  if (!is_held) return;
  is_held = 0;
  put_back_saved(TCSAFLUSH);
}
