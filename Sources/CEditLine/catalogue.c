/* Message catalogues are checked before glibc's gettext reads them: it
 * trusts a .mo file, and a damaged or hostile one (ASK_LOCALEDIR names any
 * folder) hangs it in its hash probe, ignoring every signal, crashes it on
 * an offset outside the file, raises SIGFPE from its plural expression,
 * or blocks it on a FIFO. The check follows gettext's own search: the
 * languages of LANGUAGE (or the messages locale's), each tried with and
 * without territory, codeset (also normalised: utf8) and modifier, an
 * alias of locale.alias replaced by its value; the first language with a
 * catalogue is the one gettext takes, so the search ends there. */
#include "catalogue.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_FILE (16u << 20)
#define MAX_STRING (64u << 10)
#define ALIAS_FILE "/usr/share/locale/locale.alias"

static uint32_t word(const unsigned char *data, size_t offset, int swapped) {
  uint32_t value;
  memcpy(&value, data + offset, 4);
  return swapped ? __builtin_bswap32(value) : value;
}

static int is_prime(uint32_t n) {
  if (n < 3) return 0;
  for (uint32_t d = 2; (uint64_t)d * d <= n; d++)
    if (n % d == 0) return 0;
  return 1;
}

/* 1 when the string descriptor at `at` (length, offset) lies in the file,
 * ends in NUL and is not too long. */
static int string_is_sound(const unsigned char *data, size_t size, size_t at, int swapped) {
  uint64_t length = word(data, at, swapped), offset = word(data, at + 4, swapped);
  return length <= MAX_STRING && offset + length < size && data[offset + length] == '\0';
}

/* 1 when the header's Plural-Forms (if any) divides only by literal
 * numbers other than 0. */
static int plural_is_sound(const char *header) {
  const char *forms = strstr(header, "Plural-Forms:");
  if (forms == NULL) return 1;
  const char *expression = strstr(forms, "plural=");
  if (expression == NULL) return 1;
  for (const char *p = expression + 7; *p != '\0' && *p != '\n' && *p != ';'; p++) {
    if (*p != '/' && *p != '%') continue;
    const char *q = p + 1;
    while (*q == ' ' || *q == '\t') q++;
    if (*q < '1' || *q > '9') return 0;  // a literal, not 0 nor 0…
  }
  return 1;
}

static int check(const unsigned char *data, size_t size) {
  if (size < 28) return 0;
  uint32_t magic;
  memcpy(&magic, data, 4);
  int swapped = magic == 0xde120495u;
  if (!swapped && magic != 0x950412deu) return 0;
  if (word(data, 4, swapped) != 0) return 0;  // revision 0: no system-dependent strings
  uint64_t count = word(data, 8, swapped), originals = word(data, 12, swapped),
           translations = word(data, 16, swapped), hash_size = word(data, 20, swapped),
           hash_offset = word(data, 24, swapped);
  if (originals + 8 * count > size || translations + 8 * count > size) return 0;
  for (uint64_t i = 0; i < count; i++)
    if (!string_is_sound(data, size, originals + 8 * i, swapped) ||
        !string_is_sound(data, size, translations + 8 * i, swapped)) return 0;
  if (hash_size != 0) {
    if (!is_prime((uint32_t)hash_size) || hash_offset + 4 * hash_size > size) return 0;
    int empty = 0;
    for (uint64_t i = 0; i < hash_size; i++) {
      uint32_t entry = word(data, hash_offset + 4 * i, swapped);
      if (entry == 0) empty = 1;
      else if (entry > count) return 0;
    }
    if (!empty) return 0;
  }
  // The header: the translation of "" (sorted first).
  if (count > 0 && word(data, originals, swapped) == 0)
    return plural_is_sound((const char *)data + word(data, translations + 4, swapped));
  return 1;
}

int catalogue_is_sound(const char *path) {
  int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) return 0;
  struct stat status;
  int sound = 0;
  if (fstat(fd, &status) == 0 && S_ISREG(status.st_mode) && status.st_size <= MAX_FILE) {
    size_t size = (size_t)status.st_size, done = 0;
    unsigned char *data = malloc(size + 1);
    while (data != NULL && done < size) {
      ssize_t n = read(fd, data + done, size - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) break;
      done += (size_t)n;
    }
    if (data != NULL && done == size) {
      data[size] = '\0';
      sound = check(data, size);
    }
    free(data);
  }
  close(fd);
  return sound;
}

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
