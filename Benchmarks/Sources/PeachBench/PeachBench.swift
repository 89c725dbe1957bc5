import ArgumentParser

/// `peach-bench`: the figures of BENCHMARKS.md. `scripts/bench` runs the CPU figures here and the
/// sequencer figures in the VM, then writes the report.
@main
struct PeachBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "peach-bench",
        abstract: "Measures Peach's timing, latency, pitch precision and cost (see BENCHMARKS.md).",
        discussion: "Usually run through scripts/bench, which also starts the VM for the figures that need the kernel's sequencer.",
        subcommands: [RunCommand.self, ReportCommand.self, LivePathCommand.self, EchoCommand.self])
}
