/* Which terminals the consoles of this process have: one console a
 * terminal, known by its real device number (TIOCGDEV: a terminal opened
 * twice, as /dev/tty and by its /dev/pts name, is one). A second console on a terminal would
 * save the first one's held modes as "the terminal's own" and put them
 * back at its end. */
#include "CShim.h"

#include "device.h"

#include <errno.h>
#include <pthread.h>

enum { MAX_CLAIMS = 64 };

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
/* Each claim: the terminal's device, the descriptor it was claimed by,
 * and whether that is a terminal (ask_terminal_device_of). */
static dev_t claimed[MAX_CLAIMS];
static int claimed_fd[MAX_CLAIMS], claimed_terminal[MAX_CLAIMS];
static int claims;

int ask_terminal_claim(int fd) {
  int is_terminal;
  dev_t device = ask_terminal_device_of(fd, &is_terminal);
  if (device == 0) return 0;
  int result = 0;
  pthread_mutex_lock(&lock);
  for (int i = 0; i < claims; i++)
    if (claimed[i] == device) result = -1;
  if (result == 0 && claims == MAX_CLAIMS) result = -1;
  if (result == 0) {
    claimed[claims] = device;
    claimed_fd[claims] = fd;
    claimed_terminal[claims++] = is_terminal;
  }
  pthread_mutex_unlock(&lock);
  if (result != 0) errno = EBUSY;
  return result;
}

void ask_terminal_unclaim(int fd) {
  dev_t device = ask_terminal_device(fd);
  if (device == 0) return;
  pthread_mutex_lock(&lock);
  for (int i = 0; i < claims; i++) {
    if (claimed[i] != device) continue;
    --claims;
    claimed[i] = claimed[claims];
    claimed_fd[i] = claimed_fd[claims];
    claimed_terminal[i] = claimed_terminal[claims];
    break;
  }
  pthread_mutex_unlock(&lock);
}

dev_t ask_terminal_claimed_device(int fd, int *is_terminal) {
  dev_t device = 0;
  pthread_mutex_lock(&lock);
  for (int i = 0; i < claims && fd >= 0; i++) {
    if (claimed_fd[i] != fd) continue;
    device = claimed[i];
    *is_terminal = claimed_terminal[i];
    break;
  }
  pthread_mutex_unlock(&lock);
  return device;
}
