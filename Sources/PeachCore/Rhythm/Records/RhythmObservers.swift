/// Receives every completed rhythm offset detection trial before the next one starts, with the
/// control that answered it. A thrown error stops the session, as for pitch.
public protocol RhythmOffsetDetectionObserver: Sendable {
    func rhythmOffsetDetectionCompleted(_ record: RhythmOffsetDetectionRecord, answeredBy source: AnswerSource?) async throws
}

/// Receives every completed rhythm matching trial before the next one starts, with the
/// control that tapped.
public protocol RhythmMatchingObserver: Sendable {
    func rhythmMatchingCompleted(_ record: RhythmMatchingRecord, answeredBy source: AnswerSource?) async throws
}
