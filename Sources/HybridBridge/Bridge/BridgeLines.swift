public import SalesforceCore

/// The bridge's wire format over a byte stream (`forcekit bridge`): one JSON object a line.
///
/// - A call: `{"id": 7, "service": "com.salesforce.smartstore", "action": "pgQuerySoup", "args": [ … ]}`.
/// - Its answer: `{"id": 7, "ok": true, "result": …}` or `{"id": 7, "ok": false, "error": "…"}`.
/// - An event: `{"event": "sync", "detail": { … }}`.
///
/// Answers may come in another order than the calls; the id pairs them.
public enum BridgeLines {
    /// A call read from a line.
    public struct Call: Sendable, Equatable {
        /// The caller's id for the call, echoed in its answer: any JSON value.
        public var id: JSON
        /// The plugin: `com.salesforce.smartstore`.
        public var service: String
        /// The action: `pgQuerySoup`.
        public var action: String
        /// The action's arguments, as `cordova.exec` passes them.
        public var arguments: [JSON]

        /// A call from its parts.
        public init(id: JSON, service: String, action: String, arguments: [JSON]) {
            self.id = id
            self.service = service
            self.action = action
            self.arguments = arguments
        }
    }

    /// Reads a call; a line that is not one is answered with the failure this returns, under
    /// the line's id when it has one.
    public static func call(from line: String) -> Result<Call, LineFailure> {
        let json: JSON
        do {
            json = try JSON(parsing: Array(line.utf8))
        } catch {
            return .failure(LineFailure(id: .null, message: "The line is not JSON: \(error)"))
        }
        let id = json["id"] ?? .null
        guard let service = json["service"]?.stringValue, let action = json["action"]?.stringValue else {
            return .failure(LineFailure(id: id, message: "A call needs \"service\" and \"action\" strings, and \"args\", an array."))
        }
        let arguments: [JSON]
        switch json["args"] {
        case nil, .null?: arguments = []
        case .array(let list)?: arguments = list
        case let other?: arguments = [other]
        }
        return .success(Call(id: id, service: service, action: action, arguments: arguments))
    }

    /// A line that could not be read as a call.
    public struct LineFailure: Error, Sendable, Equatable {
        /// The line's id, or null.
        public var id: JSON
        /// What is wrong with it.
        public var message: String
    }

    /// The line that answers the call `id`.
    public static func answer(_ answer: BridgeAnswer, id: JSON) -> String {
        switch answer {
        case .success(let result): JSON.object(["id": id, "ok": true, "result": result]).serialized()
        case .failure(let message): JSON.object(["id": id, "ok": false, "error": .string(message)]).serialized()
        }
    }

    /// The line of an event.
    public static func event(_ event: BridgeEvent) -> String {
        JSON.object(["event": .string(event.name), "detail": event.detail]).serialized()
    }
}

extension HybridBridge {
    /// Serves the line protocol: answers each call read from `lines` with `write` (calls run
    /// concurrently, so answers may come in another order), writes events as they happen, and
    /// returns once the input has ended, every call has answered and every sync a call started
    /// has ended (with its last event written). `write` gets one line at a
    /// time, without its line break, never from two tasks at once.
    ///
    /// With `reactNative`, a call's `service` is a React Native native module
    /// (`SFSmartStoreReactBridge`…), its `action` the method and `args` a one-element array holding
    /// the method's argument object (``callReactNative(module:method:arguments:)``).
    public func serve(lines: AsyncStream<String>, reactNative: Bool = false, write: @escaping @Sendable (String) -> Void) async {
        let writer = SerialWriter(write)
        let (events, endEvents) = context.events.listen()
        let eventTask = Task {
            for await event in events { writer.write(BridgeLines.event(event)) }
        }
        await withTaskGroup(of: Void.self) { group in
            for await line in lines where !line.allSatisfy(\.isWhitespace) {
                switch BridgeLines.call(from: line) {
                case .failure(let failure):
                    writer.write(BridgeLines.answer(.failure(failure.message), id: failure.id))
                case .success(let call):
                    group.addTask {
                        let answer =
                            reactNative
                            ? await self.callReactNative(module: call.service, method: call.action, arguments: call.arguments.first ?? [:])
                            : await self.call(service: call.service, action: call.action, arguments: call.arguments)
                        writer.write(BridgeLines.answer(answer, id: call.id))
                    }
                }
            }
        }
        await context.runs.waitForAll()
        // A run publishes its last event before it ends: the stream holds it, and hands it over before finishing.
        endEvents()
        await eventTask.value
    }
}

/// Hands lines to a writer one at a time.
private final class SerialWriter: Sendable {
    private let lock = Locked(())
    private let output: @Sendable (String) -> Void

    init(_ output: @escaping @Sendable (String) -> Void) {
        self.output = output
    }

    func write(_ line: String) {
        lock.withLock { _ in output(line) }
    }
}
