// Pseudo-terminal spawning for end-to-end tests. See CPseudoTerminal.h.
// posix_openpt(O_CLOEXEC) + pipe2(O_CLOEXEC) instead of openpty + fcntl: no fd
// is ever visible without close-on-exec to a concurrent fork in another
// thread (Swift Testing runs tests in parallel), and no libutil is needed.
#include "CPseudoTerminal.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

// Closes fd if it is open (>= 0) and marks it closed. Keeps errno.
static void close_fd(int *fd) {
  int saved = errno;
  if (*fd >= 0) close(*fd);
  *fd = -1;
  errno = saved;
}

// Adds O_NONBLOCK to fd. Returns 0, or -1 with fcntl's errno.
static int set_nonblocking(int fd) {
  int flags = fcntl(fd, F_GETFL);
  return flags < 0 ? -1 : fcntl(fd, F_SETFL, flags | O_NONBLOCK);
}

// Returns fd itself if it is above 2, else a close-on-exec duplicate above 2
// (so the dup2 calls onto 0, 1, 2 cannot overwrite one another's source), or
// -1 with errno. Async-signal-safe.
static int above_stdio(int fd) {
  return fd > 2 ? fd : fcntl(fd, F_DUPFD_CLOEXEC, 3);
}

// Runs in the forked child: only async-signal-safe calls. Becomes a session
// leader, takes the slave (by name) as controlling terminal, wires 0/1/2,
// resets signals, chdirs and execs. Never returns: on failure it writes errno
// to report_fd and exits with 127.
static void child_exec(const char *path, char *const argv[],
                       char *const envp[], int mode, const char *slave_name,
                       int stdin_read, int stdout_write, int stderr_write,
                       const char *cwd, int report_fd) {
  struct sigaction dfl;
  sigset_t none;
  int tty = -1, in, out, err, sig, e;

  if (setsid() < 0) goto fail;
  if (mode != ASKPTY_NO_TERMINAL) {
    // First terminal a session leader opens without O_NOCTTY becomes its
    // controlling terminal. CLOEXEC: in pipe mode no fd on it survives exec,
    // the controlling terminal does.
    tty = open(slave_name, O_RDWR | O_CLOEXEC);
    if (tty < 0) goto fail;
  }
  in = mode == ASKPTY_STDIN_TERMINAL ? tty : stdin_read;
  if ((in = above_stdio(in)) < 0 || (out = above_stdio(stdout_write)) < 0 ||
      (err = above_stdio(stderr_write)) < 0)
    goto fail;
  // dup2 clears close-on-exec on the new fds; every other fd of ours has it.
  if (dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(err, 2) < 0) goto fail;
#ifdef CLOSE_RANGE_CLOEXEC
  // Fds the test process inherited without close-on-exec (from its own
  // parent, or the test runner's sockets) must not reach the program either.
  // Best effort: kernels before 5.11 fail with EINVAL.
  close_range(3, ~0U, CLOSE_RANGE_CLOEXEC);
#endif

  // Signal state is inherited from the forking thread (Swift Testing workers
  // block some signals): give the program a clean one.
  memset(&dfl, 0, sizeof dfl);
  dfl.sa_handler = SIG_DFL;
  for (sig = 1; sig < NSIG; sig++) sigaction(sig, &dfl, NULL);  // EINVAL ok
  sigemptyset(&none);
  if (sigprocmask(SIG_SETMASK, &none, NULL) < 0) goto fail;

  if (cwd != NULL && chdir(cwd) < 0) goto fail;
  execve(path, argv, envp);
fail:
  e = errno;
  if (write(report_fd, &e, sizeof e) < 0) { /* nothing left to do */ }
  _exit(127);
}

int askpty_spawn(const char *path, char *const argv[], char *const envp[],
                 int mode, unsigned short rows, unsigned short cols,
                 const char *cwd, askpty_child_t *out) {
  int master = -1, slave = -1, in[2] = {-1, -1}, o[2] = {-1, -1},
      er[2] = {-1, -1}, report[2] = {-1, -1}, child_errno = 0, e;
  char slave_name[128] = "";
  sigset_t all, old;
  pid_t pid;
  ssize_t n;

  if (path == NULL || argv == NULL || envp == NULL || out == NULL ||
      mode < ASKPTY_STDIN_TERMINAL || mode > ASKPTY_NO_TERMINAL) {
    errno = EINVAL;
    return -1;
  }
  memset(out, 0, sizeof *out);

  if (mode != ASKPTY_NO_TERMINAL) {
    struct winsize size;
    memset(&size, 0, sizeof size);
    size.ws_row = rows;
    size.ws_col = cols;
    master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (master < 0 || grantpt(master) < 0 || unlockpt(master) < 0) goto fail;
    if ((e = ptsname_r(master, slave_name, sizeof slave_name)) != 0) {
      errno = e;
      goto fail;
    }
    slave = open(slave_name, O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (slave < 0 || ioctl(master, TIOCSWINSZ, &size) < 0 ||
        tcgetattr(slave, &out->termios_before) < 0 ||
        set_nonblocking(master) < 0)
      goto fail;
  }
  if ((mode != ASKPTY_STDIN_TERMINAL && pipe2(in, O_CLOEXEC) < 0) ||
      pipe2(o, O_CLOEXEC) < 0 || pipe2(er, O_CLOEXEC) < 0 ||
      pipe2(report, O_CLOEXEC) < 0)
    goto fail;
  if ((in[1] >= 0 && set_nonblocking(in[1]) < 0) ||
      set_nonblocking(o[0]) < 0 || set_nonblocking(er[0]) < 0)
    goto fail;

  // Block every signal across fork so no handler of this process runs in the
  // child before it has reset dispositions.
  sigfillset(&all);
  pthread_sigmask(SIG_SETMASK, &all, &old);
  pid = fork();
  if (pid == 0)
    child_exec(path, argv, envp, mode, slave_name, in[0], o[1], er[1], cwd,
               report[1]);
  e = errno;
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  errno = e;
  if (pid < 0) goto fail;

  close_fd(&in[0]);
  close_fd(&o[1]);
  close_fd(&er[1]);
  close_fd(&report[1]);
  // EOF: execve succeeded (close-on-exec closed the child's end). An int: the
  // child failed and is about to _exit, so the blocking waitpid is brief.
  do n = read(report[0], &child_errno, sizeof child_errno);
  while (n < 0 && errno == EINTR);
  close_fd(&report[0]);
  if (n == (ssize_t)sizeof child_errno) {
    while (waitpid(pid, NULL, 0) < 0 && errno == EINTR) {}
    errno = child_errno;
    goto fail;
  }

  out->pid = pid;
  out->master_fd = master;
  out->slave_fd = slave;
  out->stdin_fd = in[1];
  out->stdout_fd = o[0];
  out->stderr_fd = er[0];
  return 0;

fail:
  close_fd(&master);
  close_fd(&slave);
  close_fd(&in[0]);
  close_fd(&in[1]);
  close_fd(&o[0]);
  close_fd(&o[1]);
  close_fd(&er[0]);
  close_fd(&er[1]);
  close_fd(&report[0]);
  close_fd(&report[1]);
  return -1;
}

// Milliseconds on the monotonic clock.
static long long now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

int askpty_wait(pid_t pid, int timeout_ms, int *status) {
  const struct timespec nap = {0, 1000000};  // 1 ms
  long long deadline = now_ms() + (timeout_ms > 0 ? timeout_ms : 0);
  int raw;

  for (;;) {
    pid_t r = waitpid(pid, &raw, WNOHANG);
    if (r == pid) {
      // Without WUNTRACED/WCONTINUED only terminations are reported.
      *status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
      return 0;
    }
    if (r < 0 && errno != EINTR) return -1;
    if (now_ms() >= deadline) {
      errno = ETIMEDOUT;
      return -1;
    }
    nanosleep(&nap, NULL);
  }
}

int askpty_termios_equal(const struct termios *a, const struct termios *b) {
  return a->c_iflag == b->c_iflag && a->c_oflag == b->c_oflag &&
         a->c_cflag == b->c_cflag && a->c_lflag == b->c_lflag &&
         memcmp(a->c_cc, b->c_cc, sizeof a->c_cc) == 0;
}

ssize_t askpty_write(int fd, const void *buf, size_t len) {
  const struct timespec zero = {0, 0};
  sigset_t pipe_set, old, pending;
  ssize_t n;
  int was_pending, e;

  sigemptyset(&pipe_set);
  sigaddset(&pipe_set, SIGPIPE);
  pthread_sigmask(SIG_BLOCK, &pipe_set, &old);
  sigpending(&pending);
  was_pending = sigismember(&pending, SIGPIPE);
  do n = write(fd, buf, len);
  while (n < 0 && errno == EINTR);
  e = errno;
  // Consume the SIGPIPE this write raised (not one that was already there).
  if (n < 0 && e == EPIPE && !was_pending)
    while (sigtimedwait(&pipe_set, NULL, &zero) < 0 && errno == EINTR) {}
  pthread_sigmask(SIG_SETMASK, &old, NULL);
  errno = e;
  return n;
}
