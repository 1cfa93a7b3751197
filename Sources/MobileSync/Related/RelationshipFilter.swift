import Foundation
import SOQL

/// The WHERE condition that picks a tree's records at one level: those whose chain of parents
/// reaches a root the user's filter picks.
///
/// Each level is queried on its own, through child-to-parent paths (`Contact.Account.Name LIKE
/// 'A%'`), so children are paged like any query (the SDK nests them in the parents' query and
/// assumes they fit in one response) and a child changed on the server comes down even when
/// its parent did not change (the SDK looks only at parents).
enum RelationshipFilter {
    /// The condition for `level`'s records; nil for a root with no filter.
    /// - Throws: ``SyncError/invalidConfiguration(_:)`` when the filter does not parse, or uses a
    ///   semi-join (`Id IN (SELECT …)`), which a child-to-parent path cannot carry.
    static func condition(for level: TreeLevel, rootFilter: String?) throws(SyncError) -> Condition? {
        let filter = try rootFilter.flatMap { text throws(SyncError) in
            try parse(text, root: level.ancestors.first?.objectType ?? level.object.objectType)
        }
        guard !level.ancestors.isEmpty else { return filter }
        let chain = [level.object] + level.ancestors.dropFirst().reversed()
        let relationships = chain.map { $0.parentRelationshipName ?? "" }
        let reference = FieldPath(relationships.dropLast() + [chain.last?.parentIdFieldName ?? ""])
        let linked = Condition.comparison(.field(reference), .notEqual, .null)
        guard let filter else { return linked }
        return .and([linked, try prefixed(filter, with: relationships)])
    }

    /// The user's filter on the root, parsed.
    private static func parse(_ text: String, root: String) throws(SyncError) -> Condition? {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        do {
            return try SOQLQuery(parsing: "SELECT Id FROM \(root) WHERE \(text)").condition
        } catch {
            throw .invalidConfiguration("the parent filter is not a valid SOQL condition: \(error)")
        }
    }

    /// `condition` with every field path starting at the parent path `prefix`. Its depth is the
    /// parser's, which is bounded.
    private static func prefixed(_ condition: Condition, with prefix: [String]) throws(SyncError) -> Condition {
        switch condition {
        case .and(let parts):
            var mapped: [Condition] = []
            for part in parts { mapped.append(try prefixed(part, with: prefix)) }
            return .and(mapped)
        case .or(let parts):
            var mapped: [Condition] = []
            for part in parts { mapped.append(try prefixed(part, with: prefix)) }
            return .or(mapped)
        case .not(let inner): return .not(try prefixed(inner, with: prefix))
        case .comparison(let subject, let comparison, let literal):
            return .comparison(try prefixed(subject, with: prefix), comparison, literal)
        case .like(let subject, let pattern): return .like(try prefixed(subject, with: prefix), pattern: pattern)
        case .isIn(let subject, let values, let negated): return .isIn(try prefixed(subject, with: prefix), values, negated: negated)
        case .includes(let subject, let values, let excludes):
            return .includes(try prefixed(subject, with: prefix), values, excludes: excludes)
        case .inSubquery:
            throw .invalidConfiguration(
                "the parent filter uses a semi-join (IN (SELECT …)); children are picked through their path to the parent, which cannot carry one"
            )
        }
    }

    private static func prefixed(_ expression: ValueExpression, with prefix: [String]) throws(SyncError) -> ValueExpression {
        switch expression {
        case .field(let path): return .field(FieldPath(prefix + path.components, position: path.position))
        case .literal: return expression
        case .function(var call):
            guard call.function?.isAggregate != true else {
                throw .invalidConfiguration("the parent filter uses an aggregate (\(call)), which a WHERE condition cannot")
            }
            var arguments: [ValueExpression] = []
            for argument in call.arguments { arguments.append(try prefixed(argument, with: prefix)) }
            call.arguments = arguments
            return .function(call)
        }
    }
}
