/// What recipes(1) says of `recipes restore` beyond its spec.
extension RestoreCommand {
    static let manual = CommandManual(
        .init(#"""
            Replaces the store's content with the backup's in one transaction, keeping the store's file,
            so a running status bar or
            .B sync \-\-watch
            simply sees the change. The store as it was is first kept beside it as
            .IR store .before\-restore\- date
            (with \-2, \-3, ... added for further restores in the same second).
            The backup must be an intact recipe store and is not changed (nor left with
            .B \-wal
            or
            .B \-shm
            files beside it); one with a
            .B \-journal
            left by a write that was cut short is refused as damaged (opening it once with
            .BR sqlite3 (1)
            undoes that write). A restore that fails keeps no copy of the store and, where there was no
            store, makes none. One from an earlier version,
            or with another page size, restores all the same (a converted copy is made beside the store
            and removed; the next restore removes one that a killed restore left). The store then syncs
            as a new replica whose clock is no earlier than the replaced store's, so no later change can
            share a stamp with an earlier one, and the next
            .B sync
            reads back from the sync folder what this store wrote there after the backup. Never move a
            file over the store while recipes runs: SQLite's log beside the old file would be read into
            the new one.
            """#))
}
