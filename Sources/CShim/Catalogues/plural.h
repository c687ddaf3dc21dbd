/* A catalogue header's plural expression, read as glibc reads it
 * (plural.c), for catalogue.c. Not part of the module's interface. */
#ifndef ASK_PLURAL_H
#define ASK_PLURAL_H

/* 1 when glibc can evaluate the plural expression of `header` (a
 * catalogue's header, NUL-terminated) for every n without harm: it has
 * none glibc would use, or one that parses to its end under glibc's
 * grammar, nests at most 32 levels deep, and divides (/ or %) only by a
 * literal number other than 0, perhaps in parentheses. 0 otherwise: glibc
 * raises SIGFPE on a division by zero. */
int plural_is_sound(const char *header);

#endif
