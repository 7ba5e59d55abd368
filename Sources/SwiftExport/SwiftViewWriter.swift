import CodeGeneration
import SceneCompiler
import SceneEvaluator

/// The thin views around a scene's drawing function: a UIKit `@IBDesignable` view with one
/// `@IBInspectable` property per parameter Interface Builder can show (the seeds' idiom; lists and
/// dates are plain properties), redrawn when one changes, and a SwiftUI view drawing through
/// `Canvas`. Behind `#if canImport(…)`: only parsed here (`swiftc -parse`), no Apple SDK.
struct SwiftViewWriter {
    let loaded: LoadedScene
    let typeName: String

    var viewName: String { typeName.hasSuffix("Scene") ? String(typeName.dropLast("Scene".count)) + "View" : typeName + "View" }

    func write() -> String {
        var out = CodeWriter()
        out.line("#if canImport(UIKit)")
        out.line("/// \(typeName) as a UIKit view: drop it into Interface Builder, set its properties there or in code.")
        out.open("@IBDesignable public final class \(viewName): UIView {")
        out.line("public var parameters = \(typeName).Parameters() { didSet { setNeedsDisplay() } }")
        for p in loaded.parameters {
            let name = SwiftNames.identifier(p.name)
            switch p.type {
            case .number:
                out.line(
                    "@IBInspectable public var \(name): CGFloat { get { CGFloat(parameters.\(name)) } set { parameters.\(name) = Double(newValue) } }"
                )
            case .int: out.line("@IBInspectable public var \(name): Int { get { parameters.\(name) } set { parameters.\(name) = newValue } }")
            case .bool: out.line("@IBInspectable public var \(name): Bool { get { parameters.\(name) } set { parameters.\(name) = newValue } }")
            case .string: out.line("@IBInspectable public var \(name): String { get { parameters.\(name) } set { parameters.\(name) = newValue } }")
            case .color:
                out.line("@IBInspectable public var \(name): UIColor {")
                out.line(
                    "    get { UIColor(red: parameters.\(name).red, green: parameters.\(name).green, blue: parameters.\(name).blue, alpha: parameters.\(name).alpha) }"
                )
                out.line(
                    "    set { var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0; newValue.getRed(&r, green: &g, blue: &b, alpha: &a); parameters.\(name) = SceneColor(red: r, green: g, blue: b, alpha: a) }"
                )
                out.line("}")
            default: continue
            }
        }
        out.open("public override func draw(_ rect: CGRect) {")
        out.line("guard let context = UIGraphicsGetCurrentContext() else { return }")
        out.line("\(typeName).draw(in: context, frame: bounds, resizing: .aspectFit, parameters)")
        out.close()
        out.close()
        out.line("#endif")
        out.line()
        out.line("#if canImport(SwiftUI)")
        out.line("/// \(typeName) as a SwiftUI view, fitted to the space it is given.")
        out.open("public struct \(viewName)UI: View {")
        out.line("public var parameters: \(typeName).Parameters")
        out.line("public var resizing: SceneResizing")
        out.line(
            "public init(_ parameters: \(typeName).Parameters = .init(), resizing: SceneResizing = .aspectFit) { self.parameters = parameters; self.resizing = resizing }"
        )
        out.open("public var body: some View {")
        out.open("Canvas { context, size in")
        out.line("context.withCGContext { \(typeName).draw(in: $0, frame: CGRect(origin: .zero, size: size), resizing: resizing, parameters) }")
        out.close()
        out.close()
        out.close()
        out.line("#endif")
        return out.text
    }
}
