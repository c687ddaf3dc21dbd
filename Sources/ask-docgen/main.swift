// ask-docgen: writes the files that are generated from ask's option table
// (Sources/AskCLI/OptionTable.swift) — the bash, zsh and fish completions
// and the OPTIONS part of the man page — so that none can drift from what
// the parser accepts. `make completions man` runs it from the package root:
//
//   ask-docgen completions/ask.bash completions/_ask completions/ask.fish man/ask.1
//   ask-docgen --stdout man/ask.1     # what the file should hold, on stdout
//
// ArtifactsTests runs it with --stdout and compares with the checked-in
// files byte for byte.
import Glibc

/// Writes all of `text` to file descriptor `fd`.
func put(_ text: String, fd: Int32) {
  var bytes = Array(text.utf8)[...]
  while !bytes.isEmpty {
    let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
    if count < 0, errno == EINTR { continue }
    guard count > 0 else { exit(2) }
    bytes = bytes.dropFirst(count)
  }
}

/// Says `message` on standard error and exits with status 2.
func fail(_ message: String) -> Never {
  put("ask-docgen: \(message)\n", fd: 2)
  exit(2)
}

/// The text of `path`, or nil when it does not exist.
func read(_ path: String) -> String? {
  guard let file = fopen(path, "rb") else {
    if errno == ENOENT { return nil }
    fail("cannot read \(path): \(String(cString: strerror(errno)))")
  }
  defer { fclose(file) }
  var bytes: [UInt8] = []
  var buffer = [UInt8](repeating: 0, count: 65536)
  while case let count = fread(&buffer, 1, buffer.count, file), count > 0 { bytes += buffer[..<count] }
  return String(decoding: bytes, as: UTF8.self)
}

/// Writes `text` to `path` whole: to a temporary file beside it, then
/// renamed over it, so a failure leaves the old file.
func writeFile(_ text: String, to path: String) {
  let temporary = path + ".ask-docgen"
  guard let file = fopen(temporary, "wb") else {
    fail("cannot write \(temporary): \(String(cString: strerror(errno)))")
  }
  let bytes = Array(text.utf8)
  let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, file) }
  guard written == bytes.count, fclose(file) == 0, rename(temporary, path) == 0 else {
    unlink(temporary)
    fail("cannot write \(path): \(String(cString: strerror(errno)))")
  }
}

var arguments = Array(CommandLine.arguments.dropFirst())
let toStandardOutput = arguments.first == "--stdout"
if toStandardOutput { arguments.removeFirst() }
if arguments.isEmpty || (toStandardOutput && arguments.count != 1) {
  fail("usage: ask-docgen [--stdout] FILE ...; FILE is one of "
    + Artifact.allCases.map(\.rawValue).joined(separator: ", "))
}
for path in arguments {
  guard let artifact = Artifact(rawValue: path) else {
    fail("'\(path)' is not generated; the generated files are "
      + Artifact.allCases.map(\.rawValue).joined(separator: ", "))
  }
  let contents: String
  do throws(GenerationError) {
    contents = try artifact.contents(current: read(path))
  } catch {
    fail(error.message)
  }
  if toStandardOutput {
    put(contents, fd: 1)
  } else if contents != read(path) {
    writeFile(contents, to: path)
    put("ask-docgen: wrote \(path)\n", fd: 1)
  }
}
