/// What `peach train` trains: one of the pitch disciplines (unison or interval), or one of the rhythm ones.
public enum TrainingMode: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    case comparison
    case matching
    case intervalComparison = "interval-comparison"
    case intervalMatching = "interval-matching"
    case rhythmOffsetDetection = "rhythm-offset-detection"
    case rhythmMatching = "rhythm-matching"

    /// Pitch matching (unison or interval): a note is tuned.
    public var isMatching: Bool { self == .matching || self == .intervalMatching }
    public var isInterval: Bool { self == .intervalComparison || self == .intervalMatching }
    /// Clicks, not notes: the run holds the sequencer's clock and stamps taps on it.
    public var isRhythm: Bool { self == .rhythmOffsetDetection || self == .rhythmMatching }

    /// The modes a run can switch between: a pitch run goes through the four pitch modes, a
    /// rhythm run through the two rhythm ones (their synth set-up and clock differ).
    public var family: [TrainingMode] { Self.allCases.filter { $0.isRhythm == isRhythm } }

    /// The mode after this one in its family, in the order `allCases` lists them, wrapping
    /// around; what a "next mode" control switches to.
    public var next: TrainingMode {
        let all = family
        let index = all.firstIndex(of: self) ?? all.startIndex
        return all[(index + 1) % all.count]
    }

    /// What an answer is in this mode: the interval modes answer as the unison ones do.
    public var answers: AnswerVocabulary {
        switch self {
        case .comparison, .intervalComparison: .higherOrLower
        case .matching, .intervalMatching: .tuning
        case .rhythmOffsetDetection: .earlyOrLate
        case .rhythmMatching: .tap
        }
    }

    /// `[.prime]` for the unison modes, else `configured`.
    public func intervals(configured: Set<DirectedInterval>) -> Set<DirectedInterval> {
        isInterval ? configured : [.prime]
    }

    /// Accepts the command-line spelling (`interval-comparison`), the camelCase one, and
    /// `rhythm` alone for rhythm matching (the discipline that needs a pad).
    public init(parsing text: String) throws(DomainValueError) {
        let wanted = text.trimmingWhitespace().lowercased()
        if wanted == "rhythm" {
            self = .rhythmMatching
            return
        }
        guard let mode = Self.allCases.first(where: {
            $0.rawValue == wanted || String($0.rawValue.filter { $0 != "-" }) == wanted
        }) else {
            throw .unknownName(type: "training mode", value: text, known: Self.allCases.map(\.rawValue))
        }
        self = mode
    }

    /// The mode that trains a pitch discipline: machine-facing text names disciplines so.
    public init(training discipline: TrainingDiscipline) {
        self = switch discipline {
        case .unisonComparison: .comparison
        case .intervalComparison: .intervalComparison
        case .unisonMatching: .matching
        case .intervalMatching: .intervalMatching
        }
    }

    /// The mode that trains a rhythm discipline.
    public init(training discipline: RhythmDiscipline) {
        self = switch discipline {
        case .offsetDetection: .rhythmOffsetDetection
        case .matching: .rhythmMatching
        }
    }

    /// For people: "interval comparison".
    public var description: String { String(rawValue.map { $0 == "-" ? " " : $0 }) }
}
