import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import RecipesCore

/// A web page fetched for `recipes import https://…`, through the system's `curl`.
///
/// Why curl and not Foundation's networking: `FoundationNetworking` does not link into the
/// static executable the README builds (it needs libcurl and its own dependencies as static
/// libraries), and linked dynamically it would grow the binary several times over and slow
/// every start-up, `recipes next` in a status bar included. curl is on nearly every machine;
/// where it is not, the error says what to install.
///
/// Safety: the address is one argument of curl's argument vector (never a shell's text);
/// only http and https are fetched, redirects included; the user's `~/.curlrc` is not read;
/// the page is read into memory with a size cap and written nowhere.
struct WebPage {
    /// Where the page was fetched from, after redirects.
    let address: String
    let data: Data

    /// The most a page may hold: real recipe pages are 0.1 to 3 MB.
    static let maximumBytes = 16 << 20
    /// How long a fetch may take, unless `--timeout` says otherwise.
    static let defaultTimeout = 30

    /// Whether `text` is a web address `import` fetches (http or https, any case).
    static func isAddress(_ text: String) -> Bool {
        let lower = text.prefix(8).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// The page at `address`, or a failure saying in one line what went wrong.
    static func fetch(_ address: String, timeout: Int) throws -> WebPage {
        // The status, the address after redirects and the type follow the body on a line of
        // their own, after a marker the page cannot know.
        let marker = "recipes-" + UUID().uuidString
        let arguments = [
            "curl", "-q", "--silent", "--show-error", "--location", "--max-redirs", "10",
            "--proto", "=http,https", "--proto-redir", "=http,https",
            "--connect-timeout", String(min(timeout, 15)), "--max-time", String(timeout),
            "--max-filesize", String(maximumBytes),
            "--user-agent", "Mozilla/5.0 (compatible; recipes; Linux)",
            "--header", "Accept: text/html,application/xhtml+xml,application/ld+json;q=0.9,*/*;q=0.8",
            "--write-out", "\n\(marker) %{http_code} %{url_effective} %{content_type}",
            "--url", address,
        ]
        let run = try CurlRun(arguments, maximumOutput: maximumBytes + 4_096 + address.utf8.count * 2)
        guard !run.overflowed else { throw CommandFailure("\(TerminalText.oneLine(address)): the page is larger than \(maximumBytes >> 20) MB; not imported") }
        var body = run.output
        var status = 0
        var finalAddress = address
        if let range = body.lastRange(of: Array("\n\(marker) ".utf8)) {
            let trailer = String(decoding: body[range.upperBound...], as: UTF8.self).split(separator: " ", maxSplits: 2)
            status = trailer.first.flatMap { Int($0) } ?? 0
            if trailer.count > 1, isAddress(String(trailer[1])) { finalAddress = String(trailer[1]) }
            body.removeSubrange(range.lowerBound...)
        }
        if let problem = problem(exitStatus: run.exitStatus, httpStatus: status, message: run.errors, address: address, timeout: timeout) {
            throw CommandFailure("\(TerminalText.oneLine(address)): \(problem)")
        }
        guard (200..<300).contains(status) else {
            throw CommandFailure("\(TerminalText.oneLine(address)): the server answered \(describe(httpStatus: status)); nothing was imported")
        }
        return WebPage(address: String(finalAddress.prefix { $0 != "#" }), data: Data(body))
    }

    /// What curl's exit status says went wrong, in the user's words; nil for success.
    static func problem(exitStatus: Int32, httpStatus: Int, message: String, address: String, timeout: Int) -> String? {
        let host = SourceAddress.host(of: address).map(String.init) ?? address
        // curl's own line, without its "curl: (6) " prefix, for the detail.
        let detail = message.split(whereSeparator: \.isNewline).last.map { line in
            String(line.drop { $0 != ")" }.dropFirst().drop { $0 == " " })
        } ?? ""
        let said = detail.isEmpty ? "" : " (\(detail))"
        switch exitStatus {
        case 0: return nil
        case 1: return "the page redirects to an address that is not http or https; refused\(said)"
        case 3: return "not a web address curl can read\(said)"
        case 5: return "cannot find the proxy the environment names\(said)"
        case 6: return "cannot find the host \(host) (its name does not resolve: check the address and the network)"
        case 7: return "cannot connect to \(host)\(said)"
        case 28: return "no complete answer within \(timeout) seconds (--timeout waits longer)"
        case 35, 53, 54, 58, 59, 60, 64, 66, 77, 80, 82, 83, 90, 91:
            // OpenSSL's words when the other end answers in plain text.
            let plain = detail.contains("wrong version number") ? "; the server may speak plain http: try http://" : ""
            return "the secure connection to \(host) failed (TLS\(detail.isEmpty ? "" : ": " + detail))\(plain)"
        case 47: return "too many redirects\(said)"
        case 52, 55, 56, 92: return "the connection to \(host) broke off\(said)"
        case 63: return "the page is larger than \(maximumBytes >> 20) MB; not imported"
        default: return "curl failed with status \(exitStatus)\(said)"
        }
    }

    /// "404 (not found)".
    static func describe(httpStatus: Int) -> String {
        let reasons = [400: "bad request", 401: "a login is needed", 403: "access refused", 404: "not found", 410: "gone",
                       429: "too many requests; try later", 451: "unavailable for legal reasons", 500: "server error",
                       502: "bad gateway", 503: "unavailable; try later", 504: "gateway timeout"]
        guard httpStatus > 0 else { return "nothing a browser could read" }
        return reasons[httpStatus].map { "\(httpStatus) (\($0))" } ?? String(httpStatus)
    }

    /// The file name the address ends in ("pancakes.cook"), which says a Cooklang file.
    static func fileName(of address: String) -> String? {
        guard let host = SourceAddress.host(of: address) else { return nil }
        let path = address[host.endIndex...].prefix { $0 != "?" && $0 != "#" }
        guard let slash = path.lastIndex(of: "/") else { return nil }
        let name = path[path.index(after: slash)...]
        return name.isEmpty ? nil : String(name)
    }
}

/// One run of curl: its standard output read into memory up to a cap (past which curl is
/// stopped), its standard error, and its exit status.
private struct CurlRun {
    var output: [UInt8] = []
    var errors = ""
    var overflowed = false
    var exitStatus: Int32 = 0

    init(_ arguments: [String], maximumOutput: Int) throws {
        var outputPipe: [Int32] = [0, 0], errorPipe: [Int32] = [0, 0]
        guard pipe(&outputPipe) == 0, pipe(&errorPipe) == 0 else { throw CommandFailure("cannot start curl: no pipe") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, outputPipe[1], STDOUT_FILENO)
        posix_spawn_file_actions_adddup2(&actions, errorPipe[1], STDERR_FILENO)
        for descriptor in outputPipe + errorPipe { posix_spawn_file_actions_addclose(&actions, descriptor) }
        let argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawnp(&pid, "curl", &actions, nil, argv, environ)
        close(outputPipe[1])
        close(errorPipe[1])
        defer {
            close(outputPipe[0])
            close(errorPipe[0])
        }
        guard spawned == 0 else {
            throw CommandFailure(spawned == ENOENT
                ? "importing a web address needs curl, which is not installed (Debian and Ubuntu: sudo apt install curl); or save the page and import the file"
                : "cannot start curl: \(String(cString: strerror(spawned)))")
        }
        var errorBytes: [UInt8] = []
        var open = [outputPipe[0], errorPipe[0]]
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while !open.isEmpty {
            var polled = open.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
            guard poll(&polled, nfds_t(polled.count), -1) >= 0 else {
                if errno == EINTR { continue }
                break
            }
            for entry in polled where entry.revents != 0 {
                let count = buffer.withUnsafeMutableBytes { read(entry.fd, $0.baseAddress, $0.count) }
                if count <= 0 {
                    if count < 0, errno == EINTR { continue }
                    open.removeAll { $0 == entry.fd }
                } else if entry.fd == outputPipe[0] {
                    output.append(contentsOf: buffer[..<count])
                    if output.count > maximumOutput {
                        overflowed = true
                        kill(pid, SIGKILL)
                        open.removeAll()
                    }
                } else if errorBytes.count < 65_536 {
                    errorBytes.append(contentsOf: buffer[..<count])
                }
            }
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        exitStatus = status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        errors = String(decoding: errorBytes, as: UTF8.self)
    }
}

private extension Array where Element == UInt8 {
    /// The last place `pattern` occurs.
    func lastRange(of pattern: [UInt8]) -> Range<Int>? {
        guard pattern.count <= count else { return nil }
        var start = count - pattern.count
        while start >= 0 {
            if self[start..<start + pattern.count].elementsEqual(pattern) { return start..<start + pattern.count }
            start -= 1
        }
        return nil
    }
}
