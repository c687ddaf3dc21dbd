/* The Swift floor's argument vector without the runtime's scan: linked
 * into bench/floor.swift's second build, the row "Swift floor without the
 * argument scan". A static Swift program finds CommandLine's arguments with
 * a constructor of the runtime's that reads /proc/self/maps before main;
 * `ask` hands the runtime main's own instead (Sources/CArguments, with the
 * vector the C shim keeps), and this does the same for the floor, so that
 * each run shows what a static Swift program doing the floor's work costs
 * against the C floor when it pays what `ask` pays, and no more.
 *
 * glibc calls the functions of .init_array with main's (argc, argv, envp)
 * (csu/libc-start.c, call_init); defining the runtime's entry point keeps
 * the linker from taking the runtime's CommandLine.cpp.o, and its
 * constructor, from the static library. */
static char **argument_vector;
static int argument_count;

__attribute__((constructor(101), used)) static void keep_arguments(int argc, char **argv, char **envp) {
  (void)envp;
  argument_count = argc;
  argument_vector = argv;
}

/* The runtime's declaration (SwiftShims' RuntimeStubs.h): SWIFT_CC(swift). */
__attribute__((swiftcall, visibility("hidden"))) char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen);

char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) {
  *outArgLen = argument_count;
  return argument_vector;
}
