import SalesforceCore

/// Turns an event into the AILTN form the SDK publishes (`version 0.2`): the log line's
/// `schemaType`, and a payload object without it.
enum AILTNTransform {
    /// The event's payload, as the line's `payload` string holds it.
    static func payload(of event: InstrumentationEvent, device: DeviceAttributes) -> [String: JSON] {
        var payload: [String: JSON] = [
            "version": "0.2",
            "id": .string(event.id),
            "eventSource": .string(event.name),
            "ts": .integer(event.startTime),
        ]
        if let sessionID = event.sessionID { payload["clientSessionId"] = .string(sessionID) }
        if let end = event.endTime, end - event.startTime > 0 {
            switch event.schema {
            case .interaction, .performance: payload["duration"] = .integer(end - event.startTime)
            case .pageView: payload["ept"] = .integer(end - event.startTime)
            case .error: break
            }
        }
        if event.schema != .performance {
            payload["sequence"] = .integer(Int64(event.sequence))
            if let page = event.page { payload["page"] = .object(page) }
        }
        if !event.attributes.isEmpty { payload["attributes"] = .object(event.attributes) }
        if event.schema == .interaction || event.schema == .pageView, let target = event.senderID, let scope = event.senderParentID {
            payload["locator"] = .object(["target": .string(target), "scope": .string(scope)])
        }
        switch event.schema {
        case .performance: payload["eventType"] = "defs"
        case .interaction: payload["eventType"] = .string(event.kind.rawValue)
        case .error: payload["errorType"] = .string((event.severity ?? .error).rawValue)
        case .pageView: break
        }
        payload["deviceAttributes"] = .object([
            "appName": .string(device.appName), "appVersion": .string(device.appVersion), "osName": .string(device.osName),
            "osVersion": .string(device.osVersion), "nativeAppType": .string(device.nativeAppType),
            "mobileSdkVersion": .string(device.mobileSDKVersion), "deviceModel": .string(device.deviceModel),
            "deviceId": .string(device.deviceID), "clientId": .string(device.clientID), "connectionType": .string(device.connectionType),
        ])
        return payload
    }

    /// The upload's body before gzip: `{"logLines": [{"code": "ailtn", "data": {"schemaType", "payload"}}]}`.
    static func body(of events: [InstrumentationEvent], device: DeviceAttributes) -> JSON {
        .object([
            "logLines": .array(
                events.map { event in
                    .object([
                        "code": "ailtn",
                        "data": .object([
                            "schemaType": .string(event.schema.rawValue),
                            "payload": .string(JSON.object(payload(of: event, device: device)).serialized()),
                        ]),
                    ])
                })
        ])
    }
}
