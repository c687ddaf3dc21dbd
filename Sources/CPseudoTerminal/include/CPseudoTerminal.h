// Test support: start a program with a pseudo-terminal as its controlling
// terminal, wait for it with a deadline, compare terminal modes.
// Linux/glibc, C99. All exported names start with askpty_.
#ifndef ASKPTY_CPSEUDOTERMINAL_H
#define ASKPTY_CPSEUDOTERMINAL_H

#include <sys/types.h>
#include <termios.h>

/// The child's stdin is the pty slave (which is also its controlling terminal).
#define ASKPTY_STDIN_TERMINAL 0
/// The child's stdin is a pipe; the pty is still its controlling terminal,
/// reachable only through /dev/tty.
#define ASKPTY_STDIN_PIPE 1
/// No pty at all: the child is in a new session without a controlling
/// terminal (opening /dev/tty fails with ENXIO); stdin is a pipe.
#define ASKPTY_NO_TERMINAL 2

/// A started child. Every fd here belongs to the caller, who must close it;
/// all of them are close-on-exec, and all but slave_fd are non-blocking.
typedef struct askpty_child {
  pid_t pid;
  /// Pty master: read the child's terminal output, write typed keys. -1 in
  /// ASKPTY_NO_TERMINAL.
  int master_fd;
  /// Pty slave, kept open so tcgetattr works even after the child exited (and
  /// so the master never reports EIO). Blocking. -1 in ASKPTY_NO_TERMINAL.
  int slave_fd;
  /// Write end of the child's stdin pipe (close it to send EOF); -1 in
  /// ASKPTY_STDIN_TERMINAL.
  int stdin_fd;
  /// Read ends of the child's stdout and stderr pipes (always pipes).
  int stdout_fd;
  int stderr_fd;
  /// Slave termios taken before the fork, i.e. before the child could change
  /// it. Zeroed in ASKPTY_NO_TERMINAL.
  struct termios termios_before;
} askpty_child_t;

/// Starts `path` (no PATH search) with a fresh pty as controlling terminal.
///   path: executable to execve.
///   argv: NULL-terminated argument vector, argv[0] included.
///   envp: NULL-terminated "NAME=value" list: the child's whole environment.
///   mode: ASKPTY_STDIN_TERMINAL, ASKPTY_STDIN_PIPE or ASKPTY_NO_TERMINAL.
///   rows, cols: window size set on the pty (ignored without a pty).
///   cwd: directory for the child, or NULL to inherit the caller's.
///   out: receives pid, fds (owned by the caller) and the termios snapshot.
/// The child gets an empty signal mask, every signal (except glibc's reserved
/// 32 and 33) at SIG_DFL, and only fds 0, 1 and 2 (1 and 2 always pipes).
/// Returns 0, or -1 with errno set: EINVAL for bad arguments, an error from
/// posix_openpt/pipe2/fork, or the child's errno if setsid, opening the
/// terminal, chdir or execve failed (then the child has already been reaped
/// and no fd is left open).
int askpty_spawn(const char *path, char *const argv[], char *const envp[],
                 int mode, unsigned short rows, unsigned short cols,
                 const char *cwd, askpty_child_t *out);

/// Polls waitpid(pid, WNOHANG) until the child terminates or timeout_ms
/// elapse (0: check once). Never blocks longer than the timeout.
/// Returns 0 and stores in *status the exit code, or 128+N if signal N killed
/// it; returns -1 with errno ETIMEDOUT if still running (the caller may kill
/// it), or waitpid's errno (ECHILD: not our child, or already reaped).
int askpty_wait(pid_t pid, int timeout_ms, int *status);

/// Returns 1 if the snapshots have equal c_iflag, c_oflag, c_cflag, c_lflag
/// and c_cc, else 0. Never fails.
int askpty_termios_equal(const struct termios *a, const struct termios *b);

/// write(2) that cannot raise SIGPIPE: SIGPIPE is blocked in the calling
/// thread for the call and a SIGPIPE it caused is consumed. Retries EINTR.
/// Returns the bytes written, or -1 with errno (EPIPE: reader gone; EAGAIN:
/// a non-blocking fd is full).
ssize_t askpty_write(int fd, const void *buf, size_t len);

#endif
