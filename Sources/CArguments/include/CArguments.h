/* No declarations: the target only defines the Swift runtime's
 * `_swift_stdlib_getUnsafeArgvArgc` for the `ask` executable
 * (arguments.c says why). */
