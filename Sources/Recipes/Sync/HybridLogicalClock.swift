import FoundationEssentials

/// When a version of a recipe was made, as a hybrid logical clock: wall time in
/// milliseconds, a counter for versions within the same millisecond (or made on a machine
/// whose clock is behind one already seen), and the replica as the final tie-break. Every
/// replica orders any two stamps the same way, so every replica picks the same winner.
public struct SyncStamp: Comparable, Hashable, Codable, Sendable, CustomStringConvertible {
    public var wall: Int64
    public var counter: Int64
    public var replica: String

    public init(wall: Int64, counter: Int64, replica: String) {
        self.wall = wall
        self.counter = counter
        self.replica = replica
    }

    public static func < (lhs: SyncStamp, rhs: SyncStamp) -> Bool {
        (lhs.wall, lhs.counter, lhs.replica) < (rhs.wall, rhs.counter, rhs.replica)
    }

    public var description: String { "\(wall).\(counter)@\(replica)" }
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
        } else {
            counter += 1
        }
        return SyncStamp(wall: wall, counter: counter, replica: replica)
    }

    /// Moves past a stamp received from another replica, so later local changes win over it.
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
