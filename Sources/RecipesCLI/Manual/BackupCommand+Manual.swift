/// What recipes(1) says of `recipes backup` beyond its spec.
extension BackupCommand {
    static let manual = CommandManual(
        .init(#"""
            Writes a consistent copy of the store to
            .I file
            (which must not exist), safe while other recipes processes use the store; copying the store
            file with cp while recipes runs can give a torn copy. A backup that fails leaves no file; a
            read-only store can be backed up.
            """#))
}
