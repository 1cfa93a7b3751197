import SalesforceCore

/// `tabs`, `theme` and `appMenu`: what an app's navigation shows, and how.
extension DataAPI {
    /// The Salesforce mobile app's menu items that are no object's, as the guide lists them.
    private static let mobileMenu: [(label: String, type: String, url: String)] = [
        ("Smart Search Items", "Standard.Search", "/search"), ("Today", "Standard.MyDay", "/myDay"), ("Chatter", "Standard.Feed", "/feed"),
        ("Tasks", "Standard.Tasks", "/tasks"), ("Dashboards", "Standard.Dashboards", "/dashboards"),
    ]

    /// The app switcher's apps: the two a new org has.
    private static let apps = [("Sales", 1), ("Service", 2)]

    func tabs(_ call: RestCall) throws(APIError) -> RestReply {
        guard call.segments.count == 1 else { throw APIError.notFound }
        return .json(.array(ObjectTab.tabs(of: store.schema).map { $0.describe(instanceURL: instanceURL) }))
    }

    func theme(_ call: RestCall) throws(APIError) -> RestReply {
        guard call.segments.count == 1 else { throw APIError.notFound }
        let items = ObjectTab.tabs(of: store.schema).map { tab -> JSON in
            ["name": .string(tab.type.name), "colors": tab.colors, "icons": tab.icons(instanceURL: instanceURL)]
        }
        return .json(["themeItems": .array(items)])
    }

    func appMenu(_ call: RestCall) throws(APIError) -> RestReply {
        let base = APIPath.url("appMenu", version: call.version)
        switch call.segments.dropFirst().first {
        case nil:
            return .json([
                "AppSwitcher": .string(base + "/AppSwitcher"), "Salesforce1": .string(base + "/Salesforce1"),
                "NetworkTabs": .string(base + "/NetworkTabs"),
            ])
        case "AppSwitcher"?:
            let items = Self.apps.map { label, counter -> JSON in
                let id = String(RecordID.make(prefix: "02u", counter: Int64(counter)).prefix(15))
                return [
                    "colors": .null, "content": .null, "icons": .null, "label": .string(label), "name": .string(id), "type": "Tabset",
                    "url": .string("/home/home.jsp?tsid=\(id)"),
                ]
            }
            return .json(["appMenuItems": .array(items)])
        case "Salesforce1"?:
            let standard = Self.mobileMenu.map { item -> JSON in
                // Chatter's item as a recorded org answers it: named F, in the feed's blue.
                let feed = item.type == "Standard.Feed"
                return [
                    "colors": feed ? [["color": "1B96FF", "context": "primary", "theme": "theme4"]] : .null, "content": .null,
                    "icons": .null, "label": .string(item.label), "name": .string(feed ? "F" : item.type), "type": .string(item.type),
                    "url": .string(item.url),
                ]
            }
            let objects = ObjectTab.tabs(of: store.schema).map { tab -> JSON in
                [
                    "colors": tab.colors, "content": .null, "icons": tab.icons(instanceURL: instanceURL),
                    "label": .string(tab.type.labelPlural), "name": .string(tab.type.name), "type": "Tab.sObject",
                    "url": .string("/\(tab.type.keyPrefix)/o"),
                ]
            }
            return .json(["appMenuItems": .array(standard + objects)])
        case "NetworkTabs"?:
            // Tabs of an Experience Cloud site, asked for under a site's URL; the org's own has none.
            return .json(["appMenuItems": []])
        default:
            throw APIError.notFound
        }
    }
}
