import Foundation

/// A `Range: bytes=...` request header (RFC 9110 §14), single ranges only: a header with
/// several ranges is answered with the whole content, as the RFC allows.
enum ByteRange {
    /// What to send.
    enum Outcome: Equatable {
        /// The whole content (no header, or one LocalOrg does not narrow).
        case whole
        /// These bytes, answered with 206.
        case partial(ClosedRange<Int>)
        /// No byte of the content is in the range: 416.
        case unsatisfiable
    }

    static func evaluate(_ header: String?, size: Int) -> Outcome {
        guard let header, header.lowercased().hasPrefix("bytes=") else { return .whole }
        let spec = header.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        // Scalars, as the header's bytes read: a `,` or `-` a combining mark follows is still one.
        let scalars = spec.unicodeScalars
        guard !scalars.contains(","), let dash = scalars.firstIndex(of: "-") else { return .whole }
        let first = Substring(scalars[..<dash]).trimmingCharacters(in: .whitespaces)
        let last = Substring(scalars[scalars.index(after: dash)...]).trimmingCharacters(in: .whitespaces)
        if first.isEmpty {
            // `bytes=-500`: the last 500 bytes.
            guard let suffix = Int(last), suffix > 0 else { return .whole }
            return size == 0 ? .unsatisfiable : .partial(max(0, size - suffix)...(size - 1))
        }
        guard let start = Int(first), start >= 0 else { return .whole }
        guard start < size else { return .unsatisfiable }
        if last.isEmpty { return .partial(start...(size - 1)) }
        guard let end = Int(last), end >= start else { return .whole }
        return .partial(start...min(end, size - 1))
    }
}
