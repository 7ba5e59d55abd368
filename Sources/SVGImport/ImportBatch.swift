import SceneIO

/// `scenec import`: SVG files and folders of them into `.scene` files under one output folder.
/// Each file is read as a source (no output may replace it), imported, and written atomically,
/// never through a link below the output folder (`ContainedFolder`), and never over a file that
/// `scenec import` did not write unless `force`.
public struct ImportBatch {
    public struct Options: Sendable {
        public var output: String?
        public var check = false
        public var strict = false
        public var force = false
        public init() {}
    }

    /// One SVG file found, with the path of its scene below the output folder.
    public struct Input: Sendable, Equatable {
        public let path: String
        public let scene: String
    }

    /// The first line of every scene the importer writes: how it knows a file is its own.
    public static let marker = "<!-- Imported by scenec import"

    public let options: Options
    public init(options: Options) { self.options = options }

    /// The SVG files of the paths given: files as they are, folders searched recursively (in name
    /// order, links not followed). Problems (a missing path, a link) are returned as messages.
    public static func inputs(_ paths: [String]) -> (inputs: [Input], problems: [String]) {
        var inputs: [Input] = [], problems: [String] = []
        for path in paths {
            let folder = ContainedFolder(root: path)
            let isFolder = (try? folder.kind(of: "")) == .folder
            if !isFolder {
                guard path.lowercased().hasSuffix(".svg") else {
                    problems.append("\(path): error: not an .svg file or a folder\n  help: give SVG files or folders holding them\n")
                    continue
                }
                inputs.append(Input(path: path, scene: FilePath.baseName(of: path, dropping: ".svg") + ".scene"))
                continue
            }
            walk(folder, "", into: &inputs, problems: &problems)
        }
        return (inputs, problems)
    }

    private static func walk(_ folder: ContainedFolder, _ relative: String, into inputs: inout [Input], problems: inout [String]) {
        guard let entries = try? folder.entries(relative) else { return }
        for entry in entries {
            let child = relative.isEmpty ? entry.name : relative + "/" + entry.name
            switch entry.kind {
            case .folder: walk(folder, child, into: &inputs, problems: &problems)
            case .file where entry.name.lowercased().hasSuffix(".svg"):
                inputs.append(Input(path: folder.path(child), scene: String(child.dropLast(4)) + ".scene"))
            case .link where entry.name.lowercased().hasSuffix(".svg"):
                problems.append("\(folder.path(child)): warning: a link, not followed\n  help: import the file it points to directly\n")
            default: break
            }
        }
    }

    /// What happened to one file, as the report prints it.
    public struct FileReport: Sendable {
        public let input: Input
        public let result: ImportResult
        /// Why the scene was not written although it was imported (an existing file, a write error).
        public let writeError: String?

        public var outcome: ImportResult.Outcome { writeError == nil ? result.outcome : .refused }
    }

    /// Imports one file and (unless checking) writes its scene.
    public func run(_ input: Input) -> FileReport {
        let contents: InputFile.Contents
        do throws(InputError) {
            contents = try InputFile.read(input.path, maxBytes: SVGReaderLimits().maxBytes)
        } catch {
            let refusal = ImportWarning(line: 0, column: 0, message: error.message, help: error.help ?? "check the path")
            return FileReport(input: input, result: ImportResult(scene: nil, warnings: [], refusal: refusal), writeError: nil)
        }
        var result = SVGImporter.importSVG(contents.bytes, source: FilePath.fileName(of: input.path))
        if options.strict, result.scene != nil, let first = result.warnings.first {
            result = ImportResult(scene: nil, warnings: Array(result.warnings.dropFirst()), refusal: first)
        }
        guard let scene = result.scene, !options.check, let output = options.output else {
            return FileReport(input: input, result: result, writeError: nil)
        }
        let folder = ContainedFolder(root: output)
        do throws(OutputError) {
            if !options.force, (try folder.kind(of: input.scene)) != nil {
                let existing = try? folder.read(input.scene, maxBytes: 1 << 20)
                let ours = existing.map { Array($0.bytes.prefix(Self.marker.utf8.count)) == Array(Self.marker.utf8) } ?? false
                if !ours {
                    return FileReport(
                        input: input, result: result,
                        writeError:
                            "\(folder.path(input.scene)) exists and was not written by scenec import: not replaced\n  help: pass --force to replace it, or choose another -o folder\n"
                    )
                }
            }
            _ = try folder.write(Array(scene.utf8), to: input.scene)
        } catch {
            return FileReport(input: input, result: result, writeError: "\(error.description)\n  help: \(error.help ?? "check the output folder")\n")
        }
        return FileReport(input: input, result: result, writeError: nil)
    }

    /// The report of one file: its warnings (or its refusal) located in the SVG.
    public func text(_ report: FileReport) -> String {
        var out = ""
        if let refusal = report.result.refusal {
            out += refusal.text(file: report.input.path, severity: "error")
        }
        for w in report.result.warnings { out += w.text(file: report.input.path, severity: options.strict ? "error" : "warning") }
        if let writeError = report.writeError { out += "error: " + writeError }
        let verb = options.check ? "would import" : "imported"
        switch report.outcome {
        case .exact: out += "\(report.input.path): \(verb) exactly → \(report.input.scene)\n"
        case .withWarnings:
            out +=
                "\(report.input.path): \(verb) with \(report.result.warnings.count) warning\(report.result.warnings.count == 1 ? "" : "s") → \(report.input.scene)\n"
        case .refused: out += "\(report.input.path): refused\n"
        }
        return out
    }
}
