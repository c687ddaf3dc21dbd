/* Which catalogues glibc's gettext could open in this run, each checked
 * (catalogue.c) before it does. dcigettext walks the LANGUAGE list (or the
 * messages locale's name) entry by entry, and goes on to the next entry
 * whenever a message is missing from the catalogues of one: so every
 * entry's catalogues may be opened, not only the first entry's that has
 * one. Each entry is tried with and without territory, codeset (also
 * normalised: utf8) and modifier, an alias of locale.alias replaced by
 * its value (_nl_find_domain loads every one of those that exists). */
#include "catalogue.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#define ALIAS_FILE "/usr/share/locale/locale.alias"

/* What checking one catalogue path gave. */
enum { ABSENT, SOUND, UNSOUND };

static int check_path(const char *root, const char *language) {
  char path[PATH_MAX];
  if (snprintf(path, sizeof path, "%s/%s/LC_MESSAGES/ask.mo", root, language) >= (int)sizeof path) return ABSENT;
  struct stat status;
  if (stat(path, &status) != 0) return errno == ENOENT || errno == ENOTDIR ? ABSENT : UNSOUND;
  return catalogue_is_sound(path) ? SOUND : UNSOUND;
}

/* The codeset as gettext normalises it: letters lowered, digits kept, all
 * else dropped, "iso" before a codeset of digits only (UTF-8 → utf8). */
static void normalised(const char *codeset, size_t length, char *out, size_t size) {
  size_t n = 0, digits = 1;
  for (size_t i = 0; i < length; i++) if (!(codeset[i] >= '0' && codeset[i] <= '9')
      && ((codeset[i] | 0x20) >= 'a' && (codeset[i] | 0x20) <= 'z')) digits = 0;
  if (digits && size > 3) { memcpy(out, "iso", 3); n = 3; }
  for (size_t i = 0; i < length && n + 1 < size; i++) {
    char c = codeset[i];
    if (c >= 'A' && c <= 'Z') out[n++] = (char)(c | 0x20);
    else if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) out[n++] = c;
  }
  out[n] = '\0';
}

/* The catalogues gettext tries for one language name: with and without
 * each of territory, codeset (as written and normalised) and modifier.
 * ABSENT when none exists, else whether all that exist are sound. A name
 * holding '/' (a path: glibc opens ROOT/NAME/…, absolute or not), or too
 * long to check, is UNSOUND. */
static int check_language(const char *root, const char *name, size_t length) {
  if (length >= 256 || memchr(name, '/', length) != NULL) return UNSOUND;
  char language[256];
  memcpy(language, name, length);
  language[length] = '\0';
  char *modifier = strchr(language, '@');
  if (modifier != NULL) *modifier++ = '\0';
  char *codeset = strchr(language, '.');
  if (codeset != NULL) *codeset++ = '\0';
  char *territory = strchr(language, '_');
  if (territory != NULL) *territory++ = '\0';
  char normal[256] = "";
  if (codeset != NULL) normalised(codeset, strlen(codeset), normal, sizeof normal);
  int found = ABSENT;
  for (int mask = 15; mask >= 0; mask--) {
    // bit 0 territory, 1 codeset, 2 normalised codeset, 3 modifier
    if (((mask & 1) && territory == NULL) || ((mask & 2) && codeset == NULL) ||
        ((mask & 4) && (codeset == NULL || (mask & 2))) || ((mask & 8) && modifier == NULL)) continue;
    char candidate[1024];
    snprintf(candidate, sizeof candidate, "%s%s%s%s%s%s%s", language,
             mask & 1 ? "_" : "", mask & 1 ? territory : "",
             mask & 6 ? "." : "", mask & 2 ? codeset : mask & 4 ? normal : "",
             mask & 8 ? "@" : "", mask & 8 ? modifier : "");
    int result = check_path(root, candidate);
    if (result == UNSOUND) return UNSOUND;
    if (result == SOUND) found = SOUND;
  }
  return found;
}

/* The value of `name` in locale.alias (gettext's aliases: "russian"),
 * copied into `out`; 0 when it has none. glibc compares the names
 * without regard to case (strcasecmp). */
static int alias(const char *name, size_t length, char *out, size_t size) {
  FILE *file = fopen(ALIAS_FILE, "re");
  if (file == NULL) return 0;
  char line[512];
  int found = 0;
  while (!found && fgets(line, sizeof line, file) != NULL) {
    char *key = line + strspn(line, " \t");
    if (*key == '#' || *key == '\n') continue;
    size_t key_length = strcspn(key, " \t\n");
    if (key_length != length || strncasecmp(key, name, length) != 0) continue;
    char *value = key + key_length;
    value += strspn(value, " \t");
    size_t value_length = strcspn(value, " \t\n");
    if (value_length > 0 && value_length < size) {
      memcpy(out, value, value_length);
      out[value_length] = '\0';
      found = 1;
    }
  }
  fclose(file);
  return found;
}

int catalogue_name_is_utf8(const char *name, size_t length) {
  const char *dot = memchr(name, '.', length);
  if (dot == NULL) return 0;
  size_t end = (size_t)(dot - name) + 1, stop = end;
  while (stop < length && name[stop] != '@') stop++;
  char normal[16];
  normalised(name + end, stop - end, normal, sizeof normal);
  return strcmp(normal, "utf8") == 0;
}

int catalogue_search_is_sound(const char *root, const char *name, const char *language) {
  // SPEC §6: a name holding '/' is never used, the locale's no more than
  // a LANGUAGE entry.
  if (strchr(name, '/') != NULL) return 0;
  // guess_category_value: in the locale C, no catalogue, LANGUAGE unread.
  if (strcmp(name, "C") == 0 || strcmp(name, "POSIX") == 0) return 1;
  const char *list = language != NULL && language[0] != '\0' ? language : name;
  for (;;) {
    list += strspn(list, ":");  // dcigettext skips empty entries
    if (*list == '\0') return 1;
    size_t length = strcspn(list, ":");
    // An entry C or POSIX ends dcigettext's walk: the msgid is the text.
    if ((length == 1 && list[0] == 'C') || (length == 5 && strncmp(list, "POSIX", 5) == 0)) return 1;
    // An alias's value replaces the name in gettext's search. A name with
    // a UTF-8 codeset (ru_RU.UTF-8, the usual one) is no alias of the
    // system's locale.alias, which is not read for it (gettext reads it
    // anyway, and a prompt need not pay twice).
    char expanded[256];
    int result = memchr(list, '/', length) == NULL && !catalogue_name_is_utf8(list, length) &&
        alias(list, length, expanded, sizeof expanded)
      ? check_language(root, expanded, strlen(expanded)) : check_language(root, list, length);
    // Any catalogue glibc could open that fails the check, or any path:
    // English for the whole run (gettext is never called).
    if (result == UNSOUND) return 0;
    list += length;
  }
}
