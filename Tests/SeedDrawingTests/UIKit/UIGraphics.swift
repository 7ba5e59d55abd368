import CoreGraphicsRecorder

/// The context UIKit makes current around a view's `draw(_:)`: a task-local here (tests run in
/// parallel, each drawing into its own recorder), boxed because a context is not `Sendable`.
enum UIGraphicsCurrentContext {
    final class Box: @unchecked Sendable {
        let context: CGContext
        init(_ context: CGContext) { self.context = context }
    }

    @TaskLocal static var box: Box?

    /// Runs `body` with `context` current, as UIKit does around `draw(_:)`.
    static func with<T>(_ context: CGContext, _ body: () throws -> T) rethrows -> T {
        try $box.withValue(Box(context), operation: body)
    }
}

/// UIKit's function: the context `draw(_:)` draws into, nil outside one.
func UIGraphicsGetCurrentContext() -> CGContext? { UIGraphicsCurrentContext.box?.context }
