/* The check of message catalogues before glibc reads them: one file
 * (catalogue.c) and every one glibc could open (languages.c), for
 * messages.c. Not part of the module's interface. */
#ifndef ASK_CATALOGUE_H
#define ASK_CATALOGUE_H

#include <stddef.h>

/* 1 when every catalogue of the "ask" domain that gettext could open for
 * the messages locale `name` and the LANGUAGE list `language` (NULL or ""
 * for none) under `root` is sound (catalogue_is_sound), or there is none;
 * 0 when one is not, or when `name` or an entry gettext would reach holds
 * '/': then none is to be used. */
int catalogue_search_is_sound(const char *root, const char *name, const char *language);

/* 1 when the file at `path` is a catalogue glibc can read without harm:
 * a regular file (never a FIFO or device whose open or read blocks) of at
 * most 16 MiB, in the .mo format (revision 0), every string inside the
 * file and NUL-terminated, no string longer than 64 KiB, its hash table of
 * a prime size with an empty slot (glibc's probe loops forever in one
 * without), every entry a string's, and every header (the translation of an
 * original that reads as "") with a plural expression glibc can evaluate
 * without harm (plural_is_sound). */
int catalogue_is_sound(const char *path);

/* 1 when the codeset of the locale name's first `length` bytes (after
 * '.', before '@') is UTF-8 however written (UTF-8, utf8, …). */
int catalogue_name_is_utf8(const char *name, size_t length);

#endif
