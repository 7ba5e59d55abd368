/// The terminal's progress line: `[=============>                ] 12/40`.
public enum ProgressBar {
    public static func line(finished: Int, total: Int, width: Int = 30) -> String {
        let total = max(total, 1)
        let finished = min(max(finished, 0), total)
        let filled = finished * width / total
        let bar: String
        if filled >= width {
            bar = String(repeating: "=", count: width)
        } else {
            bar = String(repeating: "=", count: filled) + ">" + String(repeating: " ", count: width - filled - 1)
        }
        return "[\(bar)] \(finished)/\(total)"
    }
}
