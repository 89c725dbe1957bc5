import Foundation
import GRDB
import PeachFiles
#if canImport(Glibc)
import Glibc
#endif

extension TrainingStore {
    /// After a write: the path must still name the file the store opened. When it does not,
    /// every record (the one just written included) is still in the open file, so it is copied
    /// out (`VACUUM INTO`) before the store closes and the error says where it went.
    func checkFileStillThere(after what: String) throws(StoreError) {
        guard let opened = openedFile, FileIdentity.of(path) != opened else { return }
        let replaced = FileIdentity.of(path) != nil
        let target: String
        do {
            target = try rescue(replaced: replaced)
        } catch {
            try? pool.close()
            throw .databaseVanished(path: path, what: what, replaced: replaced, rescuedTo: nil, failure: Self.reason(error))
        }
        throw .databaseVanished(path: path, what: what, replaced: replaced, rescuedTo: target, failure: nil)
    }

    /// Copies the open database into a new private file in the data folder, closes the store
    /// (its WAL and shared memory belong to the vanished file, not to the name) and gives the
    /// copy the database's name if that is free, else a name of its own. Returns its path.
    private func rescue(replaced: Bool) throws -> String {
        try DatabaseFile.createFolder(location)
        let folder = location.directory.path
        let temporary = folder + "/.peach-rescue-\(UUID().uuidString).sqlite"
        do throws(FileWriteError) {
            guard try EmptyFile.create(temporary, mode: 0o600) else {
                throw FileWriteError(path: temporary, reason: "it exists already")
            }
        } catch {
            throw StoreError.cannotCreate(path: temporary, reason: error.reason)
        }
        do {
            try pool.writeWithoutTransaction { db in try db.execute(sql: "VACUUM INTO ?", arguments: [temporary]) }
        } catch {
            unlink(temporary)
            throw error
        }
        try pool.close()
        // The vanished file's WAL and shared memory stay under the database's name after the
        // close (SQLite cannot checkpoint into an unlinked file): beside the copy they would be
        // read as its own and replay the old file's pages over it.
        if !replaced {
            unlink(path + "-wal")
            unlink(path + "-shm")
        }
        let stamp = Int64(Date().timeIntervalSince1970)
        // link, not rename: never over a file that appeared meanwhile.
        for target in (replaced ? [] : [path]) + [folder + "/peach-rescued-\(stamp).sqlite"] where link(temporary, target) == 0 {
            unlink(temporary)
            return target
        }
        return temporary
    }
}
