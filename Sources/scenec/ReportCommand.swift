import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import ReviewPage
import SceneDiff
import SceneIO
import SceneSnapshot

struct ReportCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "report",
        abstract: "Work with the reports of scenec test and scenec diff.",
        subcommands: [Merge.self])

    struct Merge: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "merge",
            abstract: "Merge the JUnit files and review pages of several shards of `scenec test --shard K/N` into one.",
            discussion: """
                Give the shards' JUnit files with --junit-in (repeatable) and their review page folders with \
                --html-in (repeatable); --junit and --html name the merged outputs.
                """)

        @Option(name: .customLong("junit-in"), help: ArgumentHelp("A shard's JUnit file (repeatable).", valueName: "file"))
        var junitInputs: [String] = []

        @Option(help: ArgumentHelp("The merged JUnit file to write.", valueName: "file"))
        var junit: String?

        @Option(name: .customLong("html-in"), help: ArgumentHelp("A shard's review page folder (repeatable).", valueName: "dir"))
        var htmlInputs: [String] = []

        @Option(help: ArgumentHelp("The folder of the merged review page.", valueName: "dir"))
        var html: String?

        func validate() throws {
            if junit == nil && html == nil { throw ValidationError("name what to merge into: --junit FILE and/or --html DIR") }
            if junit != nil && junitInputs.isEmpty { throw ValidationError("--junit needs the shards' files: --junit-in FILE (repeatable)") }
            if html != nil && htmlInputs.isEmpty { throw ValidationError("--html needs the shards' pages: --html-in DIR (repeatable)") }
        }

        func run() throws {
            if let junit {
                var files: [(String, String)] = []
                for path in junitInputs {
                    do {
                        files.append((path, String(decoding: try InputFile.read(path, maxBytes: 256 << 20).bytes, as: UTF8.self)))
                    } catch {
                        throw CommandError(error.message)
                    }
                }
                let merged: String
                do { merged = try JUnitMerge.merge(files) } catch { throw CommandError(error.description) }
                try Output.write(Array(merged.utf8), to: junit)
            }
            if let html {
                var variants: [VariantDiff] = [], images: ReviewImages = [:]
                var labels: (String, String)? = nil
                var oldProblems: [String] = [], newProblems: [String] = []
                for folder in htmlInputs {
                    let (review, pictures): (ReviewResult, ReviewImages)
                    do { (review, pictures) = try ReviewPage.read(folder) } catch { throw CommandError(error.message) }
                    labels = labels ?? (review.oldLabel, review.newLabel)
                    variants += review.variants
                    images.merge(pictures) { first, _ in first }
                    oldProblems += review.oldProblems
                    newProblems += review.newProblems
                }
                let merged = ReviewResult(
                    oldLabel: labels?.0 ?? "", newLabel: labels?.1 ?? "",
                    variants: variants.sorted { $0.name < $1.name },
                    oldProblems: oldProblems, newProblems: newProblems)
                do { try ReviewPage.write(merged, images: images, to: html) } catch {
                    throw CommandError("cannot write the merged review page: \(error.description)")
                }
            }
        }
    }
}
