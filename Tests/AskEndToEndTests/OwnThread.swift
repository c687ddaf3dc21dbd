import Dispatch
import Testing

/// Runs each test case of a suite on a thread of its own, not on Swift's
/// cooperative pool.
///
/// The end-to-end tests block: they poll a pseudo-terminal, wait for a
/// child, read a pipe. Swift Testing runs test functions on the cooperative
/// pool, which has one thread a CPU, so on two CPUs two blocked tests held
/// back every other (the suite took 36–52 s, the CPUs busy half that time).
/// With a task executor preference (SE-0417) a test's synchronous body runs
/// on a thread of ``BlockingTestExecutor`` instead, and as many tests wait
/// at once as Swift Testing starts. `.serialized` still orders the tests of
/// a suite that needs it.
struct OwnThread: SuiteTrait, TestTrait, TestScoping {
  var isRecursive: Bool { true }

  func provideScope(for test: Test, testCase: Test.Case?,
                    performing function: @Sendable () async throws -> Void) async throws {
    guard testCase != nil else { return try await function() }
    try await withTaskExecutorPreference(BlockingTestExecutor.shared) { try await function() }
  }
}

extension Trait where Self == OwnThread {
  /// Each test case runs on a thread of its own (``OwnThread``).
  static var ownThread: Self { OwnThread() }
}

/// A task executor whose jobs may block: each runs on a thread of a
/// concurrent Dispatch queue, which brings up another thread while its
/// threads are busy.
final class BlockingTestExecutor: TaskExecutor {
  static let shared = BlockingTestExecutor()
  private let queue = DispatchQueue(label: "ask-tests.blocking", attributes: .concurrent)

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    let executor = asUnownedTaskExecutor()
    queue.async { job.runSynchronously(on: executor) }
  }
}
