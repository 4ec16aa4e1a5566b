extension SQLiteError: Equatable {
    /// Equal when the codes, the message and the SQL are.
    package static func == (lhs: SQLiteError, rhs: SQLiteError) -> Bool {
        lhs.code == rhs.code && lhs.extendedCode == rhs.extendedCode && lhs.message == rhs.message && lhs.sql == rhs.sql
    }
}
