import PeachCore
import PeachRig

/// The controller keys resolved together: each key's report entry, and the settings they make.
struct ControllerResolution {
    struct Part {
        let key: String
        var value: String
        var origin: SettingOrigin
        let writtenKey: String?
        let raw: RawSettingValue?
    }

    let controller: ControllerSettings
    let parts: [Part]
}

extension SettingsResolver {
    /// Each controller key is valid one by one; together they must form a `ControllerSettings`
    /// (e.g. no control with two meanings), or all of them fall back to the default mapping with
    /// one warning naming the keys set to something else than their default.
    mutating func resolveController() -> ControllerResolution {
        typealias Catalogue = SettingsCatalogue
        func part<Value>(_ setting: SettingDescriptor<Value>, _ resolution: Resolution<Value>) -> ControllerResolution.Part {
            ControllerResolution.Part(key: setting.key, value: setting.format(resolution.value), origin: resolution.origin,
                                      writtenKey: resolution.writtenKey, raw: resolution.raw)
        }
        let channel = resolve(Catalogue.controllerChannel)
        let mode = resolve(Catalogue.controllerComparisonMode)
        let higher = resolve(Catalogue.controllerHigher)
        let lower = resolve(Catalogue.controllerLower)
        let tuning = resolve(Catalogue.controllerTuning)
        let commit = resolve(Catalogue.controllerCommit)
        let startStop = resolve(Catalogue.controllerStartStop)
        let nextMode = resolve(Catalogue.controllerNextMode)
        let quit = resolve(Catalogue.controllerQuit)
        let hold = resolve(Catalogue.controllerHoldStartStop)
        let tap = resolve(Catalogue.controllerTap)
        var parts = [
            part(Catalogue.controllerChannel, channel), part(Catalogue.controllerComparisonMode, mode),
            part(Catalogue.controllerHigher, higher), part(Catalogue.controllerLower, lower),
            part(Catalogue.controllerTuning, tuning), part(Catalogue.controllerCommit, commit),
            part(Catalogue.controllerStartStop, startStop), part(Catalogue.controllerNextMode, nextMode),
            part(Catalogue.controllerQuit, quit), part(Catalogue.controllerHoldStartStop, hold),
            part(Catalogue.controllerTap, tap),
        ]
        var commands: [TrainingCommand: ControllerButton] = [:]
        commands[.startStop] = startStop.value
        commands[.nextMode] = nextMode.value
        commands[.quit] = quit.value
        let reason: String
        do {
            let controller = try ControllerSettings(
                channel: channel.value, comparisonMode: mode.value, higher: higher.value, lower: lower.value,
                tuning: tuning.value, commit: commit.value, commands: commands, holdStartStop: hold.value,
                tap: tap.value)
            return ControllerResolution(controller: controller, parts: parts)
        } catch {
            reason = error.description
        }

        let fallback = RigSettings.defaults.controller
        let defaults = Dictionary(uniqueKeysWithValues: [
            part(Catalogue.controllerChannel, Resolution(value: fallback.channel, origin: .builtInDefault)),
            part(Catalogue.controllerComparisonMode, Resolution(value: fallback.comparisonMode, origin: .builtInDefault)),
            part(Catalogue.controllerHigher, Resolution(value: fallback.higher, origin: .builtInDefault)),
            part(Catalogue.controllerLower, Resolution(value: fallback.lower, origin: .builtInDefault)),
            part(Catalogue.controllerTuning, Resolution(value: fallback.tuning, origin: .builtInDefault)),
            part(Catalogue.controllerCommit, Resolution(value: fallback.commit, origin: .builtInDefault)),
            part(Catalogue.controllerStartStop, Resolution(value: fallback.commands[.startStop], origin: .builtInDefault)),
            part(Catalogue.controllerNextMode, Resolution(value: fallback.commands[.nextMode], origin: .builtInDefault)),
            part(Catalogue.controllerQuit, Resolution(value: fallback.commands[.quit], origin: .builtInDefault)),
            part(Catalogue.controllerHoldStartStop, Resolution(value: fallback.holdStartStop, origin: .builtInDefault)),
            part(Catalogue.controllerTap, Resolution(value: fallback.tap, origin: .builtInDefault)),
        ].map { ($0.key, $0.value) })
        // Only keys set to something other than their default can be to blame (the shipped
        // file sets every key, mostly to its default); the reason names the other side.
        var responsible: [(source: SettingSource, key: String, value: String)] = []
        for index in parts.indices where parts[index].value != defaults[parts[index].key] {
            if case .source(let source) = parts[index].origin, let key = parts[index].writtenKey, let raw = parts[index].raw {
                responsible.append((source, key, raw.description))
                parts[index].origin = .fallback(invalidIn: source, reason: reason)
            }
            parts[index].value = defaults[parts[index].key] ?? parts[index].value
        }
        report(SettingsWarning(
            kind: .invalidValue,
            source: responsible.map(\.source.description).uniqued().joined(separator: " and "),
            key: responsible.map(\.key).joined(separator: " and "),
            value: responsible.map(\.value).joined(separator: ", "),
            reason: reason,
            consequence: "using the default controller mapping (\(fallback))"
        ))
        return ControllerResolution(controller: fallback, parts: parts)
    }
}
