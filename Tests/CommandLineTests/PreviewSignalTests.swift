import Foundation
import Testing

/// `scenec preview &` from a script (issue 27): a non-interactive shell starts a background job
/// with SIGINT ignored, which exec keeps. The preview still stops on SIGINT, as the README says.
struct PreviewSignalTests {
    @Test func sigintStopsAPreviewThatInheritedItIgnored() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // As `sh -c 'scenec preview … &'` starts it: SIGINT ignored, no signal blocked.
        process.arguments = [
            "-c",
            "exec python3 -c 'import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); "
                + "signal.signal(signal.SIGINT, signal.SIG_IGN); os.execv(sys.argv[1], sys.argv[1:])' \"$@\"",
            "sh", CommandLineTests.binary, "preview", "Scenes", "--port", "0",
        ]
        process.currentDirectoryURL = Package.folder
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Serving once it prints its address.
        var text = ""
        while !text.contains("open http") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        #expect(text.contains("open http"), "\(text)")
        kill(process.processIdentifier, SIGINT)
        // Not a timing test: a preview that ignores the signal would run forever, so it is given a
        // minute, then killed and the test fails.
        var waited = 0
        while process.isRunning && waited < 600 {
            usleep(100_000)
            waited += 1
        }
        let stopped = !process.isRunning
        if !stopped { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(stopped, "SIGINT did not stop the preview")
        // Stopped by SIGINT: shut down (status 0), or, for a signal that comes before the preview
        // has set up its shutdown, ended by the signal itself (its default action).
        let byItsHandler = process.terminationReason == .exit && process.terminationStatus == 0
        let byTheSignal = process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGINT
        #expect(byItsHandler || byTheSignal, "\(process.terminationReason) \(process.terminationStatus)")
    }
}
