/* Text: display width (width.c), the one UTF-8 decoder and JSON string escaping (utf8.c). */
#ifndef ASK_SHIM_TEXT_H
#define ASK_SHIM_TEXT_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <termios.h>


#pragma clang assume_nonnull begin

/* ---- Display width ------------------------------------------------------- */

/* Terminal columns of one Unicode scalar by glibc's wcwidth under C.UTF-8,
 * whatever the process's locale: 2 for East Asian Wide and Fullwidth, 0 for
 * combining marks, 1 for the rest, -1 for controls. */
int ask_scalar_width(uint32_t scalar);


/* ---- UTF-8 (utf8.c): the shim's one decoder ------------------------------ */

/* The length of the UTF-8 sequence that `lead` begins: 1 to 4, or 0 when
 * no valid sequence begins with it. */
size_t ask_utf8_length(unsigned char lead);

/* The length of the valid UTF-8 sequence at `bytes` (at most `left`), with
 * its scalar in *scalar (when not NULL); 0 when it is not one (overlong,
 * surrogate, past U+10FFFF, cut short). */
size_t ask_utf8_sequence(const unsigned char *bytes, size_t left, uint32_t *_Nullable scalar);

/* 1 when all `length` bytes at `bytes` are valid UTF-8 (as
 * ask_utf8_sequence decides, one sequence after another), else 0. Reads
 * the bytes only: a secret may be checked in place. */
int ask_utf8_is_valid(const unsigned char *_Nullable bytes, size_t length);

/* JSON string escaping, the one rule (Swift's result printer uses it too):
 * escapes the character at `bytes` (at most `left`) into `out` and returns
 * how many bytes it wrote (1 to 6), with *consumed the input bytes taken:
 * `"` and `\` and \n \r \t escaped, other controls as \u00XX, invalid
 * UTF-8 as \ufffd, everything else as it is. */
size_t ask_json_escape_one(const unsigned char *bytes, size_t left, unsigned char out[_Nonnull 6],
                           size_t *consumed);

#pragma clang assume_nonnull end

#endif
