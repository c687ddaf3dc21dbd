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
static dev_t claimed[MAX_CLAIMS];
static int claims;

int ask_terminal_claim(int fd) {
  dev_t device = ask_terminal_device(fd);
  if (device == 0) return 0;
  int result = 0;
  pthread_mutex_lock(&lock);
  for (int i = 0; i < claims; i++)
    if (claimed[i] == device) result = -1;
  if (result == 0 && claims == MAX_CLAIMS) result = -1;
  if (result == 0) claimed[claims++] = device;
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
    claimed[i] = claimed[--claims];
    break;
  }
  pthread_mutex_unlock(&lock);
}
