/// What the static checker (SceneAnalysis) needs to know of the evaluator's tables, without any
/// runtime value: the functions (from `Builtins.signatures`, so a function added there is known to
/// the checker at once), what other languages call some of them, and the predefined names.
extension SceneEvaluator {
    /// Functions by what other languages call them (`cumsum` → `runningSum`), with the language.
    public static var foreignFunctionNames: [String: (ours: String, origin: String)] { Builtins.foreignNames }

    /// The CSS color names a bare name can stand for (`red`), sorted.
    public static var colorNames: [String] { CSSColors.names }

    /// The type (`Value.typeName`) of a name every scene has without declaring it (`pi`, `none`,
    /// `red`), nil for any other name.
    public static func predefinedTypeName(_ name: String) -> String? { ExpressionEvaluator.predefined(name)?.typeName }
}
