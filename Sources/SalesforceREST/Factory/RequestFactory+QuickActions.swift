public import SalesforceCore

/// Quick actions: the org's global actions and an object's, each one's form, the values its form
/// starts with, and a record made through one.
///
/// ```swift
/// let defaults = try await client.send(requests.quickActionDefaultValues("LogACall", contextID: accountID)).json
/// // {"attributes": {"type": "Task"}, "Subject": "Call", "WhatId": "001…", …}
/// try await client.send(requests.performQuickAction("LogACall", record: ["Subject": "Call"], contextID: accountID))
/// ```
extension RequestFactory {
    /// The global actions, or those of `objectType`'s pages.
    public func quickActions(_ objectType: String? = nil) -> RestRequest {
        data(.get, base(objectType))
    }

    /// One action's describe: its target object, layout, defaults and icons.
    public func describeQuickAction(_ name: String, objectType: String? = nil) -> RestRequest {
        data(.get, "\(base(objectType))/\(Self.segment(name))/describe")
    }

    /// The record the action's form starts with, opened from the record `contextID` when given.
    public func quickActionDefaultValues(_ name: String, objectType: String? = nil, contextID: String? = nil) -> RestRequest {
        data(.get, "\(base(objectType))/\(Self.segment(name))/defaultValues" + (contextID.map { "/\(Self.segment($0))" } ?? ""))
    }

    /// Makes a record through the action, from the record `contextID` when given.
    public func performQuickAction(_ name: String, objectType: String? = nil, record: JSON, contextID: String? = nil) -> RestRequest {
        var body: [String: JSON] = ["record": record]
        if let contextID { body["contextId"] = .string(contextID) }
        return data(.post, "\(base(objectType))/\(Self.segment(name))", json: .object(body))
    }

    private func base(_ objectType: String?) -> String {
        objectType.map { "/sobjects/\(Self.segment($0))/quickActions" } ?? "/quickActions"
    }
}
