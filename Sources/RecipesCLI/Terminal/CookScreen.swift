import FoundationEssentials
import RecipesCore

/// Cook mode on a terminal: one step at a time over the scaled ingredients, the timers
/// counting down on every page, and at the end an offer to record the meal cooked.
///
/// The state and its drawing are values (``CookView``); this loop only feeds them keys,
/// signals and the clock.
enum CookScreen {
    /// Runs the view until `q` or a stop signal; the exit status and the line to leave on
    /// the shell's screen (what was recorded), if any.
    static func run(_ sheet: CookingSheet, usesColor: Bool, recordCooked: @escaping () throws -> String) -> (ExitStatus, String?) {
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
                case .stop: return (.interrupted, view.recorded)
                case .key(let key):
                    if view.press(key, now: clock.now) == .quit { return (.success, view.recorded) }
                }
            }
        }
    }
}

/// What cook mode shows and how keys change it.
struct CookView {
    let sheet: CookingSheet
    let usesColor: Bool
    let recordCooked: () throws -> String
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

    enum Outcome { case stay, quit }

    static let minimumColumns = 40, minimumRows = 12

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
        case .character("c") where isLastPage && recorded == nil:
            do {
                recorded = try recordCooked()
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

    /// The page after the last step (or the only page of a recipe without steps).
    var isLastPage: Bool { step >= sheet.steps.count }

    // MARK: Drawing

    /// The screen as `rows` lines of at most `columns` columns, with their styles.
    func frame(columns: Int, rows: Int, now: ContinuousClock.Instant) -> [String] {
        guard columns >= Self.minimumColumns, rows >= Self.minimumRows else { return tooSmall(columns: columns, rows: rows) }
        var footer = timerLines(columns: columns, now: now)
        if let message { footer.append(Styled(TerminalText.oneLine(message), style: .notice)) }
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

    private func helpLine(columns: Int) -> String {
        var keys = [("n/→", "next"), ("p/←", "back"), ("t", "timer"), ("i", "ingredients"), ("q", "quit")]
        if !timers.rung.isEmpty { keys.insert(("d", "dismiss"), at: 3) }
        if isLastPage, recorded == nil, !sheet.steps.isEmpty { keys.insert(("c", "cooked"), at: 0) }
        let long = keys.map { "\($0.0) \($0.1)" }.joined(separator: "  ")
        return TextColumns.width(long) <= columns ? long : keys.map { "\($0.0.prefix(1)) \($0.1.prefix(5))" }.joined(separator: " ")
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
        let page = pageLines(width: columns >= 100 && showsIngredients && !sheet.lines.isEmpty ? columns - min(44, columns * 2 / 5) - 3 : columns,
                             rows: rows)
        guard showsIngredients, !sheet.lines.isEmpty else { return page }
        if columns >= 100 {
            // Side by side: the list on the left, the step beside it.
            let left = min(44, columns * 2 / 5)
            let list = ingredientLines(width: left, rows: rows)
            return (0..<max(list.count, page.count)).map { row in
                let cell = row < list.count ? list[row] : Styled("")
                let step = row < page.count ? page[row] : Styled("")
                return Styled(joining: cell, width: left, step)
            }
        }
        // Stacked: the list above the step, with at least three of its lines.
        let listRows = max(3, rows - page.count - 1)
        return ingredientLines(width: columns, rows: min(listRows, rows)) + [Styled("")] + page
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
            return Styled(mark + padded + (amountWidth > 0 ? " " : "") + line.name,
                          style: current.contains(index) ? .used : earlier.contains(index) ? .dim : .plain)
        }
        let title = Styled("Ingredients", style: .heading)
        guard lines.count + 1 > rows else { return [title] + lines }
        let shown = max(1, rows - 2)
        let first = min(current.min() ?? 0, max(0, lines.count - shown))
        let more = lines.count - shown
        lines = Array(lines[first..<min(lines.count, first + shown)])
        return [title] + lines + [Styled("  … \(more) more (i hides the list)", style: .dim)]
    }

    /// The step, large as a terminal allows: bold, wrapped to a readable width, and spaced
    /// when there is room; or the last page; or what a recipe without steps says.
    private func pageLines(width: Int, rows: Int) -> [Styled] {
        guard !sheet.steps.isEmpty else {
            return [Styled("This recipe has no steps: it has no instructions.", style: .heading),
                    Styled(showsIngredients ? "Its ingredients are listed above." : "i shows its ingredients.")]
        }
        if isLastPage {
            let all = "All \(sheet.steps.count) step\(sheet.steps.count == 1 ? "" : "s") done."
            if let recorded { return [Styled(all, style: .heading), Styled(""), Styled(recorded)] }
            return [Styled(all, style: .heading), Styled(""), Styled("c records \(sheet.name) as cooked (its planned meal is done); p goes back; q quits.")]
        }
        let current = sheet.steps[step]
        var lines = [Styled("Step \(current.number) of \(sheet.steps.count)", style: .heading), Styled("")]
        let textWidth = max(10, min(width - 4, 72))
        let wrapped = Self.wrap(current.text, width: textWidth)
        let timerHints = current.timers.map { timer -> Styled in
            let running = timers.running.contains { $0.step == step && $0.timer == timer }
            return Styled("  ⏲ \(CookingSheet.label(timer))" + (running ? "  (running)" : "  · t starts it"), style: .timer)
        }
        let spaced = wrapped.count * 2 - 1 + lines.count + 1 + timerHints.count <= rows
        for (index, line) in wrapped.enumerated() {
            if spaced, index > 0 { lines.append(Styled("")) }
            lines.append(Styled("  " + line, style: .step))
        }
        if !timerHints.isEmpty { lines += [Styled("")] + timerHints }
        if lines.count > rows, rows > 0 {
            lines = Array(lines.prefix(rows))
            lines[rows - 1] = Styled("  … (the step goes on: a larger terminal shows it whole)", style: .dim)
        }
        return lines
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
