/// A command-line mistake found while a command runs (an unknown `--set` name, a missing file):
/// printed as `scenec: error: …` and exit status 2, without the top-level usage text that
/// ArgumentParser would print for errors thrown from `run()`.
struct CommandError: Error, CustomStringConvertible {
    let description: String
    init(_ message: String) { description = message }
}
