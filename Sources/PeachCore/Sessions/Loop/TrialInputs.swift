/// Inputs to a running session, each tagged with the trial it was given in, so that an input
/// that arrives late (after its trial ended) cannot leak into the next trial.
public typealias TrialInputs<Input: Sendable> = AsyncStream<(trial: Int, input: Input)>

extension AsyncStream.Iterator {
    /// The next input given in trial `number`, skipping late ones from earlier trials; throws
    /// CancellationError when the stream ends (the session stops).
    mutating func next<Input>(of number: Int, isolation: isolated (any Actor)) async throws -> Input
    where Element == (trial: Int, input: Input) {
        while let (trial, input) = await next(isolation: isolation) {
            if trial == number { return input }
        }
        throw CancellationError()
    }
}

/// Thrown by a trial to end the session because nobody is there (`SessionStopReason.unanswered`).
struct UnansweredTrials: Error {
    let trials: Int
}

extension Result where Failure == any Error {
    init(catching body: () async throws -> Success) async {
        do { self = .success(try await body()) } catch { self = .failure(error) }
    }
}
