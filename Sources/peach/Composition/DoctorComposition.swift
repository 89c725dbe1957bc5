import ALSASequencer
import Foundation
import PeachALSA
import PeachCore
import PeachSettings
import PeachStore
import PeachTools
import Synchronization

/// Gathers the facts `peach doctor` judges, from the real machine: the device node, libasound,
/// the ports, PATH, the soundfonts, the settings (their warnings collected, not printed) and
/// the store (inspected, never created or changed).
enum DoctorComposition {
    static func examine(configPath: String?, storeOptions: StoreOptions) async -> DoctorReport {
        let collected = CollectedWarnings()
        let settings = await SettingsComposition.makeSettings(checkedConfigPath: configPath) { warning in
            collected.warnings.withLock { $0.append(warning) }
        }
        let warnings = collected.warnings.withLock { $0 }
        let frontEnd = settings.current.frontEnd

        var findings: [DoctorFinding] = []
        let device = SequencerDeviceCheck.devicePath
        let deviceExists = FileManager.default.fileExists(atPath: device)
        findings.append(SequencerDeviceCheck(exists: deviceExists).finding)
        if deviceExists {
            findings.append(SequencerAccessCheck(readable: access(device, R_OK) == 0, writable: access(device, W_OK) == 0,
                                                 group: groupName(of: device), user: userName()).finding)
        }
        let ports = portFacts(settings: settings, frontEnd: frontEnd)
        findings.append(SequencerClientCheck(outcome: ports.outcome, deviceExists: deviceExists).finding)
        if let scheduling = ports.readerScheduling {
            findings.append(ReaderPriorityCheck(scheduling: scheduling).finding)
        }

        // The synth `peach train` would use instead of starting one: configured or found.
        let externalSynth = (ports.facts?.synth?.label ?? settings.rig.outputPort)?.terminalSafe
        let locator = SynthComposition.locator()
        let startsOne = frontEnd.synth.autoStart && externalSynth == nil
        let choice = startsOne ? SynthComposition.choice(frontEnd.synth, sound: settings.rig.sound, locator: locator) : nil
        let engine = choice?.engine ?? .fluidSynth
        let fluidSynth = FluidSynthCheck(executable: locator.fluidSynth, externalSynth: externalSynth,
                                         autoStart: frontEnd.synth.autoStart, engine: engine,
                                         amsynthInstalled: locator.amsynth != nil)
        let soundFont = SoundFontCheck(configured: frontEnd.synth.soundFont, needed: fluidSynth.needed,
                                       fileExists: { FileManager.default.fileExists(atPath: $0) },
                                       problem: { SoundFontFile.problem(atPath: $0) })
        let engineInstalled = locator.executable(of: engine) != nil
        let startable = frontEnd.synth.autoStart && engineInstalled && (engine == .amsynth || soundFont.soundFont != nil)
        if let facts = ports.facts {
            findings.append(SynthPortCheck(facts: facts, fluidSynthStartable: startable, engine: engine).finding)
            findings.append(ControllerPortCheck(facts: facts).finding)
        }
        findings.append(SynthEngineCheck(
            choice: choice, amsynth: locator.amsynth,
            notNeeded: externalSynth.map { "\($0) plays the notes" } ?? "synth.autoStart is false").finding)
        findings.append(fluidSynth.finding)
        findings.append(soundFont.finding)
        if let choice {
            let outcome = await trySynthStart(choice.engine, frontEnd.synth, settings: settings, deviceExists: deviceExists,
                                              startable: startable)
            findings.append(SynthStartCheck(outcome: outcome, audioDriver: frontEnd.synth.audioDriver, engine: choice.engine).finding)
        }
        findings.append(PitchResolutionCheck(setting: frontEnd.pitchResolution, startedEngine: choice?.engine,
                                             externalSynth: externalSynth,
                                             externalEngine: ports.facts?.synth.flatMap { SynthEngine(clientName: $0.clientName) },
                                             bendRange: settings.rig.pitchBendRange).finding)

        let isControllerWarning = { (warning: SettingsWarning) in warning.key?.contains("controller.") == true }
        let userFile = settings.files.userFile
        let ofKind = { (kind: SettingsWarning.Kind) in warnings.filter { $0.kind == kind } }
        findings.append(ConfigFileCheck(path: userFile, exists: FileManager.default.fileExists(atPath: userFile),
                                        named: configPath != nil,
                                        fileProblems: ofKind(.unusableFile).map(\.description)).finding)
        findings.append(SettingKeysCheck(unknown: ofKind(.unknownKey).map(\.description)).finding)
        findings.append(SettingValuesCheck(
            invalid: ofKind(.invalidValue).filter { !isControllerWarning($0) }.map(\.description),
            clamped: ofKind(.clampedValue).map(\.description)).finding)
        findings.append(ControllerMappingCheck(problems: ofKind(.invalidValue).filter(isControllerWarning).map(\.description),
                                               summary: settings.rig.controller.summary).finding)
        let store = storeFacts(storeOptions.location)
        findings.append(StoreCheck(facts: store).finding)
        findings.append(TapCalibrationCheck(facts: calibrationFacts(ports.facts, store: store,
                                                                    location: storeOptions.location)).finding)
        return DoctorReport(findings: findings)
    }

    /// Starts the synth `peach train` would start (same launcher, same settings) and stops it:
    /// what train would hit, found before a session is due.
    private static func trySynthStart(_ engine: SynthEngine, _ synth: SynthLaunchSettings, settings: LayeredUserSettings,
                                      deviceExists: Bool, startable: Bool) async -> SynthStartCheck.Outcome {
        guard deviceExists else { return .notTried("no sequencer (see above)") }
        guard startable else { return .notTried("\(engine.name)\(engine == .fluidSynth ? " or its soundfont" : "") is missing (see above)") }
        let client: SequencerClient
        do {
            client = try SequencerComposition.openClient(name: "Peach doctor")
        } catch {
            return .notTried("no sequencer client (see above)")
        }
        defer { client.close() }
        let launcher = SynthComposition.launcher(for: engine, synth: synth, settings: settings.rig)
        let started = ContinuousClock.now
        do {
            let running = try await launcher.start(client: client, notice: { _ in })
            let seconds = Double((ContinuousClock.now - started) / .milliseconds(1)) / 1000
            await running.stop()
            return .started(seconds: seconds)
        } catch {
            return .failed("\(error)")
        }
    }

    /// Opens a client of its own (closed again at once), its reader asking for the priority
    /// `peach train`'s does, and lists the other clients' ports.
    private static func portFacts(settings: LayeredUserSettings, frontEnd: FrontEndSettings)
        -> (outcome: SequencerClientCheck.Outcome, facts: PortFacts?, readerScheduling: ReaderScheduling?)
    {
        let client: SequencerClient
        do {
            client = try SequencerComposition.openClient(name: "Peach doctor", realtimePriority: frontEnd.realtimePriority)
        } catch let error as SequencerUnavailable {
            return (.failed(error.reason), nil, nil)
        } catch {
            return (.failed("\(error)"), nil, nil)
        }
        defer { client.close() }
        let own = client.clientID
        do {
            let ports = try client.ports().filter { $0.address.client != own }
            let facts = PortFacts(ports: ports, ownClient: own, outputSpec: settings.rig.outputPort,
                                  inputSpec: settings.rig.inputPort, waitsForPorts: frontEnd.portWait != PortWait.none)
            return (.opened(clientID: own), facts, client.readerScheduling)
        } catch {
            return (.failed("listing the ports: \(error)"), nil, client.readerScheduling)
        }
    }

    private static func storeFacts(_ location: StoreLocation) -> StoreFacts {
        let path = location.databasePath
        do {
            guard let inspection = try StoreInspection.inspect(location) else {
                return .absent(path: path, folderUsable: folderUsable(location.directory.path))
            }
            return .present(StoreSummary(
                path: inspection.path, integrity: inspection.integrity,
                appliedMigrations: inspection.appliedMigrations, knownMigrations: StoreInspection.knownMigrations,
                records: inspection.records.map { RecordTally(name: $0.name, count: $0.count) },
                writable: inspection.writable))
        } catch {
            return .unusable(path: path, reason: error.description)
        }
    }

    /// The folder is writable, or the nearest existing folder above it is (so it can be made).
    private static func folderUsable(_ path: String) -> Bool {
        var url = URL(fileURLWithPath: path)
        while !FileManager.default.fileExists(atPath: url.path) {
            let parent = url.deletingLastPathComponent()
            if parent.path == url.path { return false }
            url = parent
        }
        return access(url.path, W_OK | X_OK) == 0
    }

    /// The first executable `name` on PATH.
    private static func groupName(of path: String) -> String? {
        var info = stat()
        guard stat(path, &info) == 0, let group = getgrgid(info.st_gid), let name = group.pointee.gr_name else { return nil }
        return String(cString: name)
    }

    private static func userName() -> String? {
        guard let entry = getpwuid(geteuid()), let name = entry.pointee.pw_name else { return nil }
        return String(cString: name)
    }
}

/// The settings' warnings, kept for the report instead of printed.
private final class CollectedWarnings: Sendable {
    let warnings = Mutex<[SettingsWarning]>([])
}
