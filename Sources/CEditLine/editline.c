/* Fixed-argument wrappers over libedit for one line-editing session.
 * libedit reads through read_char (EL_GETCFN), which waits with
 * ask_session_wait, so a signal or a deadline ends el_gets without
 * libedit's EL_SIGNAL (which re-raises to the whole process group).
 * Every call into libedit runs under the session's own UTF-8 LC_CTYPE
 * (uselocale), so the process's locale is left as the host set it. */
#include "CEditLine.h"

#include <histedit.h>

#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <wchar.h>

struct ask_line {
  ask_session_t *session;   /* the terminal session: waits, holds */
  locale_t locale;          /* a UTF-8 LC_CTYPE for libedit */
  EditLine *el;
  History *history;
  FILE *in, *out, *err;     /* libedit's streams (dups of the fds) */
  int infd;                 /* the terminal read by read_char */
  char *prompt;             /* drawn by prompt_of; owned */
  char *pending;            /* what was typed when a read was suspended */
  int64_t deadline_ms;      /* for read_char; negative = none */
  int status;               /* ASK_READ_* set by read_char on -1 */
  int signo;                /* the signal when status is ASK_READ_SIGNAL */
  int after_cr;             /* the last byte read was CR: drop an LF next */
  ask_complete_fn complete; /* Tab; may be NULL */
  void *context;            /* passed to complete */
};

static struct ask_line *session_of(EditLine *el) {
  void *data = NULL;
  el_get(el, EL_CLIENTDATA, &data);
  return data;
}

static char *prompt_of(EditLine *el) { return session_of(el)->prompt; }

/* libedit's character reader: one Unicode scalar from the terminal, decoded
 * from UTF-8 here (whatever the locale). Returns 1 with *wc set, 0 at end
 * of input (EOF or hang-up), -1 on a signal, deadline or error. */
static int read_char(EditLine *el, wchar_t *wc) {
  struct ask_line *s = session_of(el);
  unsigned char bytes[4];
  int have = 0, need = 0;
  for (;;) {
    int w = ask_session_wait(s->session, s->infd, s->deadline_ms, &s->signo);
    if (w != ASK_WAIT_READY) {
      s->status = w == ASK_WAIT_SIGNAL ? ASK_READ_SIGNAL
                : w == ASK_WAIT_TIMEOUT ? ASK_READ_TIMEOUT
                : w == ASK_WAIT_RESUMED ? ASK_READ_RESUMED : ASK_READ_ERROR;
      if (w != ASK_WAIT_ERROR) errno = EINTR;
      /* A terminating signal ends the session: libedit must not set its
       * modes on the way out of el_gets (from the background — `kill %1`
       * on a stopped ask — that would stop the process again, or clobber
       * the shell's terminal). With editing off it leaves the terminal. */
      if (w == ASK_WAIT_SIGNAL) el_set(el, EL_EDITMODE, 0);
      return -1;
    }
    if (ask_session_take_resize(s->session)) el_resize(el);
    unsigned char c;
    ssize_t r = read(s->infd, &c, 1);
    if (r == -1 && (errno == EINTR || errno == EAGAIN)) continue;
    if (r == 0 || (r == -1 && errno == EIO)) { /* the held terminal is gone */
      s->status = ASK_READ_HANGUP;
      return 0;
    }
    if (r == -1) {
      s->status = ASK_READ_ERROR;
      return -1;
    }
    c = ask_session_typeahead(s->session, c);
    /* CR LF is one Enter: a terminal (or a paste) sending both must not
     * leave an empty answer for the next read. */
    int was_cr = s->after_cr;
    s->after_cr = c == '\r';
    if (c == '\n' && was_cr) continue;
    if (have > 0 && (c & 0xc0) != 0x80) have = 0; /* broken sequence: drop */
    if (have == 0) {
      need = (int)ask_utf8_length(c);
      if (need == 0) continue;
    }
    bytes[have++] = c;
    if (have < need) continue;
    have = 0;
    uint32_t cp;
    if (ask_utf8_sequence(bytes, (size_t)need, &cp) == 0) continue; /* overlong or surrogate: drop */
    *wc = (wchar_t)cp;
    return 1;
  }
}

/* Tab: asks the Swift side for the completion of the text before the
 * cursor and puts it in place of that text. */
/* A key that does nothing (the bracketed-paste markers: the pasted text
 * between them is inserted as typed). */
static unsigned char ignore_key(EditLine *el, int ch) {
  (void)el;
  (void)ch;
  return CC_NORM;
}

/* Keys terminals send that libedit's terminfo-driven bindings miss (PuTTY,
 * tmux and rxvt Home/End, modified arrows, Delete with TERM=vt100 or
 * dumb, bracketed paste), bound whatever TERM says: none becomes text. */
static const struct { const wchar_t *keys, *action; } extra_keys[] = {
  {L"\033[1~", L"ed-move-to-beg"}, {L"\033[7~", L"ed-move-to-beg"}, {L"\033[H", L"ed-move-to-beg"},
  {L"\033OH", L"ed-move-to-beg"},  {L"\033[4~", L"ed-move-to-end"}, {L"\033[8~", L"ed-move-to-end"},
  {L"\033[F", L"ed-move-to-end"},  {L"\033OF", L"ed-move-to-end"},  {L"\033[3~", L"ed-delete-next-char"},
  {L"\033[1;5C", L"em-next-word"}, {L"\033[1;3C", L"em-next-word"}, {L"\033[1;5D", L"ed-prev-word"},
  {L"\033[1;3D", L"ed-prev-word"}, {L"\033[200~", L"ask-ignore"},   {L"\033[201~", L"ask-ignore"},
  {L"\033[2~", L"ask-ignore"},     {L"\033[5~", L"ask-ignore"},     {L"\033[6~", L"ask-ignore"},
};

static unsigned char complete_title(EditLine *el, int ch) {
  (void)ch;
  struct ask_line *s = session_of(el);
  if (s->complete == NULL) return CC_REFRESH_BEEP;
  const LineInfo *li = el_line(el);
  size_t n = (size_t)(li->cursor - li->buffer);
  char *text = malloc(n + 1);
  if (text == NULL) return CC_ERROR;
  memcpy(text, li->buffer, n);
  text[n] = '\0';
  int beep = 0;
  char *replacement = s->complete(s->context, text, &beep);
  if (replacement != NULL) {
    int characters = 0;
    for (size_t i = 0; i < n; i++)
      if (((unsigned char)text[i] & 0xc0) != 0x80) characters++;
    el_deletestr(el, characters);
    el_insertstr(el, replacement);
    free(replacement);
  }
  free(text);
  return beep == 2 ? CC_REDISPLAY : beep ? CC_REFRESH_BEEP : CC_REFRESH;
}

/* A UTF-8 LC_CTYPE for libedit, the other categories as the process has
 * them: the user's when its codeset is UTF-8, else C.UTF-8 (libedit drops
 * non-ASCII bytes, and crashes on a non-ASCII prompt, without one). */
static locale_t utf8_locale(void) {
  locale_t base = duplocale(LC_GLOBAL_LOCALE);
  if (base == (locale_t)0) return (locale_t)0;
  locale_t user = newlocale(LC_CTYPE_MASK, "", base);
  if (user != (locale_t)0) {
    if (strcmp(nl_langinfo_l(CODESET, user), "UTF-8") == 0) return user;
    base = user;
  }
  locale_t fallback = newlocale(LC_CTYPE_MASK, "C.UTF-8", base);
  if (fallback == (locale_t)0) freelocale(base);
  return fallback;
}

ask_line_t *ask_line_open(ask_session_t *session, const char *program, int infd, int outfd,
                          ask_complete_fn complete, void *context) {
  struct ask_line *s = calloc(1, sizeof *s);
  if (s == NULL) return NULL;
  s->session = session;
  s->locale = utf8_locale();
  locale_t outer = s->locale != (locale_t)0 ? uselocale(s->locale) : (locale_t)0;
  s->infd = infd;
  s->complete = complete;
  s->context = context;
  s->deadline_ms = -1;
  s->prompt = strdup("");
  int in = dup(infd), out = dup(outfd);
  s->in = in >= 0 ? fdopen(in, "r") : NULL;
  s->out = out >= 0 ? fdopen(out, "w") : NULL;
  s->err = fopen("/dev/null", "w");
  if (s->prompt == NULL || s->in == NULL || s->out == NULL || s->err == NULL) goto fail;
  s->el = el_init_fd(program, s->in, s->out, s->err, infd, outfd, fileno(s->err));
  s->history = history_init();
  if (s->el == NULL || s->history == NULL) goto fail;
  HistEvent event;
  history(s->history, &event, H_SETSIZE, 100);
  el_set(s->el, EL_CLIENTDATA, (void *)s);
  el_set(s->el, EL_PROMPT_ESC, prompt_of, '\1'); /* \1 wraps invisible bytes */
  el_set(s->el, EL_GETCFN, read_char);
  el_set(s->el, EL_HIST, history, s->history);
  el_set(s->el, EL_EDITOR, "emacs");
  el_set(s->el, EL_ADDFN, "ask-ignore", "Ignore a key", ignore_key);
  for (size_t i = 0; i < sizeof extra_keys / sizeof *extra_keys; i++)
    el_wset(s->el, EL_BIND, extra_keys[i].keys, extra_keys[i].action, (const wchar_t *)NULL); /* wide: no conversion */
  /* Bytes as typed while editing: no CR/LF translation (libedit's default
   * sets both INLCR and ICRNL), so CR LF can be told from two Enters. */
  el_set(s->el, EL_SETTY, "-d", "-icrnl", "-inlcr", (const char *)NULL);
  /* And between reads libedit's "cooked" mode is the hold mode: no echo,
   * no canonical mode, so nothing typed is echoed between two fields (a
   * password typed early after a login must not show). Few names: libedit
   * converts every mode name for each one given (a tenth of a millisecond
   * each). */
  el_set(s->el, EL_SETTY, "-x", "-icanon", "-echo", "-icrnl", (const char *)NULL);
  (void)el_source(s->el, NULL); /* the user's editrc, if any */
  el_set(s->el, EL_EDITMODE, 1); /* an editrc's `edit off` would break the prompt */
  el_set(s->el, EL_ADDFN, "ask-complete", "Complete a button title", complete_title);
  el_set(s->el, EL_BIND, "^I", "ask-complete", (const char *)NULL);
  if (outer != (locale_t)0) uselocale(outer);
  (void)ask_session_hold(session); /* libedit set its own modes */
  return s;
fail:
  if (outer != (locale_t)0) uselocale(outer);
  if (in >= 0 && s->in == NULL) close(in);
  if (out >= 0 && s->out == NULL) close(out);
  ask_line_close(s);
  errno = ENOMEM;
  return NULL;
}

int ask_line_read(ask_line_t *s, const char *prompt, const char *initial, int64_t deadline_ms,
                  const char **line, int *len, int *signo) {
  char *copy = strdup(prompt);
  if (copy == NULL) return ASK_READ_ERROR;
  free(s->prompt);
  s->prompt = copy;
  s->deadline_ms = deadline_ms;
  s->status = ASK_READ_ERROR;
  locale_t outer = s->locale != (locale_t)0 ? uselocale(s->locale) : (locale_t)0;
  if (initial != NULL && initial[0] != '\0') el_push(s->el, initial);
  int count = 0;
  const char *text = el_gets(s->el, &count);
  if (text == NULL && s->status == ASK_READ_RESUMED) {
    /* Keep what was typed; el_line converts it to UTF-8 under libedit's
     * locale, so before the caller's comes back. */
    const LineInfo *li = el_line(s->el);
    size_t n = (size_t)(li->lastchar - li->buffer);
    free(s->pending);
    s->pending = malloc(n + 1);
    if (s->pending != NULL) {
      memcpy(s->pending, li->buffer, n);
      s->pending[n] = '\0';
    }
  }
  if (outer != (locale_t)0) uselocale(outer);
  (void)ask_session_hold(s->session);
  if (text == NULL) {
    if (s->status == ASK_READ_HANGUP) return ASK_READ_HANGUP;
    if (count == 0 || s->status == ASK_READ_EOF) return ASK_READ_EOF;
    *signo = s->signo;
    return s->status;
  }
  if (count > 0 && text[count - 1] == '\n') count--;
  *line = text;
  *len = count;
  return ASK_READ_LINE;
}

const char *ask_line_pending(ask_line_t *s) { return s->pending != NULL ? s->pending : ""; }

void ask_line_remember(ask_line_t *s, const char *line) {
  HistEvent event;
  if (s->history == NULL || line[0] == '\0') return;
  locale_t outer = s->locale != (locale_t)0 ? uselocale(s->locale) : (locale_t)0;
  history(s->history, &event, H_ENTER, line);
  if (outer != (locale_t)0) uselocale(outer);
}

void ask_line_close(ask_line_t *s) {
  if (s == NULL) return;
  locale_t outer = s->locale != (locale_t)0 ? uselocale(s->locale) : (locale_t)0;
  /* el_end would set the modes libedit saw when it started (the hold
   * mode, TCSAFLUSH) — from the background too, stopping or clobbering
   * another job's terminal. With editing off it leaves the terminal alone:
   * the session alone gives back the terminal's own modes. */
  if (s->el != NULL) {
    el_set(s->el, EL_EDITMODE, 0);
    el_end(s->el);
  }
  if (s->history != NULL) history_end(s->history);
  if (outer != (locale_t)0) uselocale(outer);
  if (s->locale != (locale_t)0) freelocale(s->locale);
  if (s->in != NULL) fclose(s->in);
  if (s->out != NULL) fclose(s->out);
  if (s->err != NULL) fclose(s->err);
  free(s->prompt);
  free(s->pending);
  free(s);
}
