import PeachCore

/// Colours and type shared by every part of the profile figure.
enum SVGStyle {
    static let font = "DejaVu Sans, Verdana, Arial, sans-serif"
    static let ink = "#212529"
    static let muted = "#6c757d"
    static let faint = "#adb5bd"
    static let grid = "#e9ecef"
    /// How strongly a band is tinted: drawn as a solid blend with white rather than with
    /// transparency, which not every SVG renderer honours (ImageMagick's own one ignores it).
    static let bandStrength = 0.22

    static func color(_ discipline: TrainingDiscipline) -> String {
        switch discipline {
        case .unisonComparison: "#d9480f"
        case .intervalComparison: "#1864ab"
        case .unisonMatching: "#2b8a3e"
        case .intervalMatching: "#862e9c"
        }
    }

    static func band(_ discipline: TrainingDiscipline) -> String {
        tint(color(discipline), bandStrength)
    }

    /// `color` ("#rrggbb") blended with white: `strength` 1 keeps it, 0 gives white.
    static func tint(_ color: String, _ strength: Double) -> String {
        guard color.count == 7, let value = Int(color.dropFirst(), radix: 16) else { return color }
        let channels = [value >> 16 & 0xff, value >> 8 & 0xff, value & 0xff].map { channel in
            Int((255 - (255 - Double(channel)) * strength).rounded())
        }
        return "#" + channels.map { String(format: "%02x", $0) }.joined()
    }

    /// What the discipline's figure measures, in a few words.
    static func measure(_ discipline: TrainingDiscipline) -> String {
        discipline.isComparison ? "threshold (75 % correct)" : "spread of your errors (SD)"
    }
}
