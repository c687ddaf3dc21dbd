// Fuzz target: the answer matcher (SPEC §4), random alerts × random
// answers. The input is LF-separated lines: the first is the answer, the
// others button titles; the first byte also sets the roles, the default
// and the page count.
@testable import AskCore

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAnswerMatcher(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  guard size > 1 else { return 0 }
  let setting = data[0]
  var lines = pieces(UnsafeBufferPointer(start: data + 1, count: size - 1), separator: 0x0A)
  let answer = lines.removeFirst()
  var buttons = lines.map { Button($0) }
  if setting & 1 != 0, !buttons.isEmpty { buttons[buttons.count - 1].role = .cancel }
  if setting & 2 != 0, buttons.count > 1 { buttons[0].role = .destructive }
  let defaultIndex = setting & 4 != 0 && !buttons.isEmpty ? Int(setting >> 5) % buttons.count : nil
  if let defaultIndex { buttons[defaultIndex].isDefault = true }
  guard let alert = try? Alert(title: "Fuzz", buttons: buttons).validated()
  else { return 0 }
  let pages = 1 + Int(setting >> 3 & 3)
  switch AnswerMatcher.match(answer, in: alert, pageCount: pages, filters: buttons.count > 7) {
  case .button(let index):
    require(alert.buttons.indices.contains(index), "button \(index) of \(alert.buttons.count)")
    if alert.buttons[index].role == .destructive, index != alert.defaultButtonIndex {
      // The destructive button needs its full title or its number.
      let number = Int(TerminalText.trimmed(answer))
      require(Button.fold(answer) == alert.buttons[index].foldedTitle || number != nil,
              "a prefix chose the destructive button")
    }
  case .filter(let positions):
    require(positions.allSatisfy(alert.buttons.indices.contains), "filter position out of range")
  case .unrecognized(let hint):
    require(isOneVisibleLine(hint), "hint is not one visible line: \(hint.debugDescription)")
  case .nextPage, .previousPage:
    break
  }
  return 0
}
