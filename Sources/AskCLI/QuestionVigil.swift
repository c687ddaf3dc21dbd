import AskCore
import CShim

/// The watch on one password-agent question while it is asked: when its
/// file goes (the asker was answered elsewhere, or gave up) or its asker
/// ends, the prompt is cancelled at once, from the vigil's own thread
/// (``ConsoleControl/cancel()``), and the terminal is given back.
final class QuestionVigil {
  private let vigil: OpaquePointer
  private let control: Unmanaged<ConsoleControl>

  /// Starts watching question file `name` through directory watch
  /// `watchFD`, and the asker through `pidfd`, cancelling `control`'s
  /// prompt when either goes; `nil` when no thread could be started.
  init?(watchFD: Int32, name: String, pidfd: Int32, control: ConsoleControl) {
    let retained = Unmanaged.passRetained(control)
    guard let started = ask_agent_vigil_start(watchFD, name, pidfd, { context in
      guard let context else { return }
      Unmanaged<ConsoleControl>.fromOpaque(context).takeUnretainedValue().cancel()
    }, retained.toOpaque()) else {
      retained.release()
      return nil
    }
    vigil = started
    self.control = retained
  }

  /// What the vigil saw, once its thread has ended.
  struct Seen {
    /// The question was withdrawn: the prompt was cancelled for it.
    var withdrawn: Bool
    /// Another question arrived meanwhile.
    var arrived: Bool
  }

  /// Ends the vigil and says what it saw; call once.
  func stop() -> Seen {
    let mask = ask_agent_vigil_stop(vigil)
    control.release()
    return Seen(withdrawn: mask & Int32(ASK_AGENT_WITHDRAWN) != 0, arrived: mask & Int32(ASK_AGENT_ARRIVED) != 0)
  }
}
