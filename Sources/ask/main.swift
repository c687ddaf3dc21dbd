import AskCLI
import CShim

// First of all, before any spec is read (a --json spec's style is not
// known before), for the whole run and never undone: no core dump, no
// ptrace by the same user, no /proc/PID/mem (SPEC §6).
ask_process_make_undumpable()
AskCommand.main()
