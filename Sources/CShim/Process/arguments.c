/* The process's argument vector, kept from glibc's call of the functions
 * of .init_array, which passes them main's own (argc, argv, envp)
 * (csu/libc-start.c, call_init; for a shared object, dl-init.c), static
 * and dynamic programs alike.
 *
 * The command reads its arguments here, not through Swift's CommandLine:
 * the standard library makes that vector lazily behind a once-flag, code
 * and a once-flag's page a prompt touches for nothing else (issue 27). The
 * static executable hands the same vector to the Swift runtime
 * (Sources/CArguments). Elsewhere (musl, other systems) nothing is kept and
 * the command asks CommandLine. */
#include "CShim.h"

#include <unistd.h> /* __GLIBC__ */

static char **argument_vector;
static int argument_count;

#if defined(__linux__) && defined(__GLIBC__)
__attribute__((constructor(101), used)) static void keep_arguments(int argc, char **argv, char **envp) {
  (void)envp;
  argument_count = argc;
  argument_vector = argv;
}
#endif

char **_Nullable ask_argument_vector(int *count) {
  *count = argument_vector != NULL ? argument_count : 0;
  return argument_vector;
}
