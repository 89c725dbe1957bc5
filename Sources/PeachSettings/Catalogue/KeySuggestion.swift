/// The known key a mistyped one most likely meant, for "did you mean …?".
enum KeySuggestion {
    /// The closest of `candidates` by edit distance, ignoring case (`midi.portwait` →
    /// `midi.portWait`), when close enough to be a typo; else a key whose last part is the
    /// given key (`portWait` → `midi.portWait`, the group forgotten).
    static func nearest(to key: String, among candidates: [String]) -> String? {
        let lowered = key.lowercased()
        let allowed = max(1, min(3, key.count / 4))
        let ranked = candidates
            .map { (candidate: $0, distance: editDistance(lowered, $0.lowercased()), exact: editDistance(key, $0)) }
            .filter { $0.distance <= allowed && $0.candidate != key }
            .min { ($0.distance, $0.exact) < ($1.distance, $1.exact) }
        if let ranked { return ranked.candidate }
        let lastPart = lowered.split(separator: ".").last.map(String.init) ?? lowered
        return candidates.first { $0.lowercased().split(separator: ".").last.map(String.init) == lastPart && $0 != key }
    }

    /// Levenshtein distance: insertions, deletions and substitutions of characters.
    static func editDistance(_ first: String, _ second: String) -> Int {
        let a = Array(first), b = Array(second)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                current[j] = min(previous[j] + 1, current[j - 1] + 1, substitution)
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }
}
