import ArgumentParser
import SVGImport

struct ImportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "import",
        abstract: "Turn SVG files into scenes that draw the same.",
        discussion: """
            Each SVG file (folders are searched recursively for .svg files) becomes one .scene file under the \
            output folder, at the same relative path: paths, rects, circles, ellipses, lines, polylines and \
            polygons as the language's elements; groups, transforms (matrix and skew through <concatenate>), \
            opacity, clip paths, <use> and <symbol>, gradients, style attributes and simple <style> class rules; \
            currentColor becomes a `color` parameter. What the language cannot say (filters, masks, text, \
            images, scripts, external references) is reported as FILE:LINE:COL warnings naming the SVG element. \
            A file scenec import did not write is never replaced without --force. The last line sums up \
            (`650 files: 612 imported exactly, 30 with warnings, 8 refused`). docs/import.md is the guide. \
            Exit status: 0 when every file was imported, 1 when any was refused (with --strict, also one \
            with warnings), 2 when the command line is wrong.
            """)

    @Argument(help: ArgumentHelp("SVG files, or folders to search for them recursively.", valueName: "path"))
    var paths: [String] = []

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write the scenes into (made when missing).", valueName: "folder"))
    var output: String?

    @Flag(help: "Dry run: report what each file would import and what not, and write nothing.")
    var check = false

    @Flag(help: "Treat every warning as an error: a file with anything the language cannot say is refused.")
    var strict = false

    @Flag(help: "Replace existing .scene files even when scenec import did not write them.")
    var force = false

    func validate() throws {
        if paths.isEmpty { throw ValidationError("give SVG files or folders to import") }
        if output == nil && !check { throw ValidationError("give the output folder with -o FOLDER, or --check for a dry run") }
    }

    func run() throws {
        var options = ImportBatch.Options()
        options.output = output
        options.check = check
        options.strict = strict
        options.force = force
        let batch = ImportBatch(options: options)
        let (inputs, problems) = ImportBatch.inputs(paths)
        problems.forEach { Console.error($0) }
        var summary = ImportSummary()
        for input in inputs {
            let report = batch.run(input)
            summary.add(report.outcome)
            Console.error(batch.text(report))
        }
        Console.error(summary.line + "\n")
        if summary.refused > 0 || problems.contains(where: { $0.contains(": error:") }) { throw CommandFailure() }
    }
}
