/// The parameters of a routed link: path parameters and declared query parameters, by name.
///
/// A link carries a handful of parameters, so they are kept as a flat list of name–value pairs,
/// searched in order: cheaper than hashing for so few (Hummingbird keeps route parameters the
/// same way). It reads and writes like a dictionary:
///
/// ```swift
/// router.register("authenticate") { parameters in
///     parameters["user"] = session.userName
///     log(parameters["saleId"])
/// }
/// ```
///
/// Two values are equal when they hold the same pairs, in any order.
public struct DeepLinkParameters: Sendable, Hashable, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// One parameter.
    public struct Entry: Sendable, Hashable {
        /// The parameter's name.
        public let name: String
        /// Its value, percent-decoded.
        public let value: String
    }

    /// The parameters in the order they were set: path parameters in pattern order, then query
    /// parameters in declaration order, then anything handlers added.
    public private(set) var entries: [Entry] = []

    /// No parameters.
    public init() {}

    /// Parameters from a dictionary literal. A repeated name keeps its last value.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements { self[name] = value }
    }

    /// Parameters from a dictionary, in name order.
    public init(_ dictionary: [String: String]) {
        entries = dictionary.sorted { $0.key < $1.key }.map { Entry(name: $0.key, value: $0.value) }
    }

    init(capacity: Int) {
        entries.reserveCapacity(capacity)
    }

    /// The value for a name; setting `nil` removes it.
    public subscript(name: String) -> String? {
        get { entries.first { $0.name == name }?.value }
        set {
            let index = entries.firstIndex { $0.name == name }
            switch (index, newValue) {
            case (let index?, let value?): entries[index] = Entry(name: name, value: value)
            case (let index?, nil): entries.remove(at: index)
            case (nil, let value?): entries.append(Entry(name: name, value: value))
            case (nil, nil): break
            }
        }
    }

    /// Appends a parameter whose name is known not to be present yet.
    mutating func appendNew(_ name: String, _ value: String) {
        entries.append(Entry(name: name, value: value))
    }

    /// How many parameters there are.
    public var count: Int { entries.count }

    /// Whether there are none.
    public var isEmpty: Bool { entries.isEmpty }

    /// The names, in order.
    public var names: [String] { entries.map(\.name) }

    /// The parameters as a dictionary.
    public var dictionary: [String: String] {
        Dictionary(entries.map { ($0.name, $0.value) }, uniquingKeysWith: { _, last in last })
    }

    /// `name=value` pairs sorted by name.
    public var description: String {
        entries.sorted { $0.name < $1.name }.map { "\($0.name)=\($0.value)" }.joined(separator: ", ")
    }

    /// Whether both hold the same name–value pairs, in any order.
    public static func == (lhs: DeepLinkParameters, rhs: DeepLinkParameters) -> Bool {
        lhs.count == rhs.count && lhs.entries.allSatisfy { rhs[$0.name] == $0.value }
    }

    /// Hashes the pairs independently of their order, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        var combined = 0
        for entry in entries { combined ^= entry.hashValue }
        hasher.combine(count)
        hasher.combine(combined)
    }
}
