// The entry point: run the command, and map outcomes to the documented exit statuses
// (0 success, 1 compile error, 2 usage error). ArgumentParser's own usage errors exit 64; we say 2.
import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

do {
    var command = try Scenec.parseAsRoot()
    try command.run()
} catch let exit as ExitCode {
    Glibc.exit(exit.rawValue)
} catch let error as CommandError {
    Terminal.writeError("scenec: error: \(error.description)\n")
    Glibc.exit(2)
} catch {
    let code = Scenec.exitCode(for: error)
    if code == .success {
        // --help and --version print to standard output and succeed.
        print(Scenec.fullMessage(for: error))
        Glibc.exit(0)
    }
    Terminal.writeError(Scenec.fullMessage(for: error) + "\n")
    Glibc.exit(code == .failure || code == ExitCode(1) ? 1 : 2)
}
