extension StatusLine {
    /// "name · when" in at most `columns` terminal columns, for bars that cut what is too
    /// long (tmux cuts status-right at status-right-length): the name is shortened with "…",
    /// the time never, since the time is what the line is for.
    func text(fitting columns: Int) -> String {
        guard DisplayWidth.columns(text) > columns else { return text }
        let suffix = " · " + when
        let room = columns - DisplayWidth.columns(suffix) - 1
        var shortened = "", used = 0
        for character in name {
            used += DisplayWidth.columns(character)
            if used > room { break }
            shortened.append(character)
        }
        while shortened.hasSuffix(" ") { shortened.removeLast() }
        return shortened + "…" + suffix
    }
}
