/// A value's type name with its article, as messages say it: "an int", "a list", "none".
func article(_ typeName: String) -> String {
    switch typeName {
    case "int": return "an int"
    case "none": return "none"
    case "invalid": return "an invalid value"
    default: return "a " + typeName
    }
}
