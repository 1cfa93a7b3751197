import SalesforceApp
import SalesforceCore
import SmartStore

/// `com.salesforce.smartstore`: soups, entries, queries with cursors, and stores, each on the
/// store the call names (`isGlobalStore`, `storeName`).
struct SmartStoreService: BridgeService {
    static let serviceNames = ["com.salesforce.smartstore"]
    let context: BridgeContext
    let cursors = StoreCursors()

    /// The actions on one store, which need it open.
    static let storeActions: Set<String> = [
        "pgGetDatabaseSize", "pgSoupExists", "pgRegisterSoup", "pgAlterSoup", "pgReIndexSoup", "pgRemoveSoup", "pgClearSoup",
        "pgGetSoupIndexSpecs", "pgGetSoupSpec", "pgShowInspector", "pgUpsertSoupEntries", "pgRetrieveSoupEntries", "pgRemoveFromSoup",
        "pgQuerySoup", "pgRunSmartQuery", "pgMoveCursorToPageIndex", "pgCloseCursor",
    ]

    func answer(_ action: String, _ arguments: BridgeArguments) async throws -> JSON {
        let selector = arguments.store
        switch action {
        case "pgGetAllStores":
            let names = await context.app.stores.allStoreNames(for: try await context.currentIdentity())
            return .array(names.sorted().map { .object(StoreSelector(isGlobal: false, name: $0).json) })
        case "pgGetAllGlobalStores":
            let names = await context.app.stores.allGlobalStoreNames()
            return .array(names.sorted().map { .object(StoreSelector(isGlobal: true, name: $0).json) })
        case "pgRemoveStore":
            cursors.closeAll { $0 == selector }
            if selector.isGlobal {
                try await context.app.stores.removeGlobalStore(named: selector.name)
            } else {
                try await context.app.stores.removeStore(named: selector.name, for: try await context.currentIdentity())
            }
            return true
        case "pgRemoveAllStores":
            cursors.closeAll { !$0.isGlobal }
            try await context.app.stores.removeAllStores(for: try await context.currentIdentity())
            return true
        case "pgRemoveAllGlobalStores":
            cursors.closeAll { $0.isGlobal }
            try await context.app.stores.removeAllGlobalStores()
            return true
        default:
            guard Self.storeActions.contains(action) else { throw unknown(action) }
            let store = try await context.store(selector)
            return try await answer(action, arguments, on: store, selector)
        }
    }

    /// The actions on one store.
    private func answer(_ action: String, _ arguments: BridgeArguments, on store: SmartStore, _ selector: StoreSelector) async throws
        -> JSON
    {
        switch action {
        case "pgGetDatabaseSize":
            // The SDK answers an int: a larger store says the largest.
            let size = await store.databaseSize()
            return .integer(size > Int32.max ? Int64(Int32.max) : Int64(size))
        case "pgSoupExists":
            return .bool(try await store.soupExists(try arguments.requiredString("soupName")))
        case "pgRegisterSoup":
            let spec = try soupSpec(arguments)
            try await store.registerSoup(spec, indexSpecs: try indexSpecs(arguments["indexes"]))
            return .string(spec.name)
        case "pgAlterSoup":
            let name = try arguments.requiredString("soupName")
            let spec = arguments["soupSpec"] == nil ? nil : try soupSpec(arguments)
            try await store.alterSoup(
                name, soupSpec: spec, indexSpecs: try indexSpecs(arguments["indexes"]), reIndexData: arguments.bool("reIndexData"))
            return .string(name)
        case "pgReIndexSoup":
            let name = try arguments.requiredString("soupName")
            let paths = arguments["paths"]?.arrayValue?.compactMap(\.stringValue) ?? []
            try await store.reIndexSoup(name, paths: paths)
            return .string(name)
        case "pgRemoveSoup":
            try await store.removeSoup(try arguments.requiredString("soupName"))
            return "OK"
        case "pgClearSoup":
            try await store.clearSoup(try arguments.requiredString("soupName"))
            return "OK"
        case "pgGetSoupIndexSpecs":
            let specs = try await store.indexSpecs(inSoup: try arguments.requiredString("soupName"))
            return .array(specs.map { .object($0.jsonObject.mapValues(JSON.string)) })
        case "pgGetSoupSpec":
            let spec = try await store.soupSpec(inSoup: try arguments.requiredString("soupName"))
            return ["name": .string(spec.name), "features": .array(spec.features.map(\.rawValue).sorted().map(JSON.string))]
        case "pgShowInspector":
            // There is no inspector screen to show outside an app; `forcekit store` inspects a store.
            return "OK"
        case "pgUpsertSoupEntries":
            let entries = arguments["entries"]?.arrayValue ?? []
            return .array(
                try await store.upsert(
                    entries: entries, inSoup: try arguments.requiredString("soupName"),
                    withExternalIdPath: arguments.string("externalIdPath") ?? SoupEntryField.id))
        case "pgRetrieveSoupEntries":
            return .array(
                try await store.retrieve(usingSoupEntryIds: try entryIDs(arguments), inSoup: try arguments.requiredString("soupName")))
        case "pgRemoveFromSoup":
            let soup = try arguments.requiredString("soupName")
            if arguments["entryIds"] != nil || arguments["soupEntryIds"] != nil {
                try await store.remove(entryIds: try entryIDs(arguments), inSoup: soup)
            } else {
                _ = try await store.removeEntries(usingQuerySpec: try querySpec(arguments, soup: soup), inSoup: soup)
            }
            return "OK"
        case "pgQuerySoup", "pgRunSmartQuery":
            let spec = try querySpec(arguments, soup: arguments.string("soupName"))
            let total = try await store.count(using: spec)
            let cursor = StoreCursors.Cursor(store: selector, spec: spec, totalEntries: total, currentPageIndex: 0)
            let id = cursors.open(cursor)
            return try await page(of: cursor, id: id, store: store)
        case "pgMoveCursorToPageIndex":
            let id = try cursorID(arguments)
            var cursor = try cursors.cursor(id, in: selector)
            guard let index = arguments.integer("index"), index >= 0, index < max(cursor.totalPages, 1) else {
                throw BridgeFailure("The page index must be from 0 to \(max(cursor.totalPages - 1, 0)).")
            }
            cursor.currentPageIndex = Int(index)
            cursors.update(id, cursor)
            return try await page(of: cursor, id: id, store: store)
        case "pgCloseCursor":
            cursors.close(try cursorID(arguments), in: selector)
            return "OK"
        default:
            throw unknown(action)
        }
    }

    /// A cursor as the SDK's JavaScript reads one, with its current page's entries.
    private func page(of cursor: StoreCursors.Cursor, id: String, store: SmartStore) async throws -> JSON {
        let entries = try await store.query(using: cursor.spec, startingFromPageIndex: cursor.currentPageIndex)
        return [
            "cursorId": .string(id), "pageSize": .integer(Int64(cursor.spec.pageSize)),
            "totalEntries": .integer(Int64(cursor.totalEntries)), "totalPages": .integer(Int64(cursor.totalPages)),
            "currentPageIndex": .integer(Int64(cursor.currentPageIndex)), "currentPageOrderedEntries": .array(entries),
        ]
    }

    private func soupSpec(_ arguments: BridgeArguments) throws -> SoupSpec {
        if let spec = arguments["soupSpec"] {
            guard let name = spec["name"]?.stringValue ?? arguments.string("soupName") else {
                throw BridgeFailure("The soupSpec has no name.")
            }
            var features: Set<SoupFeature> = []
            for feature in spec["features"]?.arrayValue ?? [] {
                guard let text = feature.stringValue, let known = SoupFeature(rawValue: text) else {
                    throw BridgeFailure("\(feature.serialized()) is not a soup feature; the one there is is externalStorage.")
                }
                features.insert(known)
            }
            return SoupSpec(name: name, features: features)
        }
        return SoupSpec(name: try arguments.requiredString("soupName"))
    }

    private func indexSpecs(_ json: JSON?) throws -> [IndexSpec] {
        try (json?.arrayValue ?? []).map { index in try IndexSpec(json: index) }
    }

    private func querySpec(_ arguments: BridgeArguments, soup: String?) throws -> QuerySpec {
        guard let json = arguments["querySpec"] else { throw BridgeFailure("The argument querySpec is missing.") }
        return try QuerySpec(json: json, soupName: soup)
    }

    private func entryIDs(_ arguments: BridgeArguments) throws -> [Int64] {
        // React Native's removeFromSoup may call them soupEntryIds.
        guard let ids = (arguments["entryIds"] ?? arguments["soupEntryIds"])?.arrayValue else {
            throw BridgeFailure("The argument entryIds is missing; give an array of ids.")
        }
        return try ids.map { id in
            guard let number = id.integerValue ?? id.stringValue.flatMap({ Int64($0) }) else {
                throw BridgeFailure("\(id.serialized()) is not a soup entry id.")
            }
            return number
        }
    }

    private func cursorID(_ arguments: BridgeArguments) throws -> String {
        if let id = arguments.string("cursorId") { return id }
        if let number = arguments.integer("cursorId") { return String(number) }
        throw BridgeFailure("The argument cursorId is missing.")
    }
}
