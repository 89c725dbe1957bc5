import GRDB

/// Decides, for one record kind of a merging import, whether a row can be a duplicate without
/// asking the table. Exports are written in time order, so nearly every row lies in the newest
/// whole second seen so far or a later one: above everything stored when the import began (the
/// frontier starts at the table's newest second, or nowhere when it was empty), a duplicate can
/// only be a row of the file in the same second, which a small list of that second's keys
/// catches. Only a row at or below the frontier whose second's keys are not all known (older rows,
/// or the store's own newest second) needs the indexed lookup. Memory stays that of one second.
struct ImportDuplicateFrontier {
    enum Check {
        /// Certainly new.
        case new
        /// Certainly already there, earlier in the file.
        case duplicate
        /// Only the table can tell.
        case lookUp
    }

    /// The start (ms) of the newest second holding a stored row or a row of the file, nil before any.
    private var second: Int64?
    /// The identity keys stored in `second`; complete only when every row of that second came
    /// from the file through `inserted`.
    private var keys: [[DatabaseValue]] = []
    private var keysComplete = false

    /// `newestStored`: the table's newest timestamp (ms) when the import began, nil when empty.
    init(newestStored: Int64?) {
        second = newestStored.map(Self.secondStart)
    }

    func check(second start: Int64, key: [DatabaseValue]) -> Check {
        guard let second, start <= second else { return .new }
        guard start == second, keysComplete else { return .lookUp }
        return keys.contains(key) ? .duplicate : .new
    }

    /// Notes a row that was stored.
    mutating func inserted(second start: Int64, key: [DatabaseValue]) {
        if let second, start <= second {
            if start == second { keys.append(key) }
            return
        }
        second = start
        keys = [key]
        keysComplete = true
    }

    /// The milliseconds at which the whole second holding `milliseconds` starts (also before 1970).
    static func secondStart(_ milliseconds: Int64) -> Int64 {
        milliseconds - ((milliseconds % 1000) + 1000) % 1000
    }
}
