import FoundationEssentials
import RecipesCore

/// Cook mode on a terminal: one step at a time over the scaled ingredients, the timers
/// counting down on every page, and at the end an offer to record the meal cooked.
///
/// The state and its drawing are values (``CookView``); this loop only feeds them keys,
/// signals and the clock.
enum CookScreen {
    /// Runs the view until `q` or a stop signal; the exit status and the lines to leave on
    /// the shell's screen (what was recorded, the timers left running), if any.
    static func run(_ sheet: CookingSheet, usesColor: Bool, recordCooked: @escaping (_ again: Bool) throws -> String) -> (ExitStatus, String?) {
        guard let screen = FullScreen() else { return (.failure, nil) }
        defer { screen.leave() }
        var view = CookView(sheet: sheet, usesColor: usesColor, recordCooked: recordCooked)
        let clock = ContinuousClock()
        while true {
            let now = clock.now
            let rang = view.timers.ring(now: now)
            if !rang.isEmpty {
                screen.bell()
                for timer in rang {
                    view.message = "Time is up: \(timer.timer.text) (step \(timer.step + 1))."
                    DesktopNotification.send(title: "Time is up: \(timer.timer.text)", body: "\(sheet.name), step \(timer.step + 1)")
                }
            }
            DesktopNotification.reap()
            let size = screen.size
            screen.draw(view.frame(columns: size.columns, rows: size.rows, now: now))
            for event in screen.events(timeout: view.timers.wait(now: clock.now)) {
                switch event {
                case .resize: continue
                case .stop: return (.interrupted, view.leaving(now: clock.now))
                case .key(let key):
                    if view.press(key, now: clock.now) == .quit { return (.success, view.leaving(now: clock.now)) }
                }
            }
        }
    }
}

/// What cook mode shows and how keys change it.
struct CookView {
    let sheet: CookingSheet
    let usesColor: Bool
    /// Records the meal cooked now; `again` records a second batch within four hours.
    let recordCooked: (_ again: Bool) throws -> String
    /// The step shown, from 0; `sheet.steps.count` is the page after the last.
    var step = 0
    var showsIngredients = true
    var timers = KitchenTimers()
    /// A line under the page saying what the last key did.
    var message: String?
    /// Set by `q` while timers run: a second `q` leaves.
    var isQuitAsked = false
    /// The cooked line once recorded.
    var recorded: String?
    /// Set when `c` found the meal recorded within four hours: `C` records another batch.
    var isRecordedAlready = false

    enum Outcome { case stay, quit }

    static let minimumColumns = 40, minimumRows = 12

    /// The help line's words where 40 columns must hold them.
    static let shortWords = ["ingredients": "list", "dismiss": "done", "another batch": "again"]

    mutating func press(_ key: FullScreen.Key, now: ContinuousClock.Instant) -> Outcome {
        let quitAsked = isQuitAsked
        isQuitAsked = false
        message = nil
        switch key {
        case .character("n"), .character(" "), .right, .pageDown, .enter, .down:
            if step < sheet.steps.count { step += 1 }
        case .character("p"), .left, .pageUp, .up:
            if step > 0 { step -= 1 }
        case .character("t"):
            if step < sheet.steps.count { message = timers.toggle(step: step, timers: sheet.steps[step].timers, now: now) }
        case .character("d"):
            if !timers.dismissRung() { message = "No timer has rung." }
        case .character("i"):
            showsIngredients.toggle()
        case .character("c") where isLastPage && recorded == nil, .character("C") where isLastPage && recorded == nil && isRecordedAlready:
            do {
                recorded = try recordCooked(key == .character("C"))
            } catch let failure as CommandFailure where failure.status == .nothingFound {
                // Cooked within four hours already: the view's own way to a second batch.
                isRecordedAlready = true
                message = failure.message.components(separatedBy: "; nothing was recorded").first.map { $0 + ". C records another batch." } ?? failure.message
            } catch let failure as CommandFailure {
                message = failure.message
            } catch {
                message = "\(error)"
            }
        case .character("q"), .character("Q"):
            if timers.running.isEmpty || quitAsked { return .quit }
            isQuitAsked = true
            let count = timers.running.count
            message = "\(count == 1 ? "A timer is" : "\(count) timers are") still running: q again to quit."
        default:
            break
        }
        return .stay
    }

    /// What stays on the shell's screen: the cooked line, and the timers left running
    /// ("left running: 10 minutes (step 2), 9:41 to go"), which end with the view.
    func leaving(now: ContinuousClock.Instant) -> String? {
        let running = timers.running.sorted { $0.endsAt < $1.endsAt }.map {
            "\($0.timer.text) (step \($0.step + 1)), \(CookingSheet.clock(KitchenTimers.secondsLeft($0, now: now))) to go"
        }
        let lines = [recorded, running.isEmpty ? nil : "left running: " + running.joined(separator: "; ")].compactMap { $0 }
        return lines.isEmpty ? nil : lines.joined(separator: "\n")
    }

    /// The page after the last step (or the only page of a recipe without steps).
    var isLastPage: Bool { step >= sheet.steps.count }

    // MARK: Drawing

    /// The screen as `rows` lines of at most `columns` columns, with their styles.
    func frame(columns: Int, rows: Int, now: ContinuousClock.Instant) -> [String] {
        guard columns >= Self.minimumColumns, rows >= Self.minimumRows else { return tooSmall(columns: columns, rows: rows) }
        var footer = timerLines(columns: columns, now: now)
        if let message { footer += Self.wrap(TerminalText.oneLine(message), width: columns).prefix(2).map { Styled($0, style: .notice) } }
        footer.append(Styled(helpLine(columns: columns), style: .help))
        let header = [Styled(headerLine(columns: columns), style: .title), Styled(String(repeating: "─", count: columns), style: .dim)]
        let bodyRows = max(0, rows - header.count - footer.count)
        var body = self.body(columns: columns, rows: bodyRows)
        body += Array(repeating: Styled(""), count: max(0, bodyRows - body.count))
        return (header + body.prefix(bodyRows) + footer).prefix(rows).map { $0.rendered(width: columns, usesColor: usesColor) }
    }

    private func tooSmall(columns: Int, rows: Int) -> [String] {
        let text = "This terminal is \(columns)×\(rows); cook mode needs \(Self.minimumColumns)×\(Self.minimumRows). Enlarge it, or q to quit."
        let lines = Self.wrap(text, width: max(1, columns)).prefix(rows).map { Styled($0).rendered(width: columns, usesColor: false) }
        return lines + Array(repeating: "", count: max(0, rows - lines.count))
    }

    private func headerLine(columns: Int) -> String {
        let place = sheet.steps.isEmpty ? "no steps" : isLastPage ? "done" : "step \(step + 1) of \(sheet.steps.count)"
        let right = (sheet.sizeText.map { $0 + " · " } ?? "") + place
        let name = TextColumns.truncate(sheet.name, to: max(1, columns - TextColumns.width(right) - 2))
        return name + String(repeating: " ", count: max(1, columns - TextColumns.width(name) - TextColumns.width(right))) + right
    }

    /// The keys that do something on this page.
    private func helpLine(columns: Int) -> String {
        var keys = isLastPage ? [("p/←", "back"), ("i", "ingredients"), ("q", "quit")]
            : [("n/→", "next"), ("p/←", "back"), ("t", "timer"), ("i", "ingredients"), ("q", "quit")]
        if sheet.steps.isEmpty { keys.removeFirst() }
        if !timers.rung.isEmpty { keys.insert(("d", "dismiss"), at: keys.count - 2) }
        if isLastPage, recorded == nil { keys.insert(isRecordedAlready ? ("C", "another batch") : ("c", "cooked"), at: 0) }
        let long = keys.map { "\($0.0) \($0.1)" }.joined(separator: "  ")
        if TextColumns.width(long) <= columns { return long }
        // Narrow: the keys' words as short as they go whole, then the keys alone.
        let short = keys.map { "\($0.0.prefix(1)) \(Self.shortWords[$0.1] ?? $0.1)" }.joined(separator: " ")
        return TextColumns.width(short) <= columns ? short : keys.map { String($0.0.prefix(1)) }.joined(separator: " ") + "  (keys)"
    }

    /// The running and rung timers, shown on every page; the soonest first.
    private func timerLines(columns: Int, now: ContinuousClock.Instant) -> [Styled] {
        let rung = timers.rung.map { Styled("⏲ 0:00  TIME IS UP  \($0.timer.text) · step \($0.step + 1)  (d dismisses)", style: .alarm) }
        let running = timers.running.sorted { $0.endsAt < $1.endsAt }.map { timer in
            Styled("⏲ \(CookingSheet.clock(KitchenTimers.secondsLeft(timer, now: now)))  \(timer.timer.text) · step \(timer.step + 1)", style: .timer)
        }
        let all = rung + running
        guard all.count > 4 else { return all }
        return Array(all.prefix(3)) + [Styled("  and \(all.count - 3) more timers", style: .timer)]
    }

    private func body(columns: Int, rows: Int) -> [Styled] {
        guard showsIngredients, !sheet.lines.isEmpty else { return pageLines(width: columns, rows: rows) }
        if columns >= 100 {
            let page = pageLines(width: columns - min(44, columns * 2 / 5) - 3, rows: rows)
            // Side by side: the list on the left, the step beside it.
            let left = min(44, columns * 2 / 5)
            let list = ingredientLines(width: left, rows: rows)
            return (0..<max(list.count, page.count)).map { row in
                let cell = row < list.count ? list[row] : Styled("")
                let step = row < page.count ? page[row] : Styled("")
                return Styled(joining: cell, width: left, step)
            }
        }
        // Stacked: the step first, with at least the list's title and three of its lines
        // above it; the list takes what the step leaves.
        // A small screen keeps the list to its title and a mark (i shows it alone).
        let leastList = min(sheet.lines.count + 1, rows >= 14 ? 4 : 2)
        var page = pageLines(width: columns, rows: max(1, rows - leastList - 1))
        // A list that does not fit takes the step's blank lines.
        if sheet.lines.count + 1 > rows - page.count - 1 { page = pageLines(width: columns, rows: max(1, rows - leastList - 1), compact: true) }
        return ingredientLines(width: columns, rows: max(leastList, rows - page.count - 1)) + [Styled("")] + page
    }

    /// The list, its lines for this step marked, the ones earlier steps used ticked. When it
    /// does not fit, the part from the first line this step uses.
    private func ingredientLines(width: Int, rows: Int) -> [Styled] {
        let current = Set(step < sheet.uses.count ? sheet.uses[step] : [])
        let earlier = Set(sheet.uses.prefix(min(step, sheet.uses.count)).flatMap { $0 })
        let amountWidth = min(14, sheet.lines.map { TextColumns.width($0.amount) }.max() ?? 0)
        var lines = sheet.lines.enumerated().map { index, line -> Styled in
            if line.isHeading { return Styled(line.name + ":", style: .bold) }
            let mark = current.contains(index) ? "▸ " : earlier.contains(index) || isLastPage && !sheet.steps.isEmpty ? "✓ " : "  "
            let amount = TextColumns.truncate(line.amount, to: amountWidth)
            let padded = amount + String(repeating: " ", count: max(0, amountWidth - TextColumns.width(amount)))
            return Styled(mark + padded + (amountWidth > 0 ? "  " : "") + line.name,
                          style: current.contains(index) ? .used : earlier.contains(index) ? .dim : .plain)
        }
        let title = Styled("Ingredients", style: .heading)
        guard lines.count + 1 > rows else { return [title] + lines }
        // Too many: an unbroken part of the list, from the heading over the first line this
        // step uses (else the first line not used yet), each cut marked where it is.
        let summary = [title, Styled("  … \(lines.count) lines (i hides them)", style: .dim)]
        guard rows >= 3 else { return Array(summary.prefix(rows)) }
        let focus = current.min() ?? lines.indices.first { !earlier.contains($0) && !sheet.lines[$0].isHeading } ?? 0
        var start = sheet.lines[...focus].lastIndex(where: \.isHeading) ?? focus
        // The heading too when it is near and leaves room for the step's lines.
        if focus - start > 2 || focus - start + max(1, current.count) > rows - 3 { start = focus }
        // A mark above or below takes a row of the window; a window that ends the list starts earlier.
        var room = rows - 1
        for _ in 0..<2 {
            room = rows - 1 - (start > 0 ? 1 : 0) - (start + room < lines.count ? 1 : 0)
            start = min(start, max(0, lines.count - room))
        }
        guard room > 0 else { return summary }
        let shown = start..<min(lines.count, start + room)
        let hiddenAfter = lines.count - shown.upperBound
        lines = Array(lines[shown])
        if shown.lowerBound > 0 { lines.insert(Styled("  … \(shown.lowerBound) above", style: .dim), at: 0) }
        if hiddenAfter > 0 { lines.append(Styled("  … \(hiddenAfter) more", style: .dim)) }
        return [title] + lines
    }

    /// The step, in bold and wrapped to a readable width, with its timers; or the last page;
    /// or what a recipe without steps says. A step too long for `rows` is cut with a mark,
    /// its timers kept.
    private func pageLines(width: Int, rows: Int, compact: Bool = false) -> [Styled] {
        let textWidth = max(10, min(width - 4, 72))
        func wrapped(_ text: String, style: Styled.Style = .plain) -> [Styled] {
            Self.wrap(text, width: textWidth).map { Styled("  " + $0, style: style) }
        }
        var lines: [Styled]
        if sheet.steps.isEmpty {
            lines = [Styled("No steps: this recipe has no instructions.", style: .heading)]
                + wrapped(showsIngredients ? "Its ingredients are above; c records it as cooked." : "i shows its ingredients; c records it as cooked.")
        } else if isLastPage {
            let all = sheet.steps.count == 1 ? "The step is done." : "All \(sheet.steps.count) steps done."
            lines = [Styled(all, style: .heading), Styled("")]
            if let recorded {
                lines += recorded.split(separator: "\n").flatMap { wrapped(String($0)) }
            } else {
                lines += wrapped(isRecordedAlready ? "It was recorded cooked within four hours: C records another batch."
                                 : "c records \(sheet.name) as cooked now (and its planned meal as done, if it has one).")
                lines += wrapped("p goes back; q quits.")
            }
        } else {
            let current = sheet.steps[step]
            let nextToStart = current.timers.indices.first { index in
                !timers.running.contains { $0.step == step && $0.timer == current.timers[index] }
            }
            var hints = current.timers.enumerated().map { index, timer -> Styled in
                let running = timers.running.contains { $0.step == step && $0.timer == timer }
                return Styled("  ⏲ \(CookingSheet.label(timer))" + (running ? "  (running)" : index == nextToStart ? "  · t starts it" : ""), style: .timer)
            }
            let heading = Styled("Step \(current.number) of \(sheet.steps.count)", style: .heading)
            var text = wrapped(current.text, style: .step)
            // Fitting a small screen: the blank lines go first, then the timers are one line,
            // then the text is cut with a mark; the heading and a line of text always show.
            var blanks = compact ? 0 : 2
            func height() -> Int { 1 + text.count + (hints.isEmpty ? 0 : hints.count) + (hints.isEmpty ? min(blanks, 1) : blanks) }
            if height() > rows { blanks = 0 }
            if height() > rows, hints.count > 1 {
                hints = [Styled("  ⏲ " + current.timers.map(\.text).joined(separator: ", ") + (nextToStart != nil ? " · t starts the next" : ""), style: .timer)]
            }
            if height() > rows {
                let textRows = max(1, rows - 1 - hints.count)
                if text.count > textRows, textRows >= 2 {
                    text = Array(text.prefix(textRows - 1)) + [Styled(showsIngredients ? "  … (more: i hides the list)" : "  … (more on a larger screen)", style: .dim)]
                } else if text.count > textRows, var first = text.first {
                    first.parts[0].text = TextColumns.truncate(first.parts[0].text + " …", to: textWidth + 2)
                    text = [first]
                }
            }
            lines = [heading] + (blanks > 0 ? [Styled("")] : []) + text
            if !hints.isEmpty { lines += (blanks > 1 ? [Styled("")] : []) + hints }
        }
        return Array(lines.prefix(max(0, rows)))
    }

    /// `text` in lines of at most `width` columns, broken at spaces (a longer word is cut).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ").map(String.init) {
            var word = word
            while TextColumns.width(word) > width {
                if !line.isEmpty { lines.append(line); line = "" }
                var head = ""
                for character in word {
                    if TextColumns.width(head + String(character)) > width { break }
                    head.append(character)
                }
                lines.append(head)
                word = String(word.dropFirst(head.count))
            }
            if line.isEmpty {
                line = word
            } else if TextColumns.width(line) + 1 + TextColumns.width(word) <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = word
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines
    }
}

/// One screen line: its text and how it is drawn, cut and padded to the screen's width.
struct Styled {
    enum Style {
        case plain, bold, dim, title, heading, step, used, timer, alarm, notice, help

        /// SGR codes; without colour only bold, dim and reverse video.
        func codes(usesColor: Bool) -> String? {
            switch self {
            case .plain: nil
            case .bold, .title, .step: "1"
            case .dim: "2"
            case .heading: usesColor ? "1;36" : "1"
            case .used: usesColor ? "1;33" : "1"
            case .timer: usesColor ? "36" : nil
            case .alarm: usesColor ? "1;97;41" : "1;7"
            case .notice: usesColor ? "33" : nil
            case .help: "7"
            }
        }
    }

    var parts: [(text: String, style: Style)]

    init(_ text: String, style: Style = .plain) {
        parts = [(text, style)]
    }

    /// `left` in a column of `width`, a rule, then `right`.
    init(joining left: Styled, width: Int, _ right: Styled) {
        let text = left.parts.map(\.text).joined()
        let cut = TextColumns.truncate(text, to: width)
        parts = [(cut + String(repeating: " ", count: max(0, width - TextColumns.width(cut))), left.parts.first?.style ?? .plain),
                 (" │ ", .dim)] + right.parts
    }

    func rendered(width: Int, usesColor: Bool) -> String {
        var line = ""
        var used = 0
        for (index, part) in parts.enumerated() {
            guard used < width else { break }
            var text = TextColumns.width(part.text) > width - used ? TextColumns.truncate(part.text, to: width - used) : part.text
            // The help and alarm bars run the screen's width.
            if index == parts.count - 1, part.style == .help || part.style == .alarm {
                text += String(repeating: " ", count: max(0, width - used - TextColumns.width(text)))
            }
            used += TextColumns.width(text)
            line += part.style.codes(usesColor: usesColor).map { "\u{1B}[\($0)m\(text)\u{1B}[0m" } ?? text
        }
        return line
    }
}
