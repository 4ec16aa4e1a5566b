/// What recipes(1) says of `recipes sync` beyond its spec.
extension SyncCommand {
    static let manual = CommandManual(
        .init(#"""
            Shares this store's changes with other machines' stores through
            .IR dir ,
            a folder that a sync tool (Syncthing, Nextcloud, a network share) keeps in step; the store
            itself stays out of it. A sync first applies every change file that other stores wrote into
            .I dir
            and this one has not applied yet, then writes this store's changes since its last sync as one
            new file in
            .IR dir / replica-id /.
            A file is applied in batches of 500 changes, each one transaction with a short pause between
            them, so other commands writing to the store wait a fraction of a second, not the whole sync;
            the file counts as applied only once all of it is, and applying a change twice is harmless.
            Files are never rewritten: each is written under a hidden temporary name, flushed and renamed,
            and carries its length and a CRC\-32, so a file still being copied (or damaged) is skipped,
            reported, and tried again next time. A file written by a newer version is kept and not applied.
            Running sync twice in a row changes nothing the second time.
            .IP
            The store remembers which files it wrote. When
            .I dir
            lacks them (a new folder, or its files were deleted) the next sync writes a snapshot of
            everything the store knows instead, so a machine that reads only that folder gets it all.
            When its own folder holds change files it never wrote, the store was restored from a backup
            or copied: it says so in one line, takes a new replica id, and reads those files like any
            other store's.
            .IP
            What a shared folder may hold is not trusted: an entry named like a replica that is not a
            folder, a folder this user cannot read, a link or FIFO among the change files, a change whose
            recipe this store would refuse (a blank name, a name over 1,000 characters), a stamp more
            than a day ahead of this machine's clock, or a change signed by another replica than its
            file's is skipped with one line on standard error; the rest is synced. A link in place of the
            store's own folder stops the sync with an error: it writes and deletes only inside
            .IR dir .
            Sample recipes nobody changed carry a stamp older than any real change and are never written
            to the folder, so a new machine's samples cannot undo another machine's edits.
            .IP
            The merge rule: the unit is a whole recipe with its ingredients. Each change carries a
            hybrid logical clock stamp (wall time in milliseconds, a counter, the store's replica id), and
            for each recipe the change with the later stamp wins on every machine. If two machines edit
            the same recipe offline, the edit made later (by the clock) is kept whole and the other is
            dropped; a deletion is a tombstone that wins over earlier edits and loses to later ones, so an
            edit made after the deletion brings the recipe back. Two different versions with equal stamps
            (only a copied store or a crafted file makes them) end the same everywhere: a deletion wins,
            else the version with the greater content hash.
            .IP
            The meal plan merges entry by entry, each entry and cooked record with a stamp of its own, so a
            plan never undoes an edit of the recipe made elsewhere. An entry only one machine has is kept:
            two machines planning the same recipe offline on different days keep both. The same entry
            changed on both: the later change wins for its date, meal, servings, note and repeat (a
            removal included), and the days either machine skipped or cooked stay skipped or cooked.
            Cooked records are only ever added. A recipe deleted here keeps its plan unseen, so a later
            edit from another machine that brings the recipe back brings all of its plan.
            """#),
        options: [
            .init("--status", text: #"""
                Say what a sync would do: this store's replica id, its local changes not yet written, the
                files of other stores not yet applied, whether the folder lacks this store's history or
                files of other stores it read are gone (a snapshot is due), or holds files it never wrote, and what is kept (newer format) or skipped
                (damaged files, entries that are not folders).
                """#),
            .init("--watch", text: #"""
                Keep running, for a user service: sync, then sleep until a file arrives in
                .IR dir ,
                the store changes, or the interval passes; stop cleanly on SIGTERM or SIGINT. Prints a line
                only when something was applied or written, and names each skipped file once. When the store
                file is replaced (a backup moved into place), it syncs the new file. A folder that is not there
                yet, or was deleted (a sync tool deletes it on every machine when one deletes it), is waited
                for: it says so once and syncs as soon as the folder appears. See
                .BR recipes\-sync (7).
                """#),
            .init("--interval", text: #"""
                With
                .BR \-\-watch ,
                also sync this often (default 5m), for folders whose changes inotify cannot see (network
                shares).
                """#),
        ])
}
