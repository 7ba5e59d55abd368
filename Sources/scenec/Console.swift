import ArgumentParser
import SceneIO
import SceneProject
import SceneSource
import Synchronization

/// Standard output and standard error for the commands. A failed write (a full disk, a closed
/// stream) never traps: output failures end the command with exit status 1 and a message on
/// standard error where one can still be written; a failed write to standard error is remembered
/// and turns a successful run into exit status 1 at the end.
enum Console {
    private static let errorFailed = Atomic<Bool>(false)

    /// Writes to standard output, or throws `ExitCode(1)` after saying why.
    static func output(_ text: String) throws {
        do {
            try StandardStream.output.write(text)
        } catch {
            Console.error("scenec: error: \(error.description)\n")
            throw CommandFailure()
        }
    }

    static func output(_ bytes: [UInt8]) throws {
        do {
            try StandardStream.output.write(bytes)
        } catch {
            Console.error("scenec: error: \(error.description)\n")
            throw CommandFailure()
        }
    }

    static func error(_ text: String) {
        do {
            try StandardStream.error.write(text)
        } catch {
            errorFailed.store(true, ordering: .relaxed)
        }
    }

    /// Whether anything meant for standard error was lost.
    static var lostErrorOutput: Bool { errorFailed.load(ordering: .relaxed) }

    static var errorIsTerminal: Bool { StandardStream.error.isTerminal }
}

/// A command-line mistake found while a command runs (an unknown `--set` name, a missing file):
/// printed as `scenec: error: …` with an optional `help:` line, exit status 2.
struct CommandError: Error, CustomStringConvertible {
    let description: String
    let help: String?
    /// Lines printed under the message (a scene's parameter list): each made visible on its own,
    /// so their line breaks stay line breaks while one inside the message is still shown as \u{A}.
    let details: [String]
    init(_ message: String, help: String? = nil, details: [String] = []) {
        description = message
        self.help = help
        self.details = details
    }
}

/// The command ran but what it was asked for could not be made (a scene with errors, an image
/// over the limits, an output that cannot be written): the reasons were printed; exit status 1.
struct CommandFailure: Error {}

extension ProjectError {
    /// Said as the command line says it, and ended with the documented exit status: 2 for a
    /// wrong command line or manifest (its problems first), 1 for what could not be done.
    func report() throws -> Never {
        switch kind {
        case .usage: throw CommandError(message, help: help)
        case .plan:
            Console.error(problems)
            Console.error(message + "\n")
            throw ExitCode(2)
        case .failure:
            Console.error(DiagnosticRenderer.visible("scenec: error: \(message)") + "\n")
            if let help { Console.error("help: \(help)\n") }
            throw CommandFailure()
        }
    }
}
