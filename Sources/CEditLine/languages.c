/* Which catalogues gettext could take, each checked (catalogue.c) before
 * glibc reads it. The check follows gettext's own search: the languages
 * of LANGUAGE (or the messages locale's), each tried with and without
 * territory, codeset (also normalised: utf8) and modifier, an alias of
 * locale.alias replaced by its value; the first language with a
 * catalogue is the one gettext takes, so the search ends there. */
#include "catalogue.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
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
 * ABSENT when none exists, else whether all that exist are sound. */
static int check_language(const char *root, const char *name, size_t length) {
  if (length == 0 || length >= 256 || memchr(name, '/', length) != NULL) return ABSENT;
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
 * copied into `out`; 0 when it has none. */
static int alias(const char *name, size_t length, char *out, size_t size) {
  FILE *file = fopen(ALIAS_FILE, "re");
  if (file == NULL) return 0;
  char line[512];
  int found = 0;
  while (!found && fgets(line, sizeof line, file) != NULL) {
    char *key = line + strspn(line, " \t");
    if (*key == '#' || *key == '\n') continue;
    size_t key_length = strcspn(key, " \t\n");
    if (key_length != length || strncmp(key, name, length) != 0) continue;
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
  const char *list = language != NULL && language[0] != '\0' ? language : name;
  while (*list != '\0') {
    size_t length = strcspn(list, ":");
    // An alias's value replaces the name in gettext's search. A name with
    // a UTF-8 codeset (ru_RU.UTF-8, the usual one) is no alias of the
    // system's locale.alias, which is not read for it (gettext reads it
    // anyway, and a prompt need not pay twice).
    char expanded[256];
    int result = !catalogue_name_is_utf8(list, length) && alias(list, length, expanded, sizeof expanded)
      ? check_language(root, expanded, strlen(expanded)) : check_language(root, list, length);
    if (result == UNSOUND) return 0;
    if (result == SOUND) return 1;  // gettext takes this language's
    list += length;
    if (*list == ':') list++;
  }
  return 1;
}
