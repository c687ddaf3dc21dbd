/* The `ask` command's argument vector, handed to the Swift runtime
 * without its start-up scan of /proc/self/maps.
 *
 * A static Swift program on Linux finds `CommandLine.arguments` with a
 * constructor of the runtime's (its CommandLine.cpp, "ArgvGrabber") that
 * opens /proc/self/maps, reads it line by line with fgets and sscanf to
 * find the stack, and walks back from `environ` to argv. Every run pays it
 * before `main`: five system calls, about 50,000 instructions and the
 * stdio and scanf pages, for a prompt that needs none of it (issue 27,
 * BENCHMARKS.md).
 *
 * The C shim keeps main's own argc and argv, which glibc passes to the
 * functions of .init_array (Sources/CShim/Process/arguments.c). This file
 * defines the runtime's entry point, `_swift_stdlib_getUnsafeArgvArgc`, to
 * hand them on, so the linker never takes the runtime's CommandLine.cpp.o,
 * and its constructor with it, from the static library. Should a toolchain
 * need another symbol of that object, the link fails on the duplicate
 * definition: it cannot go unnoticed.
 *
 * Only the `ask` executable links this target, never AskKit: a library
 * does not replace a host's runtime. In a build against the shared
 * runtime the definition is unused (libswiftCore.so keeps its own
 * hidden). Elsewhere (musl, other systems) the runtime's own is linked. */
#include <unistd.h> /* __GLIBC__ */

#if defined(__linux__) && defined(__GLIBC__)

#include "CShim.h"

/* The runtime's declaration (stdlib/public/SwiftShims/swift/shims/
 * RuntimeStubs.h): SWIFT_CC(swift) char **(int *outArgLen), argv not
 * owned by the caller, valid for the whole process. */
__attribute__((swiftcall, visibility("hidden"))) char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen);

char **_swift_stdlib_getUnsafeArgvArgc(int *outArgLen) { return ask_argument_vector(outArgLen); }

#endif
