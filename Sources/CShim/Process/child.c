/* Work that may not end, run in a child process (fork) so that it can be
 * ended: a `--pattern` match (Swift's Regex backtracks, and a match
 * cannot be cancelled: a thread left to run would burn the host's CPU).
 * The parent waits for the child with ask_session_wait, so a terminating
 * signal or the deadline acts at once: the child is killed and reaped. */
#include "CShim.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

int ask_run_in_child(ask_session_t *session, int (*work)(void *), void *context, int64_t deadline_ms,
                     int *signo) {
  int done[2];
  if (pipe2(done, O_CLOEXEC) == -1) return ASK_CHILD_ERROR;
  pid_t child = fork();
  if (child == -1) {
    close(done[0]);
    close(done[1]);
    return ASK_CHILD_ERROR;
  }
  if (child == 0) {
    /* Only the work: the session's handlers would write to the parent's
     * self-pipe, so every signal takes its default action here. */
    struct sigaction fallback = {.sa_handler = SIG_DFL};
    for (int sig = 1; sig < NSIG; sig++) (void)sigaction(sig, &fallback, NULL);
    sigset_t none;
    sigemptyset(&none);
    (void)sigprocmask(SIG_SETMASK, &none, NULL);
    close(done[0]);
    _exit(work(context) ? 0 : 1); /* the pipe closes: the parent wakes */
  }
  close(done[1]);
  int result = ASK_CHILD_ERROR;
  for (;;) {
    int w = ask_session_wait(session, done[0], deadline_ms, signo);
    if (w == ASK_WAIT_READY) break;
    if (w == ASK_WAIT_RESUMED) continue; /* stopped and continued: the child went on */
    result = w == ASK_WAIT_SIGNAL ? ASK_CHILD_SIGNAL : w == ASK_WAIT_TIMEOUT ? ASK_CHILD_TIMEOUT : ASK_CHILD_ERROR;
    (void)kill(child, SIGKILL);
    break;
  }
  close(done[0]);
  int status = 0;
  while (waitpid(child, &status, 0) == -1 && errno == EINTR) {}
  if (result == ASK_CHILD_ERROR && WIFEXITED(status) && WEXITSTATUS(status) <= 1)
    result = WEXITSTATUS(status) == 0 ? ASK_CHILD_TRUE : ASK_CHILD_FALSE;
  return result;
}
