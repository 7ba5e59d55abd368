#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What Foundation's `error.localizedDescription` says for an error of `FileManager` (always a
/// `CocoaError`), without importing all of Foundation, which FoundationEssentials lacks the
/// property for: "The operation could not be completed. " and the reason of the error's code,
/// from swift-corelibs-foundation's table (`CocoaError.errorMessages`), or "(NSCocoaErrorDomain
/// error N.)" for a code it has no reason for. Checked against corelibs for codes 4, 512, 513,
/// 514 and 516 (a missing parent, a file in the way, no permission, a name too long).
public enum FileErrorText {
    public static func describe(_ error: any Error) -> String {
        let prefix = "The operation could not be completed. "
        guard let error = error as? CocoaError else {
            // Not thrown by FileManager; corelibs would name the type's domain and code the same way.
            return prefix + "(\(String(reflecting: type(of: error))) error 1.)"
        }
        if let description = error.userInfo["NSLocalizedDescription"] as? String { return description }
        let code = error.code.rawValue
        return prefix + (reasons[code] ?? "(NSCocoaErrorDomain error \(code).)")
    }

    /// The file-related part of corelibs' table (the rest are codes FileManager never throws).
    private static let reasons: [Int: String] = [
        4: "The file doesn’t exist.",
        255: "The file couldn’t be locked.",
        257: "You don’t have permission.",
        258: "The file name is invalid.",
        259: "The file isn’t in the correct format.",
        260: "The file doesn’t exist.",
        261: "The specified text encoding isn’t applicable.",
        262: "The specified URL type isn’t supported.",
        263: "The item is too large.",
        264: "The text encoding of the contents couldn’t be determined.",
        513: "You don’t have permission.",
        514: "The file name is invalid.",
        516: "A file with the same name already exists.",
        517: "The specified text encoding isn’t applicable.",
        518: "The specified URL type isn’t supported.",
        640: "There isn’t enough space.",
        642: "The volume is read only.",
        1024: "The value is invalid.",
        2048: "The value is invalid.",
        3072: "The operation was cancelled.",
        3328: "The requested operation is not supported.",
    ]
}
