import Configuration
import Foundation
import PeachFiles

extension LayeredUserSettings {
    /// The entry for `key` (or a legacy spelling of it), as last resolved.
    public func entry(forKey key: String) throws(SettingsError) -> SettingReportEntry {
        guard let entry = current.entry(forKey: key) else {
            throw .unknownKey(key, known: SettingsCatalogue.all.map(\.key))
        }
        return entry
    }

    /// Stores `text` for `key` in the user's file and returns the resulting entry.
    ///
    /// The value is validated by the same parser that reads it, then checked together with
    /// the other layers (a note range must still span an octave). The file is edited line by
    /// line so the other keys and comments stay, re-parsed to prove that every other value
    /// survived, and replaced atomically. A legacy key accepted here is written under its
    /// current name, which then wins over the legacy line in the same file.
    @discardableResult
    public func set(
        _ key: String,
        to text: String,
        writer: AtomicFileWriter = AtomicFileWriter()
    ) async throws(SettingsError) -> SettingReportEntry {
        try await set([(key, text)], writer: writer)[0]
    }

    /// Stores several settings in one atomic replacement of the user's file, as `set(_:to:)`
    /// does for one: for keys that are only valid together (the controller mapping's), which
    /// one-at-a-time writes could not pass through. Returns the entries in the given order.
    @discardableResult
    public func set(
        _ assignments: [(key: String, text: String)],
        writer: AtomicFileWriter = AtomicFileWriter()
    ) async throws(SettingsError) -> [SettingReportEntry] {
        // A refused value, or a file that cannot be edited, is said before the lock's folder is made.
        _ = try validated(assignments)
        if let refusal = ConfigFileText.problem(opening: userFileTarget), refusal != .missing {
            throw .unreadableUserFile(path: userFileTarget, reason: refusal.description)
        }
        // Read, edit and replace under the lock: a writer in between would lose its keys.
        let lock = try writer.lock(folderOf: userFileTarget)
        let edit: (path: String, text: String, keys: [String])
        do {
            defer { lock.release() }
            edit = try editedUserFile(setting: assignments)
            try writer.replaceContents(of: edit.path, with: Data(edit.text.utf8))
        }
        await reloadUserFile()
        var entries: [SettingReportEntry] = []
        for key in edit.keys { entries.append(try entry(forKey: key)) }
        return entries
    }

    /// What `set(_:)` would write, without writing: the user file's path (symlinks resolved),
    /// its new text and the current names of the keys. Every check of `set` is made.
    public func editedUserFile(
        setting assignments: [(key: String, text: String)]
    ) throws(SettingsError) -> (path: String, text: String, keys: [String]) {
        let validated = try validated(assignments)

        let target = userFileTarget
        let oldText: String
        switch ConfigFileText.read(path: target) {
        case .success(let file): oldText = file.text
        case .failure(.missing): oldText = ""
        case .failure(let refusal): throw .unreadableUserFile(path: target, reason: refusal.description)
        }
        let oldSnapshot = try parse(oldText, path: target)

        var editor = YAMLLineEditor(text: oldText.isEmpty
            ? "# Peach settings; `peach settings` lists every key, its value and where it comes from.\n"
            : oldText)
        for item in validated {
            editor.set(item.setting.key, to: item.setting.yamlValue(forCanonical: item.canonical))
        }
        let newText = editor.text
        guard let newSnapshot = try? parse(newText, path: target) else {
            throw .unsafeEdit(path: target, detail: "the result would not be valid YAML")
        }
        try verify(settings: validated.map { ($0.setting, $0.canonical) }, old: oldSnapshot, new: newSnapshot,
                   oldPaths: YAMLLineEditor(text: oldText).paths, path: target)

        // Together with the other layers, e.g. a lower bound too close to the upper one.
        let trial = ResolvedSettings(layers: layers(replacingUserFileWith: newSnapshot))
        for item in validated {
            if case .fallback(let source, let reason)? = trial.entry(forKey: item.setting.key)?.origin,
               source.layer == .userFile {
                throw .invalidValue(key: item.setting.key, value: item.text, reason: reason)
            }
        }
        return (target, newText, validated.map(\.setting.key))
    }

    /// Each assignment's setting and canonical text, or why one is refused.
    private func validated(
        _ assignments: [(key: String, text: String)]
    ) throws(SettingsError) -> [(setting: AnySettingDescriptor, canonical: String, text: String)] {
        var validated: [(setting: AnySettingDescriptor, canonical: String, text: String)] = []
        for (key, text) in assignments {
            guard let setting = SettingsCatalogue.descriptor(forKey: key) else {
                throw .unknownKey(key, known: SettingsCatalogue.all.map(\.key))
            }
            do {
                validated.append((setting, try setting.validate(text), text))
            } catch {
                throw .invalidValue(key: setting.key, value: text, reason: error.description)
            }
        }
        return validated
    }

    /// The user's file with symlinks resolved: written through a symlink (dotfiles managers
    /// link config files) rather than over it.
    private var userFileTarget: String {
        URL(fileURLWithPath: files.userFile).resolvingSymlinksInPath().path
    }

    /// nil for a file without settings; throws for one that is not valid YAML.
    private func parse(_ text: String, path: String) throws(SettingsError) -> (any ConfigSnapshot)? {
        guard !ConfigFileProblem.holdsNoDocument(text) else { return nil }
        do {
            let data = Data(text.utf8)
            return try YAMLSnapshot(data: data.bytes, providerName: "user file", parsingOptions: .default)
        } catch {
            throw .unreadableUserFile(path: path, reason: ConfigFileProblem.summary(of: error))
        }
    }

    /// The edited keys read back as intended, and every other key of the old file reads the same.
    private func verify(
        settings: [(setting: AnySettingDescriptor, canonical: String)],
        old: (any ConfigSnapshot)?,
        new: any ConfigSnapshot,
        oldPaths: [String],
        path: String
    ) throws(SettingsError) {
        let newLayer = ConfigLayer.file(.userFile, path: path, snapshot: new)
        for (setting, canonical) in settings {
            guard let written = newLayer.lookup(setting.key)?.raw,
                  (try? setting.canonicalText(written)) == canonical else {
                throw .unsafeEdit(path: path, detail: "\(setting.key) would not read back as \(canonical)")
            }
        }
        guard let old else { return }
        let oldLayer = ConfigLayer.file(.userFile, path: path, snapshot: old)
        let edited = settings.map(\.setting.key)
        for key in oldPaths where !edited.contains(where: { key == $0 || key.hasPrefix($0 + ".") }) {
            guard oldLayer.lookup(key)?.raw == newLayer.lookup(key)?.raw else {
                throw .unsafeEdit(path: path, detail: "\(key) would change")
            }
        }
    }
}
