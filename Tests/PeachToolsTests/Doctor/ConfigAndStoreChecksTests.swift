import PeachTools
import Testing

@Suite("peach doctor: the settings and store checks")
struct ConfigAndStoreChecksTests {
    @Test("settings file: missing is ok (defaults apply), readable is ok, a parse error is a problem naming the file")
    func configFile() {
        let missing = ConfigFileCheck(path: "/home/ann/.config/peach/config.yaml", exists: false, fileProblems: []).finding
        #expect(missing.verdict == .ok)
        #expect(missing.found.contains("the shipped defaults apply"))
        #expect(ConfigFileCheck(path: "/c.yaml", exists: true, fileProblems: []).finding.found == "/c.yaml reads fine")
        let broken = ConfigFileCheck(path: "/c.yaml", exists: true,
                                     fileProblems: ["user file /c.yaml: cannot be read: 2:1: error: parser"]).finding
        #expect(broken.verdict == .problem)
        #expect(broken.found.contains("user file /c.yaml"))
        #expect(broken.fix?.contains("peach settings") == true)
    }

    @Test("settings file: a file named by --config that does not exist is a problem with its fix")
    func namedFileMissing() {
        let finding = ConfigFileCheck(path: "/rig.yaml", exists: false, named: true, fileProblems: []).finding
        #expect(finding.verdict == .problem)
        #expect(finding.found == "no file at /rig.yaml, named by --config")
        #expect(finding.fix?.contains("peach settings set KEY VALUE --config /rig.yaml") == true)
    }

    @Test("keys: none unknown is ok; unknown ones are a warning listing each, with advice")
    func keys() {
        #expect(SettingKeysCheck(unknown: []).finding.verdict == .ok)
        let unknown = ["user file /c.yaml, line 2: midi.portwait is not a Peach setting (did you mean midi.portWait?); "
                       + "it is ignored"]
        let finding = SettingKeysCheck(unknown: unknown).finding
        #expect(finding.verdict == .warning)
        #expect(finding.found == unknown[0])
        #expect(finding.fix?.contains("peach settings") == true)
    }

    @Test("values: a clamped value alone is a warning; with an invalid one, a problem listing both")
    func clampedValues() {
        let clamped = ["user file /c.yaml: noteDuration = '9' is outside 0.3…3.0 seconds; clamped to 3.0"]
        #expect(SettingValuesCheck(invalid: [], clamped: clamped).finding.verdict == .warning)
        let both = SettingValuesCheck(invalid: ["user file /c.yaml: velocity = '300' is invalid"], clamped: clamped).finding
        #expect(both.verdict == .problem)
        #expect(both.found.contains("clamped to 3.0") && both.found.contains("velocity"))
    }

    @Test("values: none invalid is ok; each invalid one is listed as the settings layer words it")
    func values() {
        #expect(SettingValuesCheck(invalid: []).finding.verdict == .ok)
        let warnings = ["user file /c.yaml: velocity = '300' is invalid: out of range; using the default 63",
                        "environment PEACH_NOTE_GAP: noteGap = 'x' is invalid: not a number; using the default 0.0"]
        let finding = SettingValuesCheck(invalid: warnings).finding
        #expect(finding.verdict == .problem)
        #expect(finding.found == warnings.joined(separator: "\n"))
        #expect(finding.fix?.contains("peach settings set KEY VALUE") == true)
    }

    @Test("controller mapping: ok shows the mapping; a conflict is a problem")
    func mapping() {
        let ok = ControllerMappingCheck(problems: [], summary: ["channel: all (omni)", "quit: note 24"]).finding
        #expect(ok.verdict == .ok)
        #expect(ok.found == "channel: all (omni); quit: note 24")
        let conflict = ControllerMappingCheck(problems: ["user file /c.yaml: controller.commands.quit and … is invalid"],
                                              summary: ["channel: all (omni)"]).finding
        #expect(conflict.verdict == .problem)
        #expect(conflict.found.contains("controller.commands.quit"))
        #expect(conflict.fix?.contains("peach monitor") == true)
    }

    static let known = ["v1-training-records", "v2-rig-context"]

    static func summary(integrity: [String] = ["ok"], applied: [String] = known, writable: Bool = true) -> StoreSummary {
        StoreSummary(path: "/data/peach.sqlite", integrity: integrity, appliedMigrations: applied, knownMigrations: known,
                     records: [RecordTally(name: "pitch comparison", count: 12), RecordTally(name: "pitch matching", count: 1),
                               RecordTally(name: "rhythm offset detection", count: 3),
                               RecordTally(name: "rhythm matching", count: 1)],
                     writable: writable)
    }

    @Test("store: a sound, current file is ok with its schema and counts")
    func storeSound() {
        #expect(StoreCheck(facts: .present(Self.summary())).finding
            == .ok("store", "Training records",
                   found: "/data/peach.sqlite: integrity ok, schema v2-rig-context, 12 pitch comparisons, 1 pitch matching, 3 rhythm offset detections, 1 rhythm matching"))
    }

    @Test("store: no file yet is ok if its folder can be made; otherwise a problem")
    func storeAbsent() {
        #expect(StoreCheck(facts: .absent(path: "/data/peach.sqlite", folderUsable: true)).finding.verdict == .ok)
        let stuck = StoreCheck(facts: .absent(path: "/data/peach.sqlite", folderUsable: false)).finding
        #expect(stuck.verdict == .problem)
        #expect(stuck.fix?.contains("--data-dir") == true)
    }

    @Test("store: unusable, failing integrity, newer schema or unwritable are problems naming the file")
    func storeProblems() {
        let reason = "/data/peach.sqlite is not a usable training database (file is not a database)"
        let unusable = StoreCheck(facts: .unusable(path: "/data/peach.sqlite", reason: reason)).finding
        #expect(unusable.verdict == .problem)
        #expect(unusable.found.contains("/data/peach.sqlite"))
        #expect(unusable.fix?.contains("mv /data/peach.sqlite /data/peach.sqlite.broken") == true)

        let corrupt = StoreCheck(facts: .present(Self.summary(integrity: ["row 3 missing from index"]))).finding
        #expect(corrupt.verdict == .problem)
        #expect(corrupt.found == "/data/peach.sqlite fails SQLite's integrity check: row 3 missing from index")

        let newer = StoreCheck(facts: .present(Self.summary(applied: Self.known + ["v3-future"]))).finding
        #expect(newer.verdict == .problem)
        #expect(newer.found.contains("newer peach (schema steps v3-future)"))

        let readOnly = StoreCheck(facts: .present(Self.summary(writable: false))).finding
        #expect(readOnly.verdict == .problem)
        #expect(readOnly.found.contains("cannot be written"))
    }

    @Test("store: an older schema is a warning: it is upgraded when next opened for writing")
    func storeOlder() {
        let finding = StoreCheck(facts: .present(Self.summary(applied: ["v1-training-records"]))).finding
        #expect(finding.verdict == .warning)
        #expect(finding.found.contains("upgraded (v2-rig-context)"))
    }
}
