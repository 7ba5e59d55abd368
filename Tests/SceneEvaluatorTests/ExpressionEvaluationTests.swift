import Testing

struct ExpressionEvaluationTests {
    @Test func arithmeticAndTypes() {
        #expect(value("1 + 2 * 3") == "7")
        #expect(value("7 / 2") == "3.5") // `/` always divides exactly
        #expect(value("7 // 2") == "3") // integer division, as the seed's average
        #expect(value("-7 // 2") == "-3") // truncates toward zero, like Swift
        #expect(value("7 % 3") == "1")
        #expect(value("7.5 % 2") == "1.5")
        #expect(value("3 * π / 4") == "2.3562")
        #expect(value("3 / 4 * pi") == "2.3562")
        #expect(value("-(2)") == "-2")
        #expect(value("0 * -1") == "0") // never -0
    }

    @Test func functions() {
        #expect(value("min(3, 1, 2)") == "1")
        #expect(value("max([4, 2, 6])") == "6")
        #expect(value("sum([4, 2, 6, 4, 5, 8, 3]) // count([4, 2, 6, 4, 5, 8, 3])") == "4")
        #expect(value("clamp(-3, -1, 1)") == "-1")
        #expect(value("abs(-2.5)") == "2.5")
        #expect(value("sqrt(2)") == "1.4142")
        #expect(value("round(2.5)") == "3")
        #expect(value("round(-2.5)") == "-3")
        #expect(value("floor(-1.5)") == "-2")
        #expect(value("ceil(1.2)") == "2")
        #expect(value("int(-3.9)") == "-3")
        #expect(value("atan2(1, 0)") == "1.5708")
        #expect(value("sin(pi)") == "0")
        #expect(value("cos(pi / 2)") == "0")
        #expect(value("tan(pi / 4)") == "1")
        #expect(value("radians(90)") == "1.5708")
        #expect(value("degrees(pi)") == "180")
        #expect(value("pow(2, 10)") == "1024")
    }

    @Test func logicAndConditionals() {
        #expect(value("1 lt 2 and 2 le 2 ? 1 : 0") == "1")
        #expect(value("not (3 gt 4) or 1 / 0 == 1 ? 5 : 6") == "5") // `or` short-circuits
        #expect(value("false and 1 / 0 == 1 ? 5 : 6") == "6")
        #expect(value("1 == 1.0 ? 1 : 0") == "1")
        #expect(value("red == #ff0000 ? 1 : 0") == "1")
        #expect(value("'a' + 'b' == 'ab' ? 1 : 0") == "1")
        #expect(value("[1, 2, 3][2]") == "3")
    }

    @Test func errors() {
        #expect(value("1 / 0") == "division by zero")
        #expect(value("7 // 0") == "division by zero")
        #expect(value("7.0 // 2") == "'//' divides ints, not numbers")
        #expect(value("9223372036854775807 + 1") == "integer overflow")
        #expect(value("pow(10, 400)") == "result is not a finite number")
        #expect(value("sqrt(-1)") == "sqrt() of a negative number (-1)")
        #expect(value("[1, 2][5]") == "index 5 is out of range for a list of 2 elements")
        #expect(value("[1, 2][-1]") == "index -1 is out of range for a list of 2 elements")
        #expect(value("true + 1") == "'+' needs numbers, not a bool")
        #expect(value("1 == red") == "cannot compare an int with a color")
        #expect(value("min(1)") == "min() needs two or more numbers, or a list")
        #expect(value("max([])") == "max() of an empty list")
        #expect(value("clamp(1, 5, 0)") == "clamp() needs low ≤ high, but 5 > 0")
        // A color in a rect's x is the analysis's error: the channel is checked where a color goes.
        #expect(compile(#"<rect width="1" height="1" fill="rgb(300, 0, 0)"/>"#).contains("color channels run from 0 to 255, not 300"))
        #expect(value("sin(1, 2)") == "sin() takes 1 argument, not 2")
        // Counts come from the builtin table, as the static checker says them (not "1 to 9223372036854775807").
        #expect(value("min()") == "min() takes at least 1 argument, not 0")
        #expect(value("white(1, 2, 3)") == "white() takes 1 to 2 arguments, not 3")
        #expect(value("foo(1)") == "unknown function 'foo'")
        #expect(value("sin") == "'sin' is a function")
        // A list holds one kind: numbers, strings or colors (palettes and labels), not a mixture.
        #expect(value("['a', 1]") == "a list holds one kind of element: this is an int in a list of strings")
        #expect(value("[true]") == "lists hold numbers, strings or colors, not a bool")
        #expect(value("sum(['a'])") == "sum() needs a list of numbers, not a list of strings")
        #expect(value("1 ? 2 : 3") == "the condition before '?' must be a bool, not an int")
    }
}
