// swift-tools-version:6.0
import PackageDescription

/// Layout (one job per part):
/// - `CLibEdit`: the system libedit, found with pkg-config.
/// - `CShim`: the C shim (everything that must be async-signal-safe or
///   calls C variadics), a folder and a header a job: `Terminal/` (the
///   session: termios, signal handlers, the self-pipe, turns on a shared
///   terminal), `Process/`, `Text/`, `LineEditing/` (fixed-argument
///   libedit wrappers, keys), `Secrets/`, `Catalogues/`, `PasswordAgent/`.
/// - `AskCore`: the library's synchronous core — model, validation, layout,
///   answer matching and the presenting loop.
/// - `AskKit`: the library a Swift program imports: AskCore, re-exported,
///   and the `async` forms of presenting, which bring in the Swift
///   concurrency runtime and libdispatch (whose constructor runs at every
///   start): the `ask` command links AskCore alone.
/// - `AskCLI`: the command-line front — option table, parsing, help, result
///   printing, exit statuses.
/// - `CArguments`: hands the Swift runtime the argument vector the C shim
///   kept from glibc's constructor call (the runtime's own scan of
///   /proc/self/maps is then not linked); the executable's alone.
/// - `CStartupLayout`: two anchors the release link's start-up order places
///   (`scripts/startup-order.py`): where the standard library's code and
///   .data start; the executable's alone.
/// - `ask`: the executable, a `main.swift` that calls `AskCLI`.
/// - `ask-docgen`: writes the completions and the man page's OPTIONS from
///   `AskCLI`'s option table (`make completions man`); not installed.
/// - `Examples/`: programs that use AskKit as a library user would.
let package = Package(
  name: "ask",
  products: [
    .executable(name: "ask", targets: ["ask"]),
    .library(name: "AskKit", targets: ["AskKit"]),
  ],
  targets: [
    .systemLibrary(
      name: "CLibEdit",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"])]
    ),
    .target(
      name: "CShim",
      dependencies: ["CLibEdit"],
      cSettings: [.define("_GNU_SOURCE")]
    ),
    .target(name: "AskCore", dependencies: ["CShim"]),
    .target(name: "AskKit", dependencies: ["AskCore", "CShim"]),
    .target(name: "AskCLI", dependencies: ["AskCore", "CShim"]),
    // The command's argument vector from glibc's constructor arguments,
    // so the runtime's scan of /proc/self/maps is not linked
    // (Sources/CArguments/arguments.c): the executable's alone.
    .target(name: "CArguments", dependencies: ["CShim"]),
    // Anchors for the release link's start-up order
    // (Sources/CStartupLayout/layout.c): the executable's alone.
    .target(name: "CStartupLayout"),
    .executableTarget(name: "ask", dependencies: ["AskCLI", "CShim", "CArguments", "CStartupLayout"]),
    .executableTarget(name: "ask-docgen", dependencies: ["AskCLI"]),
    // What a Swift program embedding AskKit writes, seeing only the public
    // API (packageAccess: false): the seeds' action sheet, synchronous
    // result and block-based alert (shown in the README) …
    .executableTarget(name: "ask-example", dependencies: ["AskKit"], path: "Examples/AvailableActions",
                      packageAccess: false),
    // … and a host that reports what it had before and after presenting,
    // for the host suite (AskEndToEndTests/HostTests).
    .executableTarget(name: "ask-host-probe", dependencies: ["AskKit"], path: "Examples/HostProbe",
                      packageAccess: false),
    // Test support: starts a program on a pseudo-terminal that becomes its
    // controlling terminal (fork, setsid, open the slave, exec).
    .target(
      name: "CPseudoTerminal",
      cSettings: [.define("_GNU_SOURCE")]
    ),
    // Test support: how a test's arguments are shown in the log (escaped,
    // short: the log is printed on a terminal).
    .target(name: "AskTestSupport", path: "Tests/AskTestSupport"),
    .testTarget(name: "AskKitTests", dependencies: ["AskKit", "AskCore", "CShim", "AskTestSupport"]),
    .testTarget(name: "AskCLITests", dependencies: ["AskCLI", "AskCore", "CShim", "AskTestSupport"]),
    .testTarget(
      name: "AskEndToEndTests",
      dependencies: ["CPseudoTerminal", "ask", "AskCLI", "ask-docgen", "ask-example", "ask-host-probe",
                     "AskTestSupport"]
    ),
  ]
)
