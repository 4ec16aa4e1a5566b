extension StatusLine {
    /// "name · when" in at most `columns` terminal columns (wide characters count two), for
    /// bars that cut what is too long (tmux cuts status-right at status-right-length): the
    /// name is shortened with "…", the time never, since the time is what the line is for.
    func text(fitting columns: Int) -> String {
        guard TextColumns.width(text) > columns else { return text }
        let suffix = " · " + when
        var shortened = TextColumns.truncate(name, to: columns - TextColumns.width(suffix))
        shortened.removeLast()
        while shortened.hasSuffix(" ") { shortened.removeLast() }
        return shortened + "…" + suffix
    }
}
