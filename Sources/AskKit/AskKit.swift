// AskKit is AskCore — the model, validation, layout, answer matching and
// the synchronous presenting loop — and, in this module, the `async` forms
// of presenting. They are apart because `async` code brings in the Swift
// concurrency runtime and, with it, libdispatch, whose start-up runs at
// every start of a program that links it (eight system calls and its
// pages, before main): the `ask` command, which never awaits, links
// AskCore alone (BENCHMARKS.md, issue 27). A library user imports AskKit
// and sees one module.
@_exported import AskCore
