import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import RecipesCore

/// The timers running in cook mode, several at once, each for a timer a step names. They
/// count on the continuous clock, which goes on while the laptop sleeps: a timer that ended
/// during the sleep rings on waking.
struct KitchenTimers {
    struct Timer: Equatable {
        /// The step (from 0) and which of its timers.
        let step: Int
        let index: Int
        let timer: StepTimer
        let endsAt: ContinuousClock.Instant
        /// When it rang; nil while it runs.
        var rangAt: ContinuousClock.Instant?
    }

    private(set) var all: [Timer] = []

    var running: [Timer] { all.filter { $0.rangAt == nil } }
    var rung: [Timer] { all.filter { $0.rangAt != nil } }

    /// `t` on a step: starts the first of its timers that is not running; when all run, stops
    /// the one started last. What it did, for the status line.
    mutating func toggle(step: Int, timers: [StepTimer], now: ContinuousClock.Instant) -> String {
        guard !timers.isEmpty else { return "This step names no time to set a timer for." }
        let mine = all.filter { $0.step == step }
        if let index = timers.indices.first(where: { index in !mine.contains { $0.index == index && $0.rangAt == nil } }) {
            all.removeAll { $0.step == step && $0.index == index }
            let timer = timers[index]
            all.append(Timer(step: step, index: index, timer: timer, endsAt: now + .seconds(timer.seconds)))
            return "Timer started: \(CookingSheet.label(timer))."
        }
        let last = all.lastIndex { $0.step == step && $0.rangAt == nil }!
        let stopped = all.remove(at: last)
        return "Timer stopped: \(stopped.timer.text), \(CookingSheet.clock(Self.secondsLeft(stopped, now: now))) left."
    }

    /// Puts away the timers that rang.
    mutating func dismissRung() -> Bool {
        let count = all.count
        all.removeAll { $0.rangAt != nil }
        return all.count != count
    }

    /// Marks the timers whose time is up as rung, and returns them.
    mutating func ring(now: ContinuousClock.Instant) -> [Timer] {
        var rang: [Timer] = []
        for index in all.indices where all[index].rangAt == nil && all[index].endsAt <= now {
            all[index].rangAt = now
            rang.append(all[index])
        }
        return rang
    }

    /// Milliseconds until a countdown shows another second or a timer rings; -1 with none
    /// running, so an idle view sleeps until a key.
    func wait(now: ContinuousClock.Instant) -> Int32 {
        let waits = running.map { timer -> Int64 in
            let left = Self.milliseconds(timer.endsAt - now)
            // The next whole second of the countdown, shown as it is reached.
            return left <= 0 ? 0 : (left - 1) % 1_000 + 1
        }
        guard let soonest = waits.min() else { return -1 }
        return Int32(max(1, soonest))
    }

    /// Whole seconds left, rounded up so a countdown shows 0:00 only when it rings.
    static func secondsLeft(_ timer: Timer, now: ContinuousClock.Instant) -> Int {
        let left = milliseconds(timer.endsAt - now)
        return left <= 0 ? 0 : Int((left + 999) / 1_000)
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000 + attoseconds / 1_000_000_000_000_000
    }
}

/// A desktop notification through `notify-send`, when it is installed: started and not
/// waited for, its output thrown away (without a desktop session it fails, and that is no
/// error of ours). Children are reaped by ``reap()``.
enum DesktopNotification {
    static func send(title: String, body: String) {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        for descriptor in [STDIN_FILENO, STDOUT_FILENO, STDERR_FILENO] {
            posix_spawn_file_actions_addopen(&actions, descriptor, "/dev/null", descriptor == STDIN_FILENO ? O_RDONLY : O_WRONLY, 0)
        }
        let arguments = ["notify-send", "--app-name=recipes", "--urgency=critical", "--", title, body]
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        _ = posix_spawnp(&pid, "notify-send", &actions, nil, argv, environ)
    }

    /// Collects the notifiers that have ended.
    static func reap() {
        var status: Int32 = 0
        while waitpid(-1, &status, WNOHANG) > 0 {}
    }
}
