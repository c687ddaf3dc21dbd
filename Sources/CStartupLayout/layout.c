/* Two anchors for the layout of the `ask` executable's release link,
 * placed by the start-up order (scripts/startup-order.py, `make
 * startup-order`; issue 27, BENCHMARKS.md).
 *
 * A prompt maps the code it runs 64 KB at a time (the kernel's
 * fault-around), and the variables it writes a page at a time: a page
 * fault each. The order lays what a prompt runs out together, but two
 * boundaries it cannot choose fell at random, and each cost faults:
 *
 * - The standard library's code is one section of 1.6 MB, which the linker
 *   moves whole: where it starts decides how many 64 KB windows the dozen
 *   places a prompt runs in it fall into (9 to 12 for the alert, 10 to 13
 *   for the secure field). The order puts the code anchor, aligned to
 *   64 KB, right before it, then code no prompt runs, as much as makes the
 *   section start where the prompts touch the fewest windows.
 *
 * - The variables a prompt touches first fill about 6 KB at the start of
 *   .data, which began anywhere in a page: three pages, or two. The data
 *   anchor, aligned to a page and listed first, makes .data begin on one.
 *
 * Only the `ask` executable links this target; `retain` keeps the anchors
 * through the release link's --gc-sections, as nothing refers to them.
 * Without the order (a debug build) they cost at most 64 KB of padding in
 * the file and 4 KB in .data, and nothing at run time. */

/* The first variable of .data in the start-up order; never read. */
__attribute__((section(".data.ask_startup_data_anchor"), aligned(4096), used, retain))
char ask_startup_data_anchor = 1;

/* Placed right before the standard library's code; never called. */
__attribute__((section(".text.ask_startup_code_anchor"), aligned(65536), used, retain))
void ask_startup_code_anchor(void) {}
