import Foundation
import PeachCore

/// Where a tuning named by the user comes from: a built-in's name, or a Scala file read here
/// (PeachCore only parses text). `scale.scl,map.kbm` adds a keyboard mapping for the anchor.
public enum TuningFiles {
    public static func tuning(named text: String) throws(DomainValueError) -> Tuning {
        let parts = text.split(separator: ",", maxSplits: 1, omittingEmptySubsequences: false)
            .map { String($0).trimmingWhitespace() }
        guard parts[0].lowercased().hasSuffix(".scl") else {
            guard parts.count == 1 else {
                throw .malformed(type: "tuning", value: text, expected: "a keyboard mapping only after a .scl file")
            }
            return try Tuning(named: text)
        }
        let scale: ScalaScale
        var anchor = TuningAnchor.standard
        do throws(ScalaFileError) {
            scale = try ScalaScale(parsing: try read(parts[0]), source: parts[0])
            if parts.count == 2 {
                guard parts[1].lowercased().hasSuffix(".kbm") else {
                    throw ScalaFileError(source: parts[1], line: nil, reason: "a keyboard mapping is a .kbm file")
                }
                anchor = try TuningAnchor(parsingKeyboardMapping: try read(parts[1]), source: parts[1])
            }
            return try scale.tuning(anchor: anchor).named(from: text)
        } catch {
            throw .unusableFile(type: "Scala tuning", problem: error.description)
        }
    }

    /// The text to write back for `tuning`: a built-in's name, a Scala tuning's file(s).
    public static func settingText(of tuning: Tuning) -> String {
        tuning.origin ?? tuning.identifier.rawValue
    }

    /// The file's text: UTF-8, or ISO 8859-1 as the Scala archive writes it.
    private static func read(_ path: String) throws(ScalaFileError) -> String {
        guard let data = FileManager.default.contents(atPath: path) else {
            let reason = FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such file"
            throw ScalaFileError(source: path, line: nil, reason: reason)
        }
        return String(data: data, encoding: .utf8) ?? String(decoding: data.map { UInt16($0) }, as: UTF16.self)
    }
}
