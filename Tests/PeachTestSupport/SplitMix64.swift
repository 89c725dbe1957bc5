import PeachSimulation

/// The tests' deterministic generator is the simulation's own: the same trials on every run.
public typealias SplitMix64 = SeededRandom
