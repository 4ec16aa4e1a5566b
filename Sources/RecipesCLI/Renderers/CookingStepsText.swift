/// `cook` without a terminal (or `--format text`): the scaled ingredients, then the steps
/// numbered, each with the timers found in it, for a script or a printout.
enum CookingStepsText {
    static func write(_ sheet: CookingSheet, to output: TextOutput) {
        output.line(sheet.name + (sheet.sizeText.map { " · " + $0 } ?? ""))
        if !sheet.lines.isEmpty {
            output.line("")
            output.line("Ingredients:")
            var rows: [[String]] = []
            for line in sheet.lines {
                if line.isHeading {
                    if !rows.isEmpty { TextColumns.write(rows, to: output) }
                    rows = []
                    output.line(" " + line.name + ":")
                } else {
                    rows.append(["  " + line.amount, line.name])
                }
            }
            if !rows.isEmpty { TextColumns.write(rows, to: output) }
        }
        output.line("")
        guard !sheet.steps.isEmpty else {
            output.line("No steps: the recipe has no instructions.")
            return
        }
        output.line("Steps:")
        let width = String(sheet.steps.count).count
        for step in sheet.steps {
            let number = String(repeating: " ", count: width - String(step.number).count) + "\(step.number). "
            output.line(number + step.text)
            let indent = String(repeating: " ", count: number.count)
            for timer in step.timers {
                output.line(indent + "timer: \(timer.text) = \(CookingSheet.clock(timer.seconds))" + (timer.isRange ? " (the lower bound)" : ""))
            }
        }
    }
}
