/* A terminal's own device: the number the kernel knows it by, and its node
 * in /dev. A descriptor opened from /dev/tty has /dev/tty's number (5,0:
 * one for every terminal) in fstat and "/dev/tty" in ttyname(3), so both
 * come from TIOCGDEV, which gives the real terminal's (e.g. /dev/pts/3). */
#include "device.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

dev_t ask_terminal_device_of(int fd, int *is_terminal) {
  struct stat st;
  *is_terminal = 0;
  if (fd < 0 || fstat(fd, &st) == -1 || !S_ISCHR(st.st_mode)) return 0;
  unsigned int encoded;
  /* The kernel's encoding (new_encode_dev): minor's low byte, major, then
   * minor's high bits. */
  if (ioctl(fd, TIOCGDEV, &encoded) == 0) {
    *is_terminal = 1; /* only a terminal answers TIOCGDEV */
    return makedev((encoded & 0xfff00u) >> 8, (encoded & 0xffu) | ((encoded >> 12) & 0xfff00u));
  }
  *is_terminal = isatty(fd);
  return st.st_rdev;
}

dev_t ask_terminal_device(int fd) {
  int is_terminal;
  return ask_terminal_device_of(fd, &is_terminal);
}

/* Opens `path` when it is the character device `device`; else -1. */
static int open_if_device(const char *path, dev_t device) {
  int fd = open(path, O_RDWR | O_NOCTTY | O_CLOEXEC | O_NONBLOCK);
  if (fd < 0) return -1;
  struct stat st;
  if (fstat(fd, &st) == 0 && S_ISCHR(st.st_mode) && st.st_rdev == device) return fd;
  close(fd);
  return -1;
}

/* Writes "/dev/pts/N" into `path` (room for 19 bytes: nine and at most ten
 * digits and the NUL). Not snprintf: a prompt ran printf's code and read
 * three of its tables for this path alone, two page faults at every start
 * (issue 27). */
static void pts_path(char *path, unsigned int number) {
  char digits[10];
  int count = 0;
  do {
    digits[count++] = (char)('0' + number % 10);
    number /= 10;
  } while (number != 0);
  memcpy(path, "/dev/pts/", 9);
  path += 9;
  while (count > 0) *path++ = digits[--count];
  *path = '\0';
}

int ask_terminal_device_open(int fd, dev_t device) {
  if (device == 0) device = ask_terminal_device(fd);
  if (device == 0) return -1;
  char path[64];
  /* A pseudo-terminal: /dev/pts/N, N from majors 136-143 (UNIX98). */
  unsigned int major_number = major(device), minor_number = minor(device);
  if (major_number >= 136 && major_number <= 143) {
    pts_path(path, (major_number - 136) * 256 + minor_number);
    int opened = open_if_device(path, device);
    if (opened >= 0) return opened;
  }
  /* Any other (a console, a serial line): its name in sysfs, as udev has it. */
  snprintf(path, sizeof path, "/sys/dev/char/%u:%u/uevent", major_number, minor_number);
  FILE *uevent = fopen(path, "re");
  if (uevent != NULL) {
    char line[128];
    int opened = -1;
    while (opened < 0 && fgets(line, sizeof line, uevent) != NULL) {
      if (strncmp(line, "DEVNAME=", 8) != 0 || strstr(line, "..") != NULL) continue;
      line[strcspn(line, "\n")] = '\0';
      char node[160];
      snprintf(node, sizeof node, "/dev/%s", line + 8);
      opened = open_if_device(node, device);
    }
    fclose(uevent);
    if (opened >= 0) return opened;
  }
  /* The name the descriptor was opened by, when it is the device itself. */
  char name[256];
  if (ttyname_r(fd, name, sizeof name) == 0 && strcmp(name, "/dev/tty") != 0) return open_if_device(name, device);
  return -1;
}

int ask_terminal_device_inherited(int fd, dev_t device) {
  if (device == 0) device = ask_terminal_device(fd);
  if (device == 0) return -1;
  for (int candidate = 0; candidate <= 2; candidate++) {
    struct stat st;
    int flags = fcntl(candidate, F_GETFL);
    /* Its own number, not TIOCGDEV's: one opened from /dev/tty would
     * lock /dev/tty, the node of every terminal. */
    if (flags != -1 && (flags & O_ACCMODE) == O_RDWR && fstat(candidate, &st) == 0 && S_ISCHR(st.st_mode) &&
        st.st_rdev == device)
      return candidate;
  }
  return -1;
}
