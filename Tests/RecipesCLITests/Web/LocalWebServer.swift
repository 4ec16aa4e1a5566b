import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.1 server on 127.0.0.1, for `recipes import https://…` tests: each path
/// answers with a status, headers and a body, or streams bytes without a length, or waits
/// before answering. It serves until it is deinitialised.
final class LocalWebServer: @unchecked Sendable {
    enum Answer: Sendable {
        case page(status: Int, headers: [(String, String)], body: Data)
        /// `bytes` of filler sent without a Content-Length.
        case stream(bytes: Int)
        /// Nothing for `seconds`, then a short page.
        case slow(seconds: Int)
    }

    let port: UInt16
    private let listener: Int32
    private let answers: [String: Answer]
    /// The request paths in the order they came.
    private(set) var requests: [String] {
        get { lock.withLock { received } }
        set { lock.withLock { received = newValue } }
    }
    private var received: [String] = []
    private let lock = NSLock()

    init(_ answers: [String: Answer]) throws {
        self.answers = answers
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(listener, $0, length) } }
        guard bound == 0, listen(listener, 16) == 0 else { throw POSIXError(.EADDRINUSE) }
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(listener, $0, &length) } }
        port = UInt16(bigEndian: address.sin_port)
        self.listener = listener
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// `http://127.0.0.1:PORT/path`.
    func address(_ path: String) -> String { "http://127.0.0.1:\(port)\(path)" }

    private func acceptLoop() {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            Thread { [self] in serve(connection) }.start()
        }
    }

    private func serve(_ connection: Int32) {
        defer { close(connection) }
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4_096)
        while !request.suffix(4).elementsEqual(Array("\r\n\r\n".utf8)) && request.count < 65_536 {
            let count = read(connection, &buffer, buffer.count)
            guard count > 0 else { return }
            request.append(contentsOf: buffer[..<count])
            // Not HTTP (a TLS handshake starts with 0x16): answer as a plain server does.
            if let first = request.first, !(0x41...0x5A).contains(first) {
                send(connection, Data("HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n".utf8))
                return
            }
        }
        let line = String(decoding: request.prefix { $0 != 0x0D }, as: UTF8.self).split(separator: " ")
        guard line.count >= 2 else { return }
        let path = String(line[1])
        requests.append(path)
        switch answers[path] ?? .page(status: 404, headers: [], body: Data("<html>no such page</html>".utf8)) {
        case .page(let status, let headers, let body):
            var head = "HTTP/1.1 \(status) \(status == 200 ? "OK" : "Other")\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
            if !headers.contains(where: { $0.0.lowercased() == "content-type" }) { head += "Content-Type: text/html; charset=utf-8\r\n" }
            for (name, value) in headers { head += "\(name): \(value)\r\n" }
            send(connection, Data((head + "\r\n").utf8) + body)
        case .stream(let bytes):
            send(connection, Data("HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nConnection: close\r\n\r\n<html>".utf8))
            let chunk = Data(repeating: 0x41, count: 65_536)
            var sent = 0
            while sent < bytes, send(connection, chunk) {
                sent += chunk.count
            }
        case .slow(let seconds):
            sleep(UInt32(seconds))
            send(connection, Data("HTTP/1.1 200 OK\r\nContent-Length: 6\r\nConnection: close\r\n\r\n<html>".utf8))
        }
    }

    /// Writes all of `data`; false when the other end is gone.
    @discardableResult
    private func send(_ connection: Int32, _ data: Data) -> Bool {
        data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = Glibc.send(connection, bytes.baseAddress! + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                if written <= 0 { return false }
                offset += written
            }
            return true
        }
    }
}
