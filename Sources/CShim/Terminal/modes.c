/* A terminal's modes set in one system call. Debian's glibc 2.36
 * tcsetattr(3) reads the modes before and after it sets them (three
 * ioctls where the kernel needs one); a prompt sets them at every hold
 * and every way out (BENCHMARKS.md, issue 27). On Linux the kernel's
 * struct termios (asm-generic: four flag words, the line discipline and
 * 19 control characters) is the start of glibc's, so the modes go in as
 * TCSETS, TCSETSW or TCSETSF themselves; elsewhere, tcsetattr. */
#include "modes.h"

#include <errno.h>
#include <string.h>
#include <sys/ioctl.h>

#if defined(__linux__) && (defined(__x86_64__) || defined(__aarch64__))

/* The kernel's struct termios (include/uapi/asm-generic/termbits.h). */
struct kernel_termios {
  tcflag_t c_iflag, c_oflag, c_cflag, c_lflag;
  cc_t c_line;
  cc_t c_cc[19];
};

int ask_set_modes(int fd, int when, const struct termios *modes) {
  unsigned long request;
  switch (when) {
  case TCSANOW: request = TCSETS; break;
  case TCSADRAIN: request = TCSETSW; break;
  case TCSAFLUSH: request = TCSETSF; break;
  default: errno = EINVAL; return -1;
  }
  struct kernel_termios k;
  memset(&k, 0, sizeof k);
  /* glibc keeps a bit of its own in c_iflag (IBAUD0, the sign bit): never
   * the kernel's. */
  k.c_iflag = modes->c_iflag & 0x7fffffffu;
  k.c_oflag = modes->c_oflag;
  k.c_cflag = modes->c_cflag;
  k.c_lflag = modes->c_lflag;
  k.c_line = modes->c_line;
  memcpy(k.c_cc, modes->c_cc, sizeof k.c_cc);
  return ioctl(fd, request, &k);
}

#else

int ask_set_modes(int fd, int when, const struct termios *modes) { return tcsetattr(fd, when, modes); }

#endif
