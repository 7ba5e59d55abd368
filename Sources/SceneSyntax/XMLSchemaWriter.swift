import SceneVocabulary

/// The scene language as an XML Schema (XSD 1.0), made from the same table the checker uses
/// (`Schema`) and its documentation (`Schema.elementDocumentation` …), so it cannot drift from the
/// language: editors with an XML language server (VS Code's XML extension, IntelliJ) offer
/// completion, show the documentation on hover and mark mistakes as the author types.
///
/// What it says: the root is `<scene>`; each element appears only where the checker allows it (the
/// drawing, path and gradient blocks; `<param>` directly in `<scene>` or `<component>`;
/// `<component>` directly in `<scene>`; `<shape>` first in `<clip>`; `<elseif>` and `<else>` right
/// after an `<if>`); each element's attributes, required ones marked, with their documentation;
/// keyword attributes as enumerations; paint attributes on shapes in drawing blocks only; `<use>`
/// also takes any other attribute (a component parameter). What it cannot say: expressions are
/// strings to it (their types are checked by `scenec check`), and rules across attributes (`<for>`'s
/// combinations, `<use>`'s `src` or `component`) are the checker's. `scenec check` has the last word.
public enum XMLSchemaWriter {
    public static func xsd() -> String {
        var w = Writer()
        w.line(#"<?xml version="1.0" encoding="UTF-8"?>"#)
        w.line("<!-- The scene language (Grammar.md), for editors. Made by `scenec schema` from the schema table the checker")
        w.line("     uses (Sources/SceneSyntax/Schema.swift, SchemaDocumentation.swift); do not edit: run `make schema`. -->")
        w.open(#"<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" elementFormDefault="unqualified">"#)
        w.documentation(
            "A scene file: one widget drawing, compiled by scenec to SVG, PNG and PDF. "
                + "Expressions are checked by `scenec check`, not by this schema.")
        w.blank()
        w.open(#"<xs:element name="scene" type="scene">"#)
        w.documentation(Schema.elementDocumentation[.scene] ?? "")
        w.close("</xs:element>")

        // The blocks: what each may contain.
        for context in [BlockContext.drawing, .path, .gradient] {
            w.blank()
            w.comment("The statements of a \(context.rawValue) block.")
            w.open(#"<xs:group name="\#(context.rawValue)Statements">"#)
            w.open("<xs:choice>")
            for kind in ElementKind.allCases where allowed(kind, in: context) && kind != .elseif && kind != .else {
                if kind == .if {
                    // An <if> chain: <elseif>s and one <else> only right after it.
                    w.open("<xs:sequence>")
                    element(&w, .if, in: context)
                    element(&w, .elseif, in: context, occurs: #" minOccurs="0" maxOccurs="unbounded""#)
                    element(&w, .else, in: context, occurs: #" minOccurs="0""#)
                    w.close("</xs:sequence>")
                } else {
                    element(&w, kind, in: context)
                }
            }
            w.close("</xs:choice>")
            w.close("</xs:group>")
        }

        // The element types.
        for kind in ElementKind.allCases {
            for context in typeContexts(kind) {
                w.blank()
                complexType(&w, kind, context: context)
            }
        }

        // Keyword attributes' words.
        for (name, words) in keywordTypes() {
            w.blank()
            w.open(#"<xs:simpleType name="\#(name)">"#)
            // A font is a pinned family (offered for completion) or any family of the project's
            // own fonts (Fonts/), which scenec checks when it compiles.
            let openFamilies = name == "font.words"
            if openFamilies { w.open("<xs:union>"); w.open("<xs:simpleType>") }
            w.open(#"<xs:restriction base="xs:token">"#)
            for word in words { w.line(#"<xs:enumeration value="\#(escape(word))"/>"#) }
            w.close("</xs:restriction>")
            if openFamilies {
                w.close("</xs:simpleType>")
                w.open("<xs:simpleType>")
                w.open(#"<xs:restriction base="xs:token">"#)
                w.line(#"<xs:minLength value="1"/>"#)
                w.close("</xs:restriction>")
                w.close("</xs:simpleType>")
                w.close("</xs:union>")
            }
            w.close("</xs:simpleType>")
        }
        w.close("</xs:schema>")
        return w.text
    }

    /// Where an element may stand, as the checker decides it (section 9's table).
    static func allowed(_ kind: ElementKind, in context: BlockContext) -> Bool {
        switch kind {
        case .scene, .param, .component, .shape, .content: return false // only in particular places
        default: return Schema.spec(kind).contexts.contains(context)
        }
    }

    /// The contexts an element's type depends on: control flow contains the block it stands in, and
    /// shapes take paint attributes only in a drawing block. nil: one type for all.
    static func typeContexts(_ kind: ElementKind) -> [BlockContext?] {
        switch kind {
        case .if, .elseif, .else, .for: return [.drawing, .path, .gradient]
        default:
            let spec = Schema.spec(kind)
            if !spec.drawingAttributes.isEmpty && spec.contexts.count > 1 { return [.drawing, .path] }
            return [nil]
        }
    }

    static func typeName(_ kind: ElementKind, _ context: BlockContext?) -> String {
        context.map { "\(kind.rawValue).\($0.rawValue)" } ?? kind.rawValue
    }

    private static func element(_ w: inout Writer, _ kind: ElementKind, in context: BlockContext?, occurs: String = "") {
        let type = typeContexts(kind) == [nil] ? typeName(kind, nil) : typeName(kind, context)
        w.open(#"<xs:element name="\#(kind.rawValue)" type="\#(type)"\#(occurs)>"#)
        w.documentation(Schema.elementDocumentation[kind] ?? "")
        w.close("</xs:element>")
    }

    private static func complexType(_ w: inout Writer, _ kind: ElementKind, context: BlockContext?) {
        let spec = Schema.spec(kind)
        let children: BlockContext? = [.if, .elseif, .else, .for].contains(kind) ? context : spec.childContext
        if spec.hasTextContent {
            w.open(#"<xs:complexType name="\#(typeName(kind, context))">"#)
            w.open("<xs:simpleContent>")
            w.open(#"<xs:extension base="xs:string">"#)
            attributes(&w, spec, context: context ?? .drawing)
            w.close("</xs:extension>")
            w.close("</xs:simpleContent>")
            w.close("</xs:complexType>")
            return
        }
        w.open(#"<xs:complexType name="\#(typeName(kind, context))">"#)
        switch (kind, children) {
        case (.scene, _), (.component, _):
            w.open(#"<xs:choice minOccurs="0" maxOccurs="unbounded">"#)
            element(&w, .param, in: nil)
            if kind == .scene { element(&w, .component, in: nil) }
            w.line(#"<xs:group ref="drawingStatements"/>"#)
            w.close("</xs:choice>")
        case (.clip, _):
            w.open("<xs:sequence>")
            element(&w, .shape, in: nil)
            w.line(#"<xs:group ref="drawingStatements" minOccurs="0" maxOccurs="unbounded"/>"#)
            w.close("</xs:sequence>")
        case (.mask, _):
            w.open("<xs:sequence>")
            element(&w, .content, in: nil)
            w.line(#"<xs:group ref="drawingStatements" minOccurs="0" maxOccurs="unbounded"/>"#)
            w.close("</xs:sequence>")
        case (_, let block?):
            w.line(#"<xs:group ref="\#(block.rawValue)Statements" minOccurs="0" maxOccurs="unbounded"/>"#)
        case (_, nil):
            w.line("<xs:sequence/>")
        }
        attributes(&w, spec, context: context ?? spec.contexts.first ?? .drawing)
        if spec.acceptsArguments {
            w.open(#"<xs:anyAttribute processContents="skip">"#)
            w.documentation("Any other name: " + Schema.componentArgumentDocumentation + ".")
            w.close("</xs:anyAttribute>")
        }
        w.close("</xs:complexType>")
    }

    private static func attributes(_ w: inout Writer, _ spec: ElementSpec, context: BlockContext) {
        let paint = context == .drawing ? spec.drawingAttributes : []
        for attribute in spec.attributes + paint {
            let isPaint = paint.contains { $0.name == attribute.name } && !spec.attributes.contains { $0.name == attribute.name }
            let meaning =
                isPaint
                ? Schema.paintAttributeDocumentation[attribute.name]
                : Schema.attributeDocumentation[spec.kind]?[attribute.name]
            let type: String
            if case .keyword = attribute.type { type = keywordTypeName(attribute, on: spec.kind) } else { type = "xs:string" }
            let use = attribute.required ? #" use="required""# : ""
            w.open(#"<xs:attribute name="\#(attribute.name)" type="\#(type)"\#(use)>"#)
            w.documentation((meaning ?? "") + "\n\n" + describe(attribute))
            w.close("</xs:attribute>")
        }
    }

    /// `Type: number (an expression). Default: 0.`
    static func describe(_ attribute: AttributeSpec) -> String {
        let type: String
        switch attribute.type {
        case .expression(let expected): type = expected == "any" ? "an expression of any type" : "\(expected) (an expression)"
        case .keyword(let words): type = "one of " + words.joined(separator: ", ")
        case .identifier: type = "a name being declared"
        case .text: type = "literal text"
        case .parameterValue: type = "a value of the parameter's type (as --set takes it)"
        }
        let value = attribute.required ? "required" : attribute.defaultDescription.map { "default " + $0 } ?? "optional"
        return "Type: \(type). \(value.prefix(1).uppercased() + value.dropFirst())."
    }

    /// One simple type per keyword attribute name (the same name always has the same words).
    static func keywordTypes() -> [(String, [String])] {
        var types: [String: [String]] = [:]
        for kind in ElementKind.allCases {
            let spec = Schema.spec(kind)
            for attribute in spec.attributes + spec.drawingAttributes {
                guard case .keyword(let words) = attribute.type else { continue }
                let name = keywordTypeName(attribute, on: kind)
                precondition(types[name] == nil || types[name] == words, "two keyword lists for '\(attribute.name)'")
                types[name] = words
            }
        }
        return types.sorted { $0.key < $1.key }
    }

    /// `align` has other words on `<row>` and `<column>` (top … bottom, leading … trailing) than on
    /// `<text>`: their types are named after the element.
    static func keywordTypeName(_ attribute: AttributeSpec, on kind: ElementKind) -> String {
        (kind == .row || kind == .column) && attribute.id == .align ? "\(kind.rawValue).align.words" : attribute.name + ".words"
    }

    static func escape(_ text: String) -> String {
        var out = ""
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }

    /// Indented lines.
    struct Writer {
        var text = ""
        var depth = 0

        mutating func line(_ s: String) { text += String(repeating: "  ", count: depth) + s + "\n" }
        mutating func blank() { text += "\n" }
        mutating func open(_ s: String) { line(s); depth += 1 }
        mutating func close(_ s: String) { depth -= 1; line(s) }
        mutating func comment(_ s: String) { line("<!-- \(s) -->") }
        mutating func documentation(_ s: String) {
            open("<xs:annotation>")
            line("<xs:documentation>\(XMLSchemaWriter.escape(s))</xs:documentation>")
            close("</xs:annotation>")
        }
    }
}
