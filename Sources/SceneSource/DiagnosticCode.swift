/// The stable identity of a kind of problem, as rustc's `E0382`: a diagnostic's message may be
/// reworded, its code never changes meaning. Tools, tests and the layers of the compiler compare
/// codes, never message text; a web page can link a code to its explanation.
///
/// One code per *kind* of problem, not per place that reports it: "undefined name" is `E0203`
/// whether a `let`, a `<text>` or a `--set` value names the unknown thing. Codes are grouped by the
/// stage that finds them (the hundreds digit); a code, once published, is never reused for
/// something else — a retired code stays retired. Errors are `E`, warnings `W`. Grammar.md,
/// section 15, lists every code with its meaning (a test checks the two agree).
public struct DiagnosticCode: Hashable, Sendable, Codable, CustomStringConvertible {
    /// `E0203`, `W0501`.
    public let rawValue: String
    /// A few words naming the kind of problem: "undefined name".
    public let title: String

    public init(_ rawValue: String, _ title: String) {
        self.rawValue = rawValue
        self.title = title
    }

    public var description: String { rawValue }

    /// Whether the code names a warning (`W…`) rather than an error (`E…`).
    public var isWarning: Bool { rawValue.hasPrefix("W") }

    // The raw value is the identity; the title is documentation.
    public static func == (a: DiagnosticCode, b: DiagnosticCode) -> Bool { a.rawValue == b.rawValue }
    public func hash(into hasher: inout Hasher) { hasher.combine(rawValue) }

    /// Encoded as the bare raw value, `"E0203"`.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// A known code gets its title back; an unknown but well-formed one (from a newer compiler)
    /// is kept with an empty title.
    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let raw = try container.decode(String.self)
        let scalars = Array(raw.unicodeScalars)
        guard scalars.count == 5, scalars[0] == "E" || scalars[0] == "W",
            scalars.dropFirst().allSatisfy({ ("0"..."9").contains($0) })
        else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "'\(raw)' is not a diagnostic code such as E0203")
        }
        self = DiagnosticCode.byRawValue[raw] ?? DiagnosticCode(raw, "")
    }

    /// The code with this raw value, if it is one of `all` or `retired`.
    public static func named(_ rawValue: String) -> DiagnosticCode? { byRawValue[rawValue] }

    private static let byRawValue: [String: DiagnosticCode] = {
        var table: [String: DiagnosticCode] = [:]
        for code in all + retired where table[code.rawValue] == nil { table[code.rawValue] = code }
        return table
    }()
}

extension DiagnosticCode {
    // MARK: E01xx reading the file, encoding and XML

    public static let emptyFile = DiagnosticCode("E0101", "empty file")
    public static let notUTF8 = DiagnosticCode("E0102", "not UTF-8")
    public static let binaryFile = DiagnosticCode("E0103", "binary file")
    public static let encodingDeclaration = DiagnosticCode("E0104", "wrong encoding declaration")
    public static let dtd = DiagnosticCode("E0105", "DTD not allowed")
    public static let unknownEntity = DiagnosticCode("E0106", "unknown entity")
    public static let lessThanInAttribute = DiagnosticCode("E0107", "'<' in an attribute value")
    public static let bareAmpersand = DiagnosticCode("E0108", "bare '&'")
    public static let invalidCharacter = DiagnosticCode("E0109", "invalid character")
    public static let unquotedAttribute = DiagnosticCode("E0110", "unquoted attribute value")
    public static let unclosedAttribute = DiagnosticCode("E0111", "unclosed attribute value")
    public static let attributeWithoutValue = DiagnosticCode("E0112", "attribute without a value")
    public static let duplicateAttribute = DiagnosticCode("E0113", "duplicate attribute")
    public static let mismatchedTag = DiagnosticCode("E0114", "mismatched closing tag")
    public static let unclosedElement = DiagnosticCode("E0115", "unclosed element")
    public static let malformedTag = DiagnosticCode("E0116", "malformed tag")
    public static let unclosedMarkup = DiagnosticCode("E0117", "unclosed comment or section")
    public static let missingRoot = DiagnosticCode("E0118", "missing root element")
    public static let contentAfterRoot = DiagnosticCode("E0119", "content after the root element")
    public static let namespacePrefix = DiagnosticCode("E0120", "namespace prefix")
    public static let malformedXML = DiagnosticCode("E0121", "malformed XML")
    public static let xmlWarning = DiagnosticCode("W0101", "XML warning")

    // MARK: E02xx names and scopes

    public static let invalidName = DiagnosticCode("E0201", "invalid name")
    public static let reservedWord = DiagnosticCode("E0202", "reserved word")
    public static let undefinedName = DiagnosticCode("E0203", "undefined name")
    public static let alreadyDefined = DiagnosticCode("E0204", "already defined")
    public static let sceneInputRedefined = DiagnosticCode("E0205", "scene input redefined")
    public static let functionAsValue = DiagnosticCode("E0206", "function used as a value")
    public static let unknownFunction = DiagnosticCode("E0207", "unknown function")
    public static let duplicateParameter = DiagnosticCode("E0208", "duplicate parameter")
    public static let reservedParameterName = DiagnosticCode("E0209", "parameter named width or height")
    public static let sameLoopNames = DiagnosticCode("E0210", "index and var share a name")

    // Warnings of the static checker (SceneAnalysis): likely mistakes, found in every branch.
    public static let unusedLet = DiagnosticCode("W0201", "unused let")
    public static let unusedGradient = DiagnosticCode("W0202", "unused gradient")
    public static let unusedParameter = DiagnosticCode("W0203", "unused parameter")
    public static let loopShadowing = DiagnosticCode("W0204", "let in a loop shadows an outer name")
    public static let fractionalChannels = DiagnosticCode("W0205", "rgb channels written as fractions")
    public static let angleInDegrees = DiagnosticCode("W0206", "angle that looks like degrees")

    // MARK: E03xx structure: elements, attributes and where they stand

    public static let unknownElement = DiagnosticCode("E0301", "unknown element")
    public static let unknownAttribute = DiagnosticCode("E0302", "unknown attribute")
    public static let missingAttribute = DiagnosticCode("E0303", "missing attribute")
    public static let misplacedElement = DiagnosticCode("E0304", "element not allowed here")
    public static let unexpectedChildren = DiagnosticCode("E0305", "element takes no children")
    public static let invalidKeyword = DiagnosticCode("E0306", "invalid keyword")
    public static let conflictingAttributes = DiagnosticCode("E0307", "conflicting attributes")
    public static let wrongRoot = DiagnosticCode("E0308", "wrong root element")
    public static let paintInsidePath = DiagnosticCode("E0309", "paint attribute inside a path")
    public static let clipWithoutShape = DiagnosticCode("E0310", "clip without shape")
    public static let elseWithoutIf = DiagnosticCode("E0311", "else without if")
    public static let rangeOnNonNumeric = DiagnosticCode("E0312", "min or max on a non-numeric parameter")
    public static let pathDataSyntax = DiagnosticCode("E0313", "path data syntax")
    // Blend modes (Grammar §11 "Blend modes").
    public static let unknownBlendMode = DiagnosticCode("E0314", "unknown blend mode")
    public static let unsupportedBlendMode = DiagnosticCode("E0315", "blend mode the renderers disagree on")
    public static let blendInsideClip = DiagnosticCode("E0316", "blend mode inside a clip")

    // MARK: E04xx expressions and types

    public static let expressionSyntax = DiagnosticCode("E0401", "expression syntax")
    public static let emptyExpression = DiagnosticCode("E0402", "empty expression")
    public static let numberWithUnit = DiagnosticCode("E0403", "number with a unit")
    public static let numberLiteralRange = DiagnosticCode("E0404", "number literal out of range")
    public static let invalidColorLiteral = DiagnosticCode("E0405", "invalid color literal")
    public static let unterminatedString = DiagnosticCode("E0406", "unterminated string")
    public static let unexpectedCharacter = DiagnosticCode("E0407", "unexpected character")
    public static let typeMismatch = DiagnosticCode("E0408", "type mismatch")
    public static let argumentCount = DiagnosticCode("E0409", "wrong number of arguments")
    public static let gradientAsPaint = DiagnosticCode("E0410", "gradient without linear()")

    // MARK: E05xx evaluation

    public static let divisionByZero = DiagnosticCode("E0501", "division by zero")
    public static let integerOverflow = DiagnosticCode("E0502", "integer overflow")
    public static let notFinite = DiagnosticCode("E0503", "result not finite")
    public static let indexOutOfRange = DiagnosticCode("E0504", "index out of range")
    public static let assertionFailed = DiagnosticCode("E0505", "assertion failed")
    public static let argumentOutOfRange = DiagnosticCode("E0506", "argument out of range")
    public static let valueOutOfRange = DiagnosticCode("E0507", "attribute value out of range")
    public static let zeroStep = DiagnosticCode("E0508", "loop step of 0")
    public static let decreasingStops = DiagnosticCode("E0509", "decreasing stop offsets")
    public static let gradientWithoutStops = DiagnosticCode("E0510", "gradient without stops")
    public static let noCurrentPoint = DiagnosticCode("E0511", "no current point")
    public static let invalidDate = DiagnosticCode("E0512", "invalid date")
    public static let emptyList = DiagnosticCode("E0513", "empty list")
    public static let invalidSize = DiagnosticCode("E0514", "invalid size")
    public static let invertedRange = DiagnosticCode("E0515", "minimum above maximum")
    public static let outsideParameterRange = DiagnosticCode("E0516", "outside the parameter's range")
    // Radial gradients (Grammar §11 "Radial gradients").
    public static let negativeRadius = DiagnosticCode("E0521", "negative gradient radius")
    public static let radialNotNested = DiagnosticCode("E0522", "radial gradient circles not nested")
    // Conic gradients (Grammar §11 "Conic gradients").
    public static let conicAngleTooLarge = DiagnosticCode("E0540", "conic gradient start angle too large")
    // Interpolated path data (Grammar §10 "Path data").
    public static let pathDataInterpolation = DiagnosticCode("E0550", "misplaced path data interpolation")
    public static let negativeArcRadius = DiagnosticCode("E0551", "negative interpolated arc radius")
    public static let drawsNothing = DiagnosticCode("W0501", "draws nothing")
    // <concatenate> (Grammar §12): a matrix that maps the plane onto a line.
    public static let singularTransform = DiagnosticCode("W0517", "singular transform")
    // Text measurement and fonts (issue 14).
    public static let unknownFont = DiagnosticCode("E0529", "unknown font family")
    public static let textNotMeasurable = DiagnosticCode("E0530", "text cannot be measured")
    public static let missingGlyphs = DiagnosticCode("W0516", "characters without a glyph")
    public static let unusableFont = DiagnosticCode("E0921", "unusable project font")
    // Masks (issue 22, Grammar §11 "Masks").
    public static let maskWithoutContent = DiagnosticCode("E0545", "mask without content")
    // Wrapped text (issue 22; Grammar.md section 19, "Wrapped text").
    public static let invalidTextWidth = DiagnosticCode("E0555", "invalid text width")
    public static let invalidMaxLines = DiagnosticCode("E0556", "invalid maxLines")
    public static let invalidLineHeight = DiagnosticCode("E0557", "invalid line height")
    // Rows and columns (Grammar.md "Rows and columns").
    public static let unsizedLayoutChild = DiagnosticCode("E0560", "layout child without a size")
    public static let positionedLayoutChild = DiagnosticCode("E0561", "position on a laid-out child")
    public static let justifyWithoutLength = DiagnosticCode("E0562", "justify without a length")
    // A component's declared size read by the scene (Grammar.md §18, "A component's size").
    public static let unknownSizedComponent = DiagnosticCode("E0585", "no such component to size")
    public static let componentNameNotLiteral = DiagnosticCode("E0586", "component name not written out")
    public static let componentSizeInConstant = DiagnosticCode("E0587", "component size in a constant")

    // MARK: E06xx limits (Grammar.md, section 14)

    public static let fileTooLarge = DiagnosticCode("E0601", "file too large")
    public static let elementsTooDeep = DiagnosticCode("E0602", "elements nested too deeply")
    public static let expressionTooDeep = DiagnosticCode("E0603", "expression nested too deeply")
    public static let tooManyIterations = DiagnosticCode("E0604", "too many loop iterations")
    public static let tooManyOperations = DiagnosticCode("E0605", "too many operations")
    public static let tooManySteps = DiagnosticCode("E0606", "too many evaluation steps")
    public static let displayListTooLarge = DiagnosticCode("E0607", "display list too large")
    public static let listTooLong = DiagnosticCode("E0608", "list too long")
    public static let stringTooLong = DiagnosticCode("E0609", "string too long")
    public static let blocksTooDeep = DiagnosticCode("E0610", "blocks nested too deeply")
    public static let numberTooLarge = DiagnosticCode("E0611", "number too large to draw")
    public static let sceneTooLarge = DiagnosticCode("E0612", "scene too large")
    public static let arcTooLong = DiagnosticCode("E0613", "arc of too many turns")
    public static let componentsTooDeep = DiagnosticCode("E0614", "components nested too deeply")
    public static let evaluationCancelled = DiagnosticCode("E0615", "evaluation cancelled")
    public static let tooManyAttributes = DiagnosticCode("E0616", "too many attributes")
    public static let textTooLongToDraw = DiagnosticCode("E0617", "text too long to draw")
    public static let tooMuchText = DiagnosticCode("E0618", "too much text to draw")
    public static let tooManyDashes = DiagnosticCode("E0619", "too many dashes to draw")
    public static let componentsTooLarge = DiagnosticCode("E0620", "components too large")

    // MARK: E07xx components

    public static let unknownComponent = DiagnosticCode("E0701", "unknown component")
    public static let duplicateComponent = DiagnosticCode("E0702", "duplicate component")
    public static let componentCycle = DiagnosticCode("E0703", "component cycle")
    public static let invalidComponentPath = DiagnosticCode("E0704", "invalid component path")
    public static let unreadableComponent = DiagnosticCode("E0705", "unreadable component file")
    public static let unknownComponentParameter = DiagnosticCode("E0706", "unknown component parameter")

    // MARK: E08xx text

    public static let emptyText = DiagnosticCode("E0801", "empty text")
    public static let unbalancedBrace = DiagnosticCode("E0802", "unbalanced brace")
    public static let notShowable = DiagnosticCode("E0803", "value cannot be shown as text")
    public static let markupInText = DiagnosticCode("E0804", "comment or CDATA in text")
    public static let unexpectedText = DiagnosticCode("E0805", "text outside a text element")

    // MARK: E09xx build manifest (`scenec build`)

    public static let manifestTooLarge = DiagnosticCode("E0901", "manifest too large")
    public static let invalidJSON = DiagnosticCode("E0902", "invalid JSON")
    public static let unknownManifestKey = DiagnosticCode("E0903", "unknown manifest key")
    public static let manifestType = DiagnosticCode("E0904", "wrong JSON type")
    public static let missingManifestKey = DiagnosticCode("E0905", "missing manifest key")
    public static let unknownScene = DiagnosticCode("E0907", "unknown scene")
    public static let invalidOutputName = DiagnosticCode("E0908", "invalid output name")
    public static let invalidScale = DiagnosticCode("E0909", "invalid scale")
    public static let noOutputs = DiagnosticCode("E0910", "variant makes no file")
    public static let invalidVariantSize = DiagnosticCode("E0911", "invalid variant size")
    public static let unknownManifestParameter = DiagnosticCode("E0912", "unknown parameter in manifest")
    public static let duplicateVariant = DiagnosticCode("E0914", "duplicate variant name")
    public static let invalidLayout = DiagnosticCode("E0915", "invalid layout")
    public static let scaleNotInLayout = DiagnosticCode("E0916", "scale not in layout")
    public static let invalidVector = DiagnosticCode("E0917", "vector variant not possible")
    public static let resourceNameClash = DiagnosticCode("E0918", "Android resource name clash")
    // Light and dark appearance (docs/manifest.md).
    public static let emptyDarkAppearance = DiagnosticCode("E0930", "dark appearance without values")
    /// Found when a build writes a VectorDrawable (`--layout android-vector`): what it cannot draw.
    public static let notAVectorDrawable = DiagnosticCode("E0931", "not expressible as a VectorDrawable")
    public static let unpairedDarkVariant = DiagnosticCode("E0932", "dark variant without its light one")
    /// Found when a build makes a variant's PDF, not in the manifest: what becomes a bitmap in it.
    public static let rasterizedInVector = DiagnosticCode("W0901", "rasterized in a vector image")

    // MARK: Retired codes: no longer reported, kept so that old reports still decode and their
    // numbers are never given to anything else.

    /// E0906, for a manifest that could not be decoded: every such problem has its own code (E0902–E0918).
    public static let invalidManifest = DiagnosticCode("E0906", "invalid manifest")
    /// E0913, for a variant parameter value that did not parse: every such value is reported with the
    /// underlying problem's code (a type mismatch, a bad date, a value out of range).
    public static let invalidParameterValue = DiagnosticCode("E0913", "invalid parameter value")

    /// Every code scenec may report, in order: for documentation checks, tools and decoding.
    public static let all: [DiagnosticCode] = [
        emptyFile, notUTF8, binaryFile, encodingDeclaration, dtd, unknownEntity, lessThanInAttribute, bareAmpersand,
        invalidCharacter, unquotedAttribute, unclosedAttribute, attributeWithoutValue, duplicateAttribute, mismatchedTag,
        unclosedElement, malformedTag, unclosedMarkup, missingRoot, contentAfterRoot, namespacePrefix, malformedXML,
        xmlWarning,

        invalidName, reservedWord, undefinedName, alreadyDefined, sceneInputRedefined, functionAsValue, unknownFunction,
        duplicateParameter, reservedParameterName, sameLoopNames,
        unusedLet, unusedGradient, unusedParameter, loopShadowing, fractionalChannels, angleInDegrees,

        unknownElement, unknownAttribute, missingAttribute, misplacedElement, unexpectedChildren, invalidKeyword,
        conflictingAttributes, wrongRoot, paintInsidePath, clipWithoutShape, elseWithoutIf, rangeOnNonNumeric, pathDataSyntax,
        unknownBlendMode, unsupportedBlendMode, blendInsideClip,

        expressionSyntax, emptyExpression, numberWithUnit, numberLiteralRange, invalidColorLiteral, unterminatedString,
        unexpectedCharacter, typeMismatch, argumentCount, gradientAsPaint,

        divisionByZero, integerOverflow, notFinite, indexOutOfRange, assertionFailed, argumentOutOfRange, valueOutOfRange,
        zeroStep, decreasingStops, gradientWithoutStops, noCurrentPoint, invalidDate, emptyList, invalidSize,
        invertedRange, outsideParameterRange,
        negativeRadius, radialNotNested,
        conicAngleTooLarge,
        pathDataInterpolation, negativeArcRadius,
        drawsNothing, singularTransform,
        unknownFont, textNotMeasurable, missingGlyphs, unusableFont,
        maskWithoutContent,
        invalidTextWidth, invalidMaxLines, invalidLineHeight,
        unsizedLayoutChild, positionedLayoutChild, justifyWithoutLength,
        unknownSizedComponent, componentNameNotLiteral, componentSizeInConstant,

        fileTooLarge, elementsTooDeep, expressionTooDeep, tooManyIterations, tooManyOperations, tooManySteps,
        displayListTooLarge, listTooLong, stringTooLong, blocksTooDeep, numberTooLarge, sceneTooLarge, arcTooLong,
        componentsTooDeep, evaluationCancelled, tooManyAttributes,
        textTooLongToDraw, tooMuchText, tooManyDashes, componentsTooLarge,

        unknownComponent, duplicateComponent, componentCycle, invalidComponentPath, unreadableComponent,
        unknownComponentParameter,

        emptyText, unbalancedBrace, notShowable, markupInText, unexpectedText,

        manifestTooLarge, invalidJSON, unknownManifestKey, manifestType, missingManifestKey, unknownScene,
        invalidOutputName, invalidScale, noOutputs, invalidVariantSize, unknownManifestParameter,
        duplicateVariant, invalidLayout, scaleNotInLayout, invalidVector, resourceNameClash, emptyDarkAppearance,
        notAVectorDrawable, unpairedDarkVariant,
        rasterizedInVector,
    ]

    /// Codes no longer reported (see their declarations), in order.
    public static let retired: [DiagnosticCode] = [invalidManifest, invalidParameterValue]
}
