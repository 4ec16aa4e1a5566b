import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

extension StopSignals {
    /// Sleeps `seconds` unless SIGTERM, SIGINT, SIGHUP or a closed stdout comes first (then
    /// false): for waits with nothing to watch yet, where ChangeWatcher has no folder.
    static func sleep(seconds: TimeInterval) -> Bool {
        install()
        var descriptors = [pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0),
                           pollfd(fd: STDOUT_FILENO, events: 0, revents: 0)]
        let deadline = Date().addingTimeInterval(seconds)
        while true {
            let remaining = max(0, Int32((deadline.timeIntervalSinceNow * 1000).rounded(.up)))
            let ready = poll(&descriptors, nfds_t(descriptors.count), remaining)
            if ready == 0 { return true }
            if ready < 0, errno == EINTR { continue }
            return false
        }
    }
}
