/* ask's own words in the user's language: gettext's "ask" text domain,
 * looked up in the messages locale that LANGUAGE, LC_ALL, LC_MESSAGES and
 * LANG name (or one set by name: pinentry's OPTION lc-messages). The
 * process's locale is never changed: the messages locale is a newlocale(3)
 * value, made current with uselocale(3) around each lookup and given back
 * (SPEC §8), and the domain's codeset is bound to UTF-8, so glibc never
 * converts a catalogue (which would dlopen gconv in a static binary).
 * Nothing is set up until the first lookup, and nothing at all when the
 * locale is C, POSIX or English: those are the msgids themselves. */
#include "CShim.h"
#include "catalogue.h"

#include <langinfo.h>
#include <libintl.h>
#include <limits.h>
#include <locale.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DOMAIN "ask"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
/* 0: not decided yet; 1: English (the msgids); 2: messages_locale. */
static int state;
static locale_t messages_locale = (locale_t)0;
static int domain_bound;
/* The messages locale's name, and the locale for the system's error texts
 * (its LC_MESSAGES and LC_CTYPE, made at the first error: strerror_l
 * converts libc's catalogue to LC_CTYPE's codeset, so only a UTF-8 one is
 * used, and no gconv module is ever loaded). */
static char messages_name[256];
static locale_t error_locale = (locale_t)0;
static int error_locale_tried;

/* The first of LC_ALL, LC_MESSAGES, LANG that is set and not empty, as
 * POSIX orders them; NULL when none is. */
static const char *environment_locale(void) {
  static const char *const names[] = {"LC_ALL", "LC_MESSAGES", "LANG"};
  for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
    const char *value = getenv(names[i]);
    if (value != NULL && value[0] != '\0') return value;
  }
  return NULL;
}

/* 1 when a locale named `name` can only give the msgids: C and POSIX
 * (gettext ignores LANGUAGE there), or, with no LANGUAGE list that could
 * name another language first, English or C.UTF-8 (ask has no catalogue
 * for either). Loading a locale costs more than everything else drawn. */
static int needs_no_catalogue(const char *name) {
  if (name == NULL || strcmp(name, "C") == 0 || strcmp(name, "POSIX") == 0) return 1;
  const char *language = getenv("LANGUAGE");
  if (language != NULL && language[0] != '\0') return 0;
  if (strncmp(name, "C.", 2) == 0) return 1;
  return strncmp(name, "en", 2) == 0 && strchr("_.@", name[2]) != NULL;
}

/* Binds the domain to its catalogues' root, once: ASK_LOCALEDIR when set;
 * else `locale` beside the running binary when that is a directory (the
 * build folder, where make compiles the catalogues; not the locale(1)
 * program beside an installed /usr/bin/ask); else ../share/locale
 * from it (PREFIX/bin/ask → PREFIX/share/locale, as make install lays
 * them out); else gettext's default. */
static char root[PATH_MAX] = "/usr/share/locale";  // glibc's default

/* Not inlined: its PATH_MAX buffer in the frame of choose() was on the
 * stack of every start, English too, a page fault before the prompt. */
__attribute__((noinline)) static void bind_domain(void) {
  if (domain_bound) return;
  domain_bound = 1;
  bind_textdomain_codeset(DOMAIN, "UTF-8");
  const char *given = getenv("ASK_LOCALEDIR");
  if (given != NULL && given[0] != '\0' && strlen(given) < sizeof root) {
    strcpy(root, given);
    bindtextdomain(DOMAIN, root);
    return;
  }
  char path[PATH_MAX];
  ssize_t length = readlink("/proc/self/exe", path, sizeof path - 32);
  if (length <= 0 || length >= (ssize_t)sizeof path - 32) return;
  path[length] = '\0';
  char *slash = strrchr(path, '/');
  if (slash == NULL) return;
  strcpy(slash, "/locale");
  /* A directory: /usr/bin/locale is locale(1). */
  struct stat status;
  if (stat(path, &status) != 0 || !S_ISDIR(status.st_mode)) strcpy(slash, "/../share/locale");
  strcpy(root, path);
  bindtextdomain(DOMAIN, root);
}

/* Makes `name` (NULL: the environment's) the messages locale; the lock is
 * held. A locale that is not installed gives English, as for setlocale. */
static void choose(const char *name) {
  if (messages_locale != (locale_t)0) freelocale(messages_locale);
  if (error_locale != (locale_t)0) freelocale(error_locale);
  messages_locale = error_locale = (locale_t)0;
  error_locale_tried = 0;
  messages_name[0] = '\0';
  state = 1;
  if (name == NULL) name = environment_locale();
  if (needs_no_catalogue(name)) return;
  if (strlen(name) >= sizeof messages_name) return;
  messages_locale = newlocale(LC_MESSAGES_MASK, name, (locale_t)0);
  if (messages_locale == (locale_t)0) return;
  strcpy(messages_name, name);
  bind_domain();
  // A catalogue glibc could open and be harmed by, or a language name
  // that is a path (languages.c), means English for the whole run.
  if (!catalogue_search_is_sound(root, name, getenv("LANGUAGE"))) {
    freelocale(messages_locale);
    messages_locale = (locale_t)0;
    messages_name[0] = '\0';
    return;
  }
  state = 2;
}

void ask_messages_use_locale(const char *name) {
  pthread_mutex_lock(&lock);
  choose(name != NULL && name[0] != '\0' ? name : NULL);
  pthread_mutex_unlock(&lock);
}

int ask_messages_are_msgids(void) {
  pthread_mutex_lock(&lock);
  if (state == 0) choose(NULL);
  int english = state == 1;
  pthread_mutex_unlock(&lock);
  return english;
}

const char *ask_message(const char *msgid, const char *plural, unsigned long count) {
  pthread_mutex_lock(&lock);
  if (state == 0) choose(NULL);
  const char *text;
  if (state == 1) {
    text = plural != NULL && count != 1 ? plural : msgid;
  } else {
    locale_t outer = uselocale(messages_locale);
    text = plural != NULL ? dngettext(DOMAIN, msgid, plural, count) : dgettext(DOMAIN, msgid);
    uselocale(outer);
  }
  pthread_mutex_unlock(&lock);
  return text;
}

const char *ask_message_error(int errnum) {
  pthread_mutex_lock(&lock);
  if (state == 0) choose(NULL);
  if (state == 2 && !error_locale_tried) {
    error_locale_tried = 1;
    // UTF-8 by its name (ru_RU.UTF-8, zh_CN.utf8): the static glibc's
    // nl_langinfo_l does not tell a newlocale value's codeset.
    if (catalogue_name_is_utf8(messages_name, strlen(messages_name)))
      error_locale = newlocale(LC_CTYPE_MASK | LC_MESSAGES_MASK, messages_name, (locale_t)0);
  }
  // glibc's own catalogue, as strerror_l reads it in a dynamically linked
  // program (in a static one it does not look): its English text looked
  // up in the "libc" domain under a UTF-8 locale (no conversion).
  const char *text = strerror(errnum);
  const char *english = strerrordesc_np(errnum);
  if (error_locale != (locale_t)0 && english != NULL) {
    locale_t outer = uselocale(error_locale);
    text = dgettext("libc", english);
    uselocale(outer);
  }
  pthread_mutex_unlock(&lock);
  return text;
}
