/// A header written with another separator (a spreadsheet in a locale whose decimal comma makes
/// it save ";"-separated "CSV", or a tab-separated save) reads as one long column: say so in one
/// sentence instead of listing every column as missing.
extension PeachCSVParser {
    static func checkSeparator(_ fields: [String], version: Int) throws(ImportError) {
        guard fields.count == 1, let header = fields.first else { return }
        for (separator, name) in [(";", "semicolons (;)"), ("\t", "tabs")] {
            let parts = header.split(separator: Character(separator), omittingEmptySubsequences: false)
            guard parts.count > 1 else { continue }
            throw .badHeader(["the columns are separated by \(name); a Peach export separates them by commas "
                              + "(save the file as comma-separated CSV)"], version: version)
        }
    }
}
