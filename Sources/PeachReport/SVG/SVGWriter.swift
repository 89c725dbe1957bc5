import Foundation

/// Collects the elements of an SVG 1.1 document; escapes every text and attribute it is given.
///
/// Classes name the parts (a test finds them by it) sparingly and mostly on groups: ImageMagick's
/// own renderer gives up on a document with more than about 400 `class` attributes.
struct SVGWriter {
    private var elements: [String] = []

    /// Starts a `<g>` named `className`; `close()` ends it.
    mutating func open(_ className: String) {
        elements.append("<g class=\"\(Self.escaped(className))\">")
    }

    mutating func close() {
        elements.append("</g>")
    }

    mutating func add(_ name: String, _ attributes: KeyValuePairs<String, String>, text: String? = nil) {
        var element = "<" + name
        for (key, value) in attributes where !value.isEmpty { element += " \(key)=\"\(Self.escaped(value))\"" }
        if let text {
            element += ">" + Self.escaped(text) + "</\(name)>"
        } else {
            element += "/>"
        }
        elements.append(element)
    }

    mutating func rect(x: Double, y: Double, width: Double, height: Double, fill: String, opacity: Double = 1,
                       stroke: String? = nil, dashed: Bool = false, className: String = "") {
        // ImageMagick's own renderer paints fill="none" black when a fill-opacity follows it, and
        // strokes a rect that names no stroke: both are spelt out only as needed.
        add("rect", ["x": n(x), "y": n(y), "width": n(max(0, width)), "height": n(max(0, height)), "fill": fill,
                     "fill-opacity": opacity < 1 ? n(opacity) : "", "stroke": stroke ?? "none",
                     "stroke-dasharray": dashed ? "3 3" : "", "class": className])
    }

    mutating func line(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, stroke: String, width: Double = 1,
                       dash: String? = nil, opacity: Double = 1, className: String = "") {
        add("line", ["x1": n(x1), "y1": n(y1), "x2": n(x2), "y2": n(y2), "stroke": stroke, "stroke-width": n(width),
                     "stroke-dasharray": dash ?? "", "stroke-opacity": opacity < 1 ? n(opacity) : "", "class": className])
    }

    mutating func polyline(_ points: [(x: Double, y: Double)], stroke: String, width: Double, className: String = "") {
        add("polyline", ["points": Self.pointList(points), "fill": "none", "stroke": stroke, "stroke-width": n(width),
                         "stroke-linejoin": "round", "class": className])
    }

    mutating func polygon(_ points: [(x: Double, y: Double)], fill: String, opacity: Double = 1, className: String = "") {
        add("polygon", ["points": Self.pointList(points), "fill": fill, "fill-opacity": opacity < 1 ? n(opacity) : "",
                        "stroke": "none", "class": className])
    }

    mutating func circle(x: Double, y: Double, radius: Double, fill: String, className: String = "") {
        add("circle", ["cx": n(x), "cy": n(y), "r": n(radius), "fill": fill, "stroke": "none", "class": className])
    }

    /// `size` in pixels; `anchor` start, middle or end.
    mutating func text(_ content: String, x: Double, y: Double, size: Double, fill: String = SVGStyle.ink,
                       weight: String = "normal", anchor: String = "start", className: String = "") {
        add("text", ["x": n(x), "y": n(y), "font-family": SVGStyle.font, "font-size": n(size), "font-weight": weight,
                     "fill": fill, "text-anchor": anchor, "class": className], text: content)
    }

    func document(width: Double, height: Double, title: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="\(Int(width))" height="\(Int(height))" \
        viewBox="0 0 \(Int(width)) \(Int(height))">
          <title>\(Self.escaped(title))</title>

        """ + elements.map { "  " + $0 }.joined(separator: "\n") + "\n</svg>\n"
    }

    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            default: result.append(character)
            }
        }
        return result
    }

    private static func pointList(_ points: [(x: Double, y: Double)]) -> String {
        points.map { "\(n($0.x)),\(n($0.y))" }.joined(separator: " ")
    }
}

/// A coordinate or size with one decimal: plenty for a screen, and short.
func n(_ value: Double) -> String {
    String(format: "%.1f", value)
}
