import KotlinExport
import SceneCompiler
import SceneIO
import SwiftExport
import TypeScriptExport

/// `scenec export` after its scenes are loaded: the exporter each language is written by, the
/// file compared (`--check`) or written, and every problem said with what to do. The command line
/// maps its options to `Target`s and prints what comes back.
public enum CodeExport {
    /// The languages export writes, one file each.
    public enum Language: Sendable, CaseIterable {
        /// Swift for Core Graphics, with UIKit and SwiftUI views (`SwiftExport`).
        case swift
        /// An ES module in TypeScript drawing on Canvas 2D (`TypeScriptExport`).
        case typeScript
        /// The same module in plain JavaScript.
        case javaScript
        /// Kotlin for `android.graphics.Canvas` (`KotlinExport`).
        case kotlin
    }

    /// One file asked for: its path (`-` for standard output) and its language.
    public struct Target: Sendable, Equatable {
        public let path: String
        public let language: Language

        public init(path: String, language: Language) {
            self.path = path
            self.language = language
        }
    }

    /// Why a file could not be made or written. `description` is the line as printed: located
    /// (`FILE: error: …`) when a scene is the reason, `scenec: error: …` otherwise.
    public struct Problem: Error, Sendable, CustomStringConvertible {
        public let description: String
        public let help: String?

        init(_ line: String, help: String?) {
            description = line
            self.help = help
        }
    }

    /// What `--check` finds at a target's path.
    public enum FileState: Sendable, Equatable {
        /// The file holds exactly what export would write.
        case current
        case missing
        /// The file differs (or cannot be read as a whole).
        case stale
    }

    /// The code of `scenes` in `language`: one self-contained file, the same bytes for the same scenes.
    public static func code(_ scenes: [LoadedScene], in language: Language) throws(Problem) -> String {
        switch language {
        case .swift:
            do {
                return try SwiftExporter.export(scenes.map { SwiftExporter.Input(loaded: $0, path: $0.path) })
            } catch {
                throw Problem("\(error)", help: "export the other scenes alone, or see docs/export.md for what Swift export supports")
            }
        case .kotlin:
            do {
                return try KotlinExporter.export(scenes.map { KotlinExporter.Input(loaded: $0, path: $0.path) })
            } catch {
                throw Problem("\(error)", help: "export the other scenes alone, or see docs/export.md for what Kotlin export supports")
            }
        case .typeScript, .javaScript:
            do {
                return try TypeScriptExporter.module(scenes, language: language == .typeScript ? .typeScript : .javaScript)
            } catch {
                // The location is FILE:LINE:COL; `scenec check FILE` shows every problem of the scene.
                let file = error.location.split(separator: ":").first ?? ""
                throw Problem("\(error.location): error: \(error.message)", help: "check the scene with `scenec check \(file)`")
            }
        }
    }

    /// Whether the file at `path` holds exactly `code` (`--check`).
    public static func state(of path: String, expecting code: String) -> FileState {
        // Far above any generated file: a bigger one is stale without being read whole.
        guard let existing = try? InputFile.read(path, maxBytes: 64 << 20) else { return .missing }
        return existing.bytes == Array(code.utf8) ? .current : .stale
    }

    /// Writes `code` to `path` atomically. A path that is one of the scenes' files (however it is
    /// spelled: links, `..`) is refused: a mistyped output must not destroy a source.
    public static func write(_ code: String, to path: String, protecting scenes: [LoadedScene]) throws(Problem) {
        let target = FileIdentity.of(path)
        if target != nil, scenes.contains(where: { $0.files.contains { FileIdentity.of($0) == target } }) {
            throw Problem(
                "scenec: error: the output '\(path)' is a scene file; it would be overwritten",
                help: "write the module to another file, such as widgets.ts")
        }
        do {
            try AtomicFile.write(text: code, to: path)
        } catch {
            throw Problem("scenec: error: \(error.description)", help: nil)
        }
    }
}
