/* One message catalogue checked before glibc's gettext reads it: glibc
 * trusts a .mo file, and a damaged or hostile one (ASK_LOCALEDIR, or a
 * LANGUAGE entry, names any folder) hangs it in its hash probe, ignoring
 * every signal, crashes it on an offset outside the file, raises SIGFPE
 * from its plural expression (plural.c), or blocks it on a FIFO. Which
 * catalogues glibc could open is languages.c's. */
#include "catalogue.h"
#include "plural.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define MAX_FILE (16u << 20)
#define MAX_STRING (64u << 10)

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
  // The header is the translation of "" as glibc finds it, through the
  // hash table or a binary search, comparing with strcmp: any original
  // that reads as "" may be the one, whatever its place and length. A
  // real catalogue has one; the headers read are bounded all the same.
  uint64_t headers = 0;
  for (uint64_t i = 0; i < count; i++) {
    if (!string_is_sound(data, size, originals + 8 * i, swapped) ||
        !string_is_sound(data, size, translations + 8 * i, swapped)) return 0;
    if (data[word(data, originals + 8 * i + 4, swapped)] != '\0') continue;
    const char *header = (const char *)data + word(data, translations + 8 * i + 4, swapped);
    headers += word(data, translations + 8 * i, swapped);
    if (headers > MAX_FILE || !plural_is_sound(header)) return 0;
  }
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
