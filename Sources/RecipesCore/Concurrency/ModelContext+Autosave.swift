import FoundationEssentials

// SwiftData's main context saves by itself; code ported from it inserts and edits without
// calling save() and expects the changes kept. Here the main context does the same on the
// main actor: a save scheduled by each insert or delete, and a check every second that
// finds edits to its objects (a setter does not tell the context).

/// What autosaving has under way for one context.
struct AutosaveState {
    /// A save is queued on the main actor.
    var isScheduled = false
    /// The once-a-second check is running.
    var isChecking = false
}

extension ModelContext {
    /// How often edits (which no setter reports) are looked for.
    static let autosaveInterval: Duration = .seconds(1)

    func autosaveSettingChanged() {
        guard autosaveEnabled, savesOnMainActor else { return }
        scheduleAutosave()
        startAutosaveChecks()
    }

    /// Queues a save on the main actor unless one is queued.
    func scheduleAutosave() {
        guard autosaveEnabled, savesOnMainActor, !autosave.isScheduled else { return }
        autosave.isScheduled = true
        // Unchecked: only the main context saves by itself, and it is used on the main
        // actor only (``ModelContainer/mainContext`` is `@MainActor`).
        nonisolated(unsafe) let context = self
        Task { @MainActor in
            context.autosave.isScheduled = false
            context.autosaveNow()
        }
    }

    private func startAutosaveChecks() {
        guard !autosave.isChecking else { return }
        autosave.isChecking = true
        // Weak: the checks end with the context (its container gone) or when turned off.
        nonisolated(unsafe) weak let context = self
        Task { @MainActor in
            while true {
                try? await Task.sleep(for: Self.autosaveInterval)
                guard let context, context.autosaveEnabled else {
                    context?.autosave.isChecking = false
                    return
                }
                context.autosaveNow()
            }
        }
    }

    @MainActor private func autosaveNow() {
        guard autosaveEnabled, hasChanges else { return }
        do {
            try save()
            lastAutosaveError = nil
        } catch {
            lastAutosaveError = error
        }
    }
}
