import PeachCore
import PeachRig

/// Every setting resolved at one moment: the immutable snapshot the getters of
/// `LayeredUserSettings` read, plus the report `peach settings` prints.
public struct ResolvedSettings: Sendable {
    /// The domain's: what each trial reads.
    public let training: TrainingSettings
    /// The rig's: ports, channel, bend range, sound, controller mapping.
    public let rig: RigSettings
    public let frontEnd: FrontEndSettings

    /// One entry per catalogue setting, in catalogue order.
    public let entries: [SettingReportEntry]
    /// The refused values, one warning each.
    public let warnings: [SettingsWarning]

    init(layers: [ConfigLayer]) {
        typealias Catalogue = SettingsCatalogue
        var resolver = SettingsResolver(layers: layers)
        var entries: [String: SettingReportEntry] = [:]
        func record<Value>(_ setting: SettingDescriptor<Value>, _ resolution: Resolution<Value>) -> Value {
            entries[setting.key] = SettingReportEntry(
                key: setting.key,
                value: setting.format(resolution.value),
                origin: resolution.origin
            )
            return resolution.value
        }

        // The note range's two bounds are checked together (first, as the catalogue lists them,
        // so the warnings come in its order); settings with a field of their own fill it; the
        // sound's and the controller's parts are assembled below.
        var snapshot = SettingsSnapshot()
        let noteRange = resolver.resolveNoteRange()
        _ = record(Catalogue.noteRangeLower, noteRange.lower)
        _ = record(Catalogue.noteRangeUpper, noteRange.upper)
        snapshot.training.noteRange = noteRange.range
        for setting in Catalogue.all {
            guard let resolve = setting.resolveField else { continue }
            let (value, origin) = resolve(&resolver, &snapshot)
            entries[setting.key] = SettingReportEntry(key: setting.key, value: value, origin: origin)
        }
        training = snapshot.training
        let program = record(Catalogue.soundProgram, resolver.resolve(Catalogue.soundProgram))
        let bank = record(Catalogue.soundBank, resolver.resolve(Catalogue.soundBank))
        // Each part was validated by SoundSelection already, so this cannot fail.
        snapshot.rig.sound = (try? SoundSelection(program: program, bank: bank)) ?? RigSettings.defaults.sound
        let controllerResolution = resolver.resolveController()
        for part in controllerResolution.parts {
            entries[part.key] = SettingReportEntry(key: part.key, value: part.value, origin: part.origin)
        }
        snapshot.rig.controller = controllerResolution.controller
        rig = snapshot.rig

        let pitchResolution = record(Catalogue.pitchResolution, resolver.resolve(Catalogue.pitchResolution))
        let portWait = record(Catalogue.portWait, resolver.resolve(Catalogue.portWait))
        let realtimePriority = record(Catalogue.realtimePriority, resolver.resolve(Catalogue.realtimePriority))
        let mode = record(Catalogue.trainMode, resolver.resolve(Catalogue.trainMode))
        let trials = record(Catalogue.trainTrials, resolver.resolve(Catalogue.trainTrials))
        let json = record(Catalogue.trainJSON, resolver.resolve(Catalogue.trainJSON))
        let focus = record(Catalogue.trainFocus, resolver.resolve(Catalogue.trainFocus))
        let synth = SynthLaunchSettings(
            autoStart: record(Catalogue.synthAutoStart, resolver.resolve(Catalogue.synthAutoStart)),
            engine: record(Catalogue.synthEngine, resolver.resolve(Catalogue.synthEngine)),
            soundFont: record(Catalogue.synthSoundFont, resolver.resolve(Catalogue.synthSoundFont)),
            audioDriver: record(Catalogue.synthAudioDriver, resolver.resolve(Catalogue.synthAudioDriver)))
        let feedbackChannel = record(Catalogue.feedbackChannel, resolver.resolve(Catalogue.feedbackChannel))
        let positive = record(Catalogue.feedbackPositiveNote, resolver.resolve(Catalogue.feedbackPositiveNote))
        let negative = record(Catalogue.feedbackNegativeNote, resolver.resolve(Catalogue.feedbackNegativeNote))
        let near = record(Catalogue.feedbackNearCents, resolver.resolve(Catalogue.feedbackNearCents))
        // Each part was validated by its own parser, so this cannot fail.
        let feedback = (try? FeedbackCueSettings(channel: feedbackChannel, positiveNote: positive,
                                                 negativeNote: negative, nearCents: near)) ?? .default
        frontEnd = FrontEndSettings(mode: mode, trials: trials, json: json, pitchResolution: pitchResolution,
                                    portWait: portWait, realtimePriority: realtimePriority, synth: synth, feedback: feedback, focus: focus)

        self.entries = Catalogue.all.compactMap { entries[$0.key] }
        self.warnings = resolver.warnings
    }

    /// The entry for `key` (or a legacy spelling of it).
    public func entry(forKey key: String) -> SettingReportEntry? {
        guard let descriptor = SettingsCatalogue.descriptor(forKey: key) else { return nil }
        return entries.first { $0.key == descriptor.key }
    }
}
