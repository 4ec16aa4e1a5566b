import FoundationEssentials

/// When a version of a recipe was made, as a hybrid logical clock: wall time in
/// milliseconds, a counter for versions within the same millisecond (or made on a machine
/// whose clock is behind one already seen), and the replica as the final tie-break. Every
/// replica orders any two stamps the same way, so every replica picks the same winner.
public struct SyncStamp: Comparable, Hashable, Codable, Sendable, CustomStringConvertible {
    /// Milliseconds since 1970 on the replica's clock (never going backwards).
    public var wall: Int64
    /// Orders stamps within one millisecond.
    public var counter: Int64
    /// The replica that made the change; breaks ties.
    public var replica: String

    /// A stamp with these parts.
    public init(wall: Int64, counter: Int64, replica: String) {
        self.wall = wall
        self.counter = counter
        self.replica = replica
    }

    /// The stamp of a sample recipe nobody has changed: older than any real change, so a
    /// sample never overwrites, resurrects or deletes anything that came from another store.
    /// Versions with this stamp are never written to a sync folder.
    public static let sample = SyncStamp(wall: 0, counter: 0, replica: "")

    public static func < (lhs: SyncStamp, rhs: SyncStamp) -> Bool {
        (lhs.wall, lhs.counter, lhs.replica) < (rhs.wall, rhs.counter, rhs.replica)
    }

    public var description: String { "\(wall).\(counter)@\(replica)" }

    /// How far ahead of this machine's clock a received stamp may be. Clocks of machines
    /// that sync drift by seconds; a stamp a day ahead is a broken clock or a crafted file,
    /// and adopting it would put every later local change behind it.
    public static let futureTolerance: Int64 = 86_400_000

    /// Counters beyond this are refused: a real replica makes far fewer changes in one
    /// millisecond, and the bound keeps the clock's arithmetic from ever overflowing.
    static let maximumCounter: Int64 = 1 << 40

    /// How far ahead a stamp may be and still be waited for: a machine whose clock runs
    /// days fast (a wrong time zone, a dead clock battery) makes real changes, which are taken
    /// once this machine's clock gets there. Beyond it, a stamp is broken or crafted.
    static let waitedForTolerance: Int64 = 366 * 86_400_000

    /// Why a stamp received from another store cannot be taken, or nil when it can.
    func problem(now: Date) -> String? {
        if wall <= 0 || counter < 0 || counter > Self.maximumCounter { return "it has an impossible stamp (\(self))" }
        if wall > HybridLogicalClock.milliseconds(now) + Self.futureTolerance {
            return isWaitedFor(now: now)
                ? "it is stamped more than a day ahead of this machine's clock (\(self)); it is tried again at each sync until the clock gets there"
                : "it is stamped more than a year ahead of this machine's clock (\(self))"
        }
        return nil
    }

    /// Whether a stamp too far ahead to take now is one to try again later: its file is not
    /// counted as applied, so every store takes it once its clock gets there, and no store
    /// that read the file early keeps lacking it for good while another took it.
    func isWaitedFor(now: Date) -> Bool {
        let ahead = wall - HybridLogicalClock.milliseconds(now)
        return ahead > Self.futureTolerance && ahead <= Self.waitedForTolerance && counter >= 0 && counter <= Self.maximumCounter
    }
}

/// The clock of one replica: each local change gets a stamp later than every stamp this
/// replica has made or received, even when the machine's clock goes backwards.
struct HybridLogicalClock {
    var wall: Int64
    var counter: Int64
    let replica: String

    /// The stamp for a change made now.
    mutating func tick(now: Date) -> SyncStamp {
        let physical = Self.milliseconds(now)
        if physical > wall {
            wall = physical
            counter = 0
        } else if counter >= SyncStamp.maximumCounter {
            // Never reached by real use; moving to the next millisecond keeps the order.
            wall += 1
            counter = 0
        } else {
            counter += 1
        }
        return SyncStamp(wall: wall, counter: counter, replica: replica)
    }

    /// Moves past a stamp received from another replica, so later local changes win over it.
    /// Only stamps that passed ``SyncStamp/problem(now:)`` are received.
    mutating func receive(_ stamp: SyncStamp) {
        if stamp.wall > wall {
            wall = stamp.wall
            counter = stamp.counter
        } else if stamp.wall == wall {
            counter = max(counter, stamp.counter)
        }
    }

    static func milliseconds(_ date: Date) -> Int64 {
        let value = (date.timeIntervalSince1970 * 1000).rounded(.down)
        return value.isFinite ? Int64(max(0, min(value, 1e15))) : 0
    }
}
