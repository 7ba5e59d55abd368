import DisplayList
import SceneSource
import VectorDrawableBackend

/// A variant's VectorDrawable (`--layout android-vector`), or the errors that say, at each element
/// VectorDrawable cannot draw, what it is and that the PNG layout can.
enum VectorDrawableOutput {
    static func make(_ list: DisplayList, variant name: String) -> Result<[UInt8], VectorDrawableFailure> {
        switch VectorDrawableBackend.render(list) {
        case .success(let text): return .success(Array(text.utf8))
        case .failure(let found):
            var diagnostics = found.problems.map { problem in
                Diagnostic.error(
                    .notAVectorDrawable,
                    "variant '\(name)' cannot be a VectorDrawable: this element draws \(problem.what), and \(problem.why)",
                    at: problem.source,
                    help: "build this variant with --layout android (PNGs at every density), or draw it without \(problem.what)")
            }
            if found.total > found.problems.count, !diagnostics.isEmpty {
                diagnostics[diagnostics.count - 1].notes.append(.init("and \(found.total - found.problems.count) more such elements"))
            }
            let first = found.problems.first.map { "it draws \($0.what), which VectorDrawable cannot" } ?? "VectorDrawable cannot draw it"
            return .failure(VectorDrawableFailure(message: first + "; build it with --layout android", diagnostics: diagnostics))
        }
    }
}

struct VectorDrawableFailure: Error {
    let message: String
    let diagnostics: [Diagnostic]
}
