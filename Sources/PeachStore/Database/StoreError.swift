import PeachCore

/// What went wrong with the training database. Every message names the file.
public enum StoreError: Error, Sendable, CustomStringConvertible {
    /// The folder or the file could not be created.
    case cannotCreate(path: String, reason: String)
    /// The file or its folder may not be written, so no trial could be saved.
    case notWritable(path: String, reason: String)
    /// Something other than a regular file (a named pipe, a folder, a device) is where the
    /// database or one of SQLite's companion files belongs; opening it could hang.
    case notARegularFile(path: String, kind: String)
    /// The file exists but SQLite cannot use it (damaged, not a database, unreadable).
    case unreadableDatabase(path: String, reason: String)
    /// The file is another program's SQLite database; the detail says how that shows.
    case foreignDatabase(path: String, detail: String)
    /// The file was written by a newer peach whose schema this one does not know.
    case newerSchema(path: String, unknownMigrations: [String])
    /// A stored row cannot be turned back into a record.
    case corruptRow(path: String, table: String, id: Int64, column: String, problem: String)
    /// A completed trial could not be saved.
    case saveFailed(path: String, what: String, reason: String)
    /// The file was deleted (or another put in its place) while the store had it open. Its
    /// records, the trial just saved included, were copied to `rescuedTo`, unless `failure`.
    case databaseVanished(path: String, what: String, replaced: Bool, rescuedTo: String?, failure: String?)
    /// Reading, importing or deleting failed; nothing was changed.
    case operationFailed(path: String, operation: String, reason: String)

    /// One line; the paths and names in it are the user's, so control characters are escaped.
    public var description: String { message.terminalSafe }

    private var message: String {
        switch self {
        case .cannotCreate(let path, let reason):
            return "cannot create the training database \(path): \(reason)"
        case .notWritable(let path, let reason):
            return "cannot write to \(path) (\(reason)), so no training record could be saved; "
                + "fix its permissions or choose another folder with --data-dir or PEACH_DATA_DIR"
        case .notARegularFile(let path, let kind):
            return "\(path) is \(kind), not a database file, so peach did not open it. It was left untouched; "
                + "move it aside, or choose another folder with --data-dir or PEACH_DATA_DIR."
        case .unreadableDatabase(let path, let reason):
            return "\(path) is not a usable training database (\(reason)). It was left untouched; "
                + "move it aside to start afresh, or restore a backup."
        case .foreignDatabase(let path, let detail):
            return "\(path) is another program's SQLite database, not peach's training records (\(detail)). "
                + "It was left untouched; move it aside, or choose another folder with --data-dir or PEACH_DATA_DIR."
        case .newerSchema(let path, let unknown):
            return "\(path) was written by a newer peach (schema steps \(unknown.joined(separator: ", "))); "
                + "update peach to use it. It was left untouched."
        case .corruptRow(let path, let table, let id, let column, let problem):
            return "\(path): table \(table), row id \(id), column \(column): \(problem)"
        case .saveFailed(let path, let what, let reason):
            return "could not save the \(what) to \(path): \(reason). Training stopped so that no answer goes unsaved."
        case .databaseVanished(let path, let what, let replaced, let rescuedTo, let failure):
            let happened = replaced ? "\(path) was replaced by another file while peach was using it"
                                    : "\(path) was deleted while peach was using it"
            let records = replaced ? "The records of the file peach had open" : "Its records"
            guard let rescuedTo else {
                return "\(happened), and its records could not be copied out (\(failure ?? "unknown reason")): "
                    + "they, this \(what) included, are lost. Training stopped."
            }
            return "\(happened). \(records), this \(what) included, were saved to \(rescuedTo)"
                + (replaced ? "; the new \(path) was not touched" : "")
                + ". Training stopped; start it again to go on."
        case .operationFailed(let path, let operation, let reason):
            return "could not \(operation) in \(path): \(reason). Nothing was changed."
        }
    }
}
