// The entry point: run the command, and map every outcome to the documented exit statuses
// (0 success, 1 a scene with errors or an output that cannot be made, 2 a wrong command line)
// and to one style of message: `scenec: error: …`, then `help: …` saying what to write.
import SceneSource
import ArgumentParser
import SceneIO
#if canImport(Glibc)
    import Glibc
#endif

/// The subcommand named on the command line, for pointing at its --help.
func subcommandName(_ arguments: [String]) -> String? {
    arguments.dropFirst().first { !$0.hasPrefix("-") }.flatMap { Scenec.commandNames.contains($0) ? $0 : nil }
}

func finish(_ status: Int32) -> Never {
    // A run that could not say everything it had to say on standard error did not succeed.
    exit(status == 0 && Console.lostErrorOutput ? 1 : status)
}

func usageError(_ message: String, help: String?, details: [String] = []) -> Never {
    Console.error(DiagnosticRenderer.visible("scenec: error: \(message)") + "\n")
    for line in details { Console.error(DiagnosticRenderer.visible(line) + "\n") }
    if let help { Console.error("help: \(help)\n") }
    finish(2)
}

// A descriptor 0, 1 or 2 closed by the caller would be the next file scenec opens, and messages
// meant for standard error would be written into an output: hold them first.
StandardStream.reserveClosedDescriptors()
// Before any other thread exists: interrupts are then handled where temporary files can be cleaned up.
InterruptCleanup.install()

let arguments = CommandLine.arguments
// `scenec help NAME` for a NAME that is no command is a mistake, not a request for help.
if arguments.count >= 3, arguments[1] == "help", !Scenec.commandNames.contains(arguments[2]) {
    usageError(
        "no command named '\(arguments[2])'",
        help: "the commands are " + Scenec.commandNames.joined(separator: ", ") + "; see 'scenec --help'")
}

do {
    var command = try Scenec.parseAsRoot()
    try command.run()
    finish(0)
} catch let exit as ExitCode {
    finish(exit.rawValue)
} catch let error as CommandError {
    usageError(error.description, help: error.help, details: error.details)
} catch is CommandFailure {
    finish(1)
} catch {
    let code = Scenec.exitCode(for: error)
    if code == .success {
        // --help and --version print to standard output and succeed, unless that write failed.
        do { try Console.output(Scenec.fullMessage(for: error) + "\n") } catch { finish(1) }
        finish(0)
    }
    let command = subcommandName(arguments)
    var message = Scenec.message(for: error)
    if message.hasPrefix("Error: ") { message.removeFirst("Error: ".count) }
    // ArgumentParser capitalizes its own messages ("Missing expected argument"); ours are lower case.
    if let first = message.first, first.isUppercase, message.dropFirst().first?.isLowercase == true {
        message = first.lowercased() + message.dropFirst()
    }
    usageError(message, help: "see 'scenec \(command.map { $0 + " " } ?? "")--help' for the options")
}
