// The seeds' three uses of an alert library, with AskKit's public API only.
// Run it: swift run ask-example
import AskKit

// 1. The "Available Actions" action sheet: the destructive button first
//    (red), the cancel button set apart, last.
let sheet = Alert(
  title: "Available Actions",
  buttons: [Button("Destroy", role: .destructive), Button("Negotiate"), Button("Compromise"),
            Button("Cancel", role: .cancel)],
  presentation: .actionSheet)

do throws(AskError) {
  // 2. A synchronous result, as a synchronous action sheet: present()
  //    returns once the sheet is answered, with the button chosen.
  switch try sheet.present() {
  case .cancelled:
    print("Cancelled.")
  case let response:
    print("Chose: \(response.chosenButton?.title ?? "nothing")")
  }

  // 3. A block-based alert: each button carries its closure, run once the
  //    terminal is given back. Enter chooses the default, "Save".
  let alert = Alert(
    title: "Save changes?",
    message: "Your changes are lost if you do not save them.",
    buttons: [Button("Discard", role: .destructive) { print("Discarded.") },
              Button("Save", isDefault: true) { print("Saved.") },
              Button("Cancel", role: .cancel) { print("Kept editing.") }])
  _ = try alert.present()
} catch {
  // An alert that breaks a rule, answers from a pipe that choose nothing,
  // no terminal. (Ctrl-C never gets here: the process ends by SIGINT, its
  // terminal given back, as any program's does.)
  print("ask-example: \(error)")
}
