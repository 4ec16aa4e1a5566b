import CSQLite

extension SQLiteConnection {
    /// Replaces this database's content with `source`'s, page by page through SQLite's backup
    /// API: one write transaction on this connection, so readers see the old content or the
    /// new, and the file keeps its identity (its -wal and -shm stay its own).
    package func replaceContent(with source: SQLiteConnection) throws {
        guard let backup = sqlite3_backup_init(handle, "main", source.handle, "main") else {
            throw SQLiteError(connection: handle, code: sqlite3_errcode(handle))
        }
        let stepped = sqlite3_backup_step(backup, -1)
        let finished = sqlite3_backup_finish(backup)
        guard stepped == SQLITE_DONE, finished == SQLITE_OK else {
            throw SQLiteError(connection: handle, code: stepped == SQLITE_DONE ? finished : stepped)
        }
    }
}
