/* The C shim's one UTF-8 decoder (Unicode §3.9, table 3-7: no overlong
 * forms, no surrogates, nothing past U+10FFFF) — the same rule as Swift's
 * String(decoding:as:), which AskKit uses. */
#include "CShim.h"

size_t ask_utf8_length(unsigned char lead) {
  if (lead < 0x80) return 1;
  if (lead >= 0xc2 && lead <= 0xdf) return 2;
  if (lead >= 0xe0 && lead <= 0xef) return 3;
  if (lead >= 0xf0 && lead <= 0xf4) return 4;
  return 0;
}

size_t ask_utf8_sequence(const unsigned char *bytes, size_t left, uint32_t *scalar) {
  if (left == 0) return 0;
  size_t n = ask_utf8_length(bytes[0]);
  if (n == 0 || n > left) return 0;
  uint32_t cp = n == 1 ? bytes[0] : (uint32_t)(bytes[0] & (0x7f >> n));
  for (size_t k = 1; k < n; k++) {
    if ((bytes[k] & 0xc0) != 0x80) return 0;
    cp = cp << 6 | (bytes[k] & 0x3f);
  }
  if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) || (cp >= 0xd800 && cp <= 0xdfff))
    return 0;
  if (scalar != NULL) *scalar = cp;
  return n;
}

int ask_utf8_is_valid(const unsigned char *bytes, size_t length) {
  for (size_t i = 0; i < length;) {
    size_t n = bytes[i] < 0x80 ? 1 : ask_utf8_sequence(bytes + i, length - i, NULL);
    if (n == 0) return 0;
    i += n;
  }
  return 1;
}
