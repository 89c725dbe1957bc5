import Foundation
@testable import PeachSettings
import Testing

@Suite("Settings reference docs/settings.md")
struct SettingsReferenceTests {
    @Test("docs/settings.md is byte for byte the catalogue's rendering")
    func fileMatchesRendering() throws {
        try GeneratedFile.expect("docs/settings.md", toBe: SettingsReferenceRenderer.render(),
                                 regenerateWith: SettingsReferenceRenderer.regenerateCommand)
    }

    @Test("every setting's type is named in words, not as a Swift type", arguments: SettingsCatalogue.all.map(\.key))
    func typeIsNamed(key: String) throws {
        let setting = try #require(SettingsCatalogue.descriptor(forKey: key))
        #expect(SettingsReferenceRenderer.typeName(of: setting) != nil, "\(key): \(setting.valueType) has no words")
    }

    @Test("one table row per setting, giving its key, variable, default and comment")
    func oneRowPerSetting() {
        let rows = SettingsReferenceRenderer.render().split(separator: "\n").filter { $0.hasPrefix("| `") }
        #expect(rows.count == SettingsCatalogue.all.count)
        for (row, setting) in zip(rows, SettingsCatalogue.all) {
            #expect(row.hasPrefix("| `\(setting.key)`<br>`\(setting.environmentVariable)`"), "\(row)")
            #expect(row.contains(setting.defaultText.isEmpty ? "(empty)" : "`\(setting.defaultText)`"), "\(row)")
            #expect(row.contains(setting.comment.replacingOccurrences(of: "|", with: "\\|")), "\(row)")
        }
    }

    @Test("a bar in a comment is escaped, so the row keeps its four cells")
    func barsAreEscaped() throws {
        let control = try #require(SettingsCatalogue.descriptor(forKey: "controller.matching.control"))
        #expect(control.comment.contains("|"))
        let row = try #require(SettingsReferenceRenderer.render([control]).split(separator: "\n").last)
        #expect(row.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count == 5, "\(row)")
    }
}
