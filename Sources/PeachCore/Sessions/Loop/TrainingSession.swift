/// A training session of one discipline: one task runs its trials, one after the other, until
/// stop() or a failure. Inputs reach it through a stream, so between inputs it is suspended
/// and costs no CPU.
///
/// The inputs themselves are taken synchronously, from whatever thread read them, by the
/// discipline's input methods (extensions of this type) under the session's lock: they decide
/// at once whether an input counts and send the reaction a musician times (a note-off, a bend)
/// before the loop learns of it.
public actor TrainingSession<Discipline: SessionDiscipline> {
    /// The discipline's rules and dependencies.
    public nonisolated let discipline: Discipline
    nonisolated let live = LiveShell<Discipline>()
    private let settings: any UserSettings
    private let resettables: [any TrainingDataResetting]
    private let clock: any Clock<Duration>
    private var random: SessionRandom
    /// What the discipline keeps between trials of the current run.
    private(set) var run: Discipline.Run
    private var trialNumber = 0
    /// How many more trials this run may record; nil: no limit.
    private var trialBudget: Int?
    private var runTask: Task<Void, Never>?

    public static var feedbackDuration: Duration { Discipline.feedbackDuration }

    /// - Parameter resettables: what a reset deletes the training data of, besides the run.
    /// - Parameter clock: what the trials' pauses and the feedback wait on.
    public init(_ discipline: Discipline, settings: any UserSettings, resettables: [any TrainingDataResetting] = [],
                clock: any Clock<Duration> = ContinuousClock(), random: SessionRandom = SessionRandom()) {
        self.discipline = discipline
        self.settings = settings
        self.resettables = resettables
        self.clock = clock
        self.random = random
        run = discipline.newRun()
    }

    /// The current state; readable from any thread.
    public nonisolated var state: Discipline.State { live.state }

    /// The trial that is running (from its start until the session stops), if any.
    public nonisolated var currentTrial: Discipline.Trial? { live.trial }

    /// The settings as they stand now: what the next trial will be drawn with (its tuning, …).
    public func currentSettings() async -> TrainingSettings {
        await settings.snapshot()
    }

    /// A new stream of every event from now on.
    public nonisolated func events() -> AsyncStream<Discipline.Event> {
        live.broadcaster.subscribe()
    }

    /// Calls `handler` with every event from now on, in order, outside the session's lock (it
    /// may read the session; it should not block).
    public nonisolated func observeEvents(_ handler: @escaping @Sendable (Discipline.Event) -> Void) {
        live.broadcaster.observe(handler)
    }

    /// Starts training; does nothing when already running.
    /// - Parameter trialBudget: how many trials this run may record (> 0); nil: no limit. Once
    ///   they are recorded the run ends after the last one's feedback, by itself: no trial past
    ///   the budget starts, however late whoever set it learns of the last one.
    public func start(trialBudget: Int? = nil) {
        guard runTask == nil else { return }
        self.trialBudget = trialBudget
        run = discipline.newRun()
        let (stream, continuation) = TrialInputs<Discipline.Input>.makeStream()
        live.setInputs(continuation)
        runTask = Task { await self.runLoop(stream) }
    }

    /// Silences everything, discards the unfinished trial and returns to idle.
    public func stop() async {
        guard let task = runTask else { return }
        runTask = nil
        task.cancel()
        await task.value
        end(.requested)
    }

    /// Stops the session and deletes all training data everywhere (profile, store).
    public func resetAllTrainingData() async throws {
        await stop()
        for resettable in resettables { try await resettable.resetAllTrainingData() }
        run = discipline.newRun()
    }

    // MARK: - The trial loop

    private func runLoop(_ stream: TrialInputs<Discipline.Input>) async {
        var inputs = stream.makeAsyncIterator()
        do {
            while trialBudget.map({ $0 > 0 }) ?? true {
                try Task.checkCancellation()
                try await runTrial(&inputs)
            }
            runTask = nil
            end(.trialBudgetSpent)
        } catch {
            // stop() cancelled us and ends the session itself.
            guard !Task.isCancelled else { return }
            runTask = nil
            end((error as? UnansweredTrials).map { .unanswered(trials: $0.trials) } ?? .failed(error))
        }
    }

    private func runTrial(_ inputs: inout TrialInputs<Discipline.Input>.Iterator) async throws {
        let settings = await self.settings.snapshot()
        let trial = try discipline.draw(number: trialNumber + 1, settings: settings, run: &run, random: &random)
        trialNumber += 1
        live.begin(trial)
        let outcome = try await discipline.present(trial, settings: settings, live: live, clock: clock,
                                                   inputs: &inputs, isolation: self)
        if case .recorded(let record, let source) = try discipline.judge(outcome, of: trial, run: &run, live: live) {
            try Task.checkCancellation()
            try await discipline.deliver(record, answeredBy: source)
            trialBudget = trialBudget.map { $0 - 1 }
            live.publish(discipline.completed(record, run: &run))
        }
        live.transition(to: Discipline.State.showingFeedback)
        try await clock.sleep(for: Discipline.feedbackDuration)
    }

    /// Back at idle: inputs end, the player is silenced, the listeners learn why.
    private func end(_ reason: SessionStopReason) {
        live.setInputs(nil)
        discipline.silence()
        live.transition(to: Discipline.State.idle)
        live.publish(Discipline.Event.stopped(reason))
    }
}
