// `scenec-preview`: the live preview's server, run by `scenec preview` (which checks the command line
// and replaces itself with this program; see `PreviewConfiguration` for why it is a program of its
// own). Its messages and exit statuses are `scenec preview`'s: 0 when stopped by Ctrl-C or SIGTERM,
// 2 for what the command line asked wrongly (a port in use).
import Foundation
import SceneIO
import ScenePreview

StandardStream.reserveClosedDescriptors()
// `scenec preview &` in a script: a non-interactive shell starts a background job with SIGINT
// ignored, and an ignored signal stays ignored across exec, so `kill -INT` (or Ctrl-C) would not
// stop the preview. A server that SIGINT stops takes it back whatever it inherited.
signal(SIGINT, SIG_DFL)
// Before any other thread exists (as in scenec): Ctrl-C and SIGTERM reach `PreviewRun`'s handler.
InterruptCleanup.install()

let arguments = CommandLine.arguments
guard arguments.count == 3, arguments[1] == PreviewConfiguration.option,
    let configuration = try? JSONDecoder().decode(PreviewConfiguration.self, from: Data(arguments[2].utf8))
else {
    let stray = arguments.count == 3 && arguments[1] == PreviewConfiguration.option
    PreviewRun.fail(
        stray
            ? "scenec-preview could not read the configuration scenec gave it"
            : "scenec-preview is started by 'scenec preview', not by itself",
        help: stray
            ? "scenec and scenec-preview come from different builds; build both again (make build)"
            : "run 'scenec preview [folders]' instead; see 'scenec preview --help'")
}
PreviewRun(configuration).run()
