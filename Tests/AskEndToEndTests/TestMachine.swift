import Glibc
import Testing

/// Whether the tests may change the machine they run on: add a user, install
/// a package with dpkg. `make check` allows it (`ASK_TEST_CHANGE_MACHINE=1`,
/// and it runs as root); `make test` and a bare `swift test` do not, and the
/// tests that would are skipped, saying so.
enum TestMachine {
  /// True when `ASK_TEST_CHANGE_MACHINE` is `1` and the tests run as root.
  static let mayChange = getenv("ASK_TEST_CHANGE_MACHINE").map { String(cString: $0) } == "1" && getuid() == 0
}

extension Trait where Self == ConditionTrait {
  /// The test changes the machine (what it does is `change`, e.g. "adds and
  /// removes a user"): it runs under `make check` only.
  static func changesMachine(_ change: String) -> Self {
    .enabled(if: TestMachine.mayChange, Comment(rawValue: "\(change) (make check runs it, as root)"))
  }
}
