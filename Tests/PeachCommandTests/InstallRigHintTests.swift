import Foundation
import Testing

/// The hint scripts/install prints for a headless rig: every step the README's headless-rig
/// paragraph and the rig guide's "Headless rigs" (docs/rig.md) give, since without the audio group (and a new login for it) a lingering unit cannot open
/// /dev/snd/seq at boot.
@Suite("scripts/install's headless-rig hint")
struct InstallRigHintTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let steps = ["usermod -aG audio", "loginctl enable-linger", "reboot", "systemctl --user enable --now peach"]

    @Test("the hint names the audio group, lingering, the reboot or re-login, and enabling the unit")
    func everyStep() throws {
        let script = try String(contentsOf: Self.repository.appendingPathComponent("scripts/install"), encoding: .utf8)
        // The `say "headless rig…"` statement, with its continuation lines.
        let lines = script.split(separator: "\n").map(String.init)
        let start = try #require(lines.firstIndex { $0.contains("say \"headless rig") })
        var end = start
        while lines[end].hasSuffix("\\"), end + 1 < lines.count { end += 1 }
        let hint = lines[start...end].joined(separator: "\n")
        #expect(!hint.isEmpty)
        for step in Self.steps { #expect(hint.contains(step), "\(step) missing from: \(hint)") }
        #expect(hint.contains("log in again") || hint.contains("log out"), "\(hint)")
        for page in ["README.md", "docs/rig.md"] {
            let text = try String(contentsOf: Self.repository.appendingPathComponent(page), encoding: .utf8)
            for step in Self.steps { #expect(text.contains(step), "\(step) missing from \(page)") }
        }
    }
}
