/* Terminal columns of one Unicode scalar, from glibc's wcwidth under
 * C.UTF-8 whatever the process's locale (East Asian Wide and Fullwidth are
 * 2, combining marks 0). */
#include "CShim.h"

#include <locale.h>
#include <pthread.h>
#include <wchar.h>

static locale_t utf8 = (locale_t)0;
static pthread_once_t made = PTHREAD_ONCE_INIT;

/* Made once for all threads: two that measured at once each made one,
 * and the first was lost (LeakSanitizer saw it when tests ran in
 * parallel). */
static void make_utf8(void) { utf8 = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0); }

int ask_scalar_width(uint32_t scalar) {
  pthread_once(&made, make_utf8);
  if (utf8 == (locale_t)0) return scalar < 0x7f ? 1 : -1;
  locale_t previous = uselocale(utf8);
  int width = wcwidth((wchar_t)scalar);
  uselocale(previous);
  return width;
}
