import PeachCore

/// A setting's effective value, where it came from, and the text it was read from.
struct Resolution<Value: Sendable>: Sendable {
    var value: Value
    var origin: SettingOrigin
    var writtenKey: String?
    var raw: RawSettingValue?
}

/// Resolves settings against layers ordered highest first, collecting a warning for each
/// refused value.
struct SettingsResolver {
    let layers: [ConfigLayer]
    private(set) var warnings: [SettingsWarning] = []

    init(layers: [ConfigLayer]) {
        self.layers = layers
    }

    /// For checks across keys kept in their own files (the controller mapping).
    mutating func report(_ warning: SettingsWarning) {
        warnings.append(warning)
    }

    /// The highest layer holding the key decides. Within a layer the current key is read first
    /// and the legacy spellings only when it is absent; across layers a higher layer wins
    /// whichever spelling it uses, since the user's latest intent is the higher layer.
    mutating func resolve<Value>(_ setting: SettingDescriptor<Value>) -> Resolution<Value> {
        for layer in layers {
            for key in [setting.key] + setting.legacyKeys {
                guard let (raw, encodedKey) = layer.lookup(key) else { continue }
                // Blank is "not set here" (`noteDuration:` or `PEACH_NOTE_DURATION=`), except
                // for a port, where empty explicitly means "pick one".
                if raw.isBlank && !setting.emptyIsValue { continue }
                let source = layer.source(encodedKey: encodedKey, legacyKey: key == setting.key ? nil : key)
                do {
                    let value = try setting.parse(raw)
                    if let reason = setting.clampReason?(raw, value) {
                        warnings.append(SettingsWarning(
                            kind: .clampedValue, source: source.description, key: key, value: raw.description,
                            reason: reason, consequence: "clamped to \(setting.format(value))"))
                    }
                    return Resolution(value: value, origin: .source(source), writtenKey: key, raw: raw)
                } catch {
                    // A refused value falls back to the built-in default for this key alone, not
                    // to a lower layer: the user put the value here to override the lower one,
                    // so quietly reviving what they replaced would be a surprise. The default is
                    // documented and the warning says it is in use.
                    warnings.append(SettingsWarning(
                        kind: .invalidValue,
                        source: source.description,
                        key: key,
                        value: raw.description,
                        reason: error.description,
                        consequence: "using the default \(setting.format(setting.defaultValue))"
                    ))
                    return Resolution(
                        value: setting.defaultValue,
                        origin: .fallback(invalidIn: source, reason: error.description),
                        writtenKey: key,
                        raw: raw
                    )
                }
            }
        }
        return Resolution(value: setting.defaultValue, origin: .builtInDefault)
    }

    /// Both bounds are valid notes one by one; together they must form a `NoteRange`, or both
    /// fall back to the default range with one warning naming whichever sources set them.
    mutating func resolveNoteRange() -> (range: NoteRange, lower: Resolution<MIDINote>, upper: Resolution<MIDINote>) {
        var lower = resolve(SettingsCatalogue.noteRangeLower)
        var upper = resolve(SettingsCatalogue.noteRangeUpper)
        let reason: String
        do {
            return (try NoteRange(lower: lower.value, upper: upper.value), lower, upper)
        } catch {
            reason = error.description
        }
        var responsible: [(source: SettingSource, key: String, value: String)] = []
        for bound in [lower, upper] {
            if case .source(let source) = bound.origin, let key = bound.writtenKey, let raw = bound.raw {
                responsible.append((source, key, raw.description))
            }
        }
        let fallback = TrainingSettings.defaults.noteRange
        warnings.append(SettingsWarning(
            kind: .invalidValue,
            source: responsible.map(\.source.description).uniqued().joined(separator: " and "),
            key: responsible.map(\.key).joined(separator: " and "),
            value: responsible.map(\.value).joined(separator: ", "),
            reason: reason,
            consequence: "using the default range \(fallback)"
        ))
        for index in [0, 1] {
            var bound = index == 0 ? lower : upper
            bound.value = index == 0 ? fallback.lower : fallback.upper
            if case .source(let source) = bound.origin {
                bound.origin = .fallback(invalidIn: source, reason: reason)
            }
            if index == 0 { lower = bound } else { upper = bound }
        }
        return (fallback, lower, upper)
    }
}

extension Array where Element: Hashable {
    /// The elements in order, each kept once.
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
