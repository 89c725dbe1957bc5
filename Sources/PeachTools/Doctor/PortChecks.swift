import ALSASequencer
import PeachALSA
import PeachCore

/// The sequencer's ports as the doctor's client sees them, and what the settings ask for.
public struct PortFacts: Hashable, Sendable {
    public let ports: [SequencerPort]
    /// The doctor's own client, never a candidate.
    public let ownClient: Int
    /// midi.outputPort / midi.inputPort; nil: pick one.
    public let outputSpec: String?
    public let inputSpec: String?
    /// midi.portWait is not 0: `peach train` waits for a missing port instead of failing.
    public let waitsForPorts: Bool

    public init(ports: [SequencerPort], ownClient: Int, outputSpec: String?, inputSpec: String?, waitsForPorts: Bool) {
        self.ports = ports
        self.ownClient = ownClient
        self.outputSpec = outputSpec
        self.inputSpec = inputSpec
        self.waitsForPorts = waitsForPorts
    }

    /// The synth `peach train` would play on now: the configured one, else PortChoice's.
    public var synth: SequencerPort? {
        if let outputSpec { return try? PortResolver.resolve(outputSpec, among: ports, for: .destination) }
        return PortChoice.defaultSynth(among: ports, excludingClient: ownClient)
    }
}

/// Is there a synth to play on: midi.outputPort resolves, or PortChoice finds one, or Peach can
/// start a synth (amsynth or FluidSynth) itself?
public struct SynthPortCheck: DoctorCheck {
    public static let check = "synth-port"
    public static let title = "Synth port"

    public let facts: PortFacts
    /// synth.autoStart is on, fluidsynth is installed and a soundfont found.
    public let fluidSynthStartable: Bool
    /// The engine Peach would start (synth.engine resolved).
    public let engine: SynthEngine

    /// - Parameter fluidSynthStartable: synth.autoStart is on and `engine` is installed (FluidSynth with a soundfont).
    public init(facts: PortFacts, fluidSynthStartable: Bool, engine: SynthEngine = .fluidSynth) {
        self.facts = facts
        self.fluidSynthStartable = fluidSynthStartable
        self.engine = engine
    }

    public var finding: DoctorFinding {
        if let spec = facts.outputSpec {
            return facts.configuredPortFinding(
                Self.check, Self.title, key: "midi.outputPort", spec: spec, use: .destination,
                fix: "`peach ports` lists the ports; start the synth, or set the right one with "
                    + "`peach settings set midi.outputPort PORT` (empty picks one).")
        }
        if let port = PortChoice.defaultSynth(among: facts.ports, excludingClient: facts.ownClient) {
            return .ok(Self.check, Self.title, found: "\(port.label.terminalSafe), chosen by default")
        }
        if fluidSynthStartable {
            return .ok(Self.check, Self.title,
                       found: "no synth port is running; `peach train` starts \(engine.name) and stops it on exit")
        }
        return .problem(Self.check, Self.title,
                        found: "no synth port is running, and Peach cannot start \(engine.name) (see below)",
                        fix: """
                            \(SynthInstallAdvice.noEngine), with synth.autoStart: true; or
                            start a synth yourself: fluidsynth -is -a pulseaudio /usr/share/sounds/sf2/TimGM6mb.sf2, or
                            name a hardware synth: peach settings set midi.outputPort PORT (`peach ports` lists them)
                            """)
    }
}

/// Is there a controller to answer with: midi.inputPort resolves, or PortChoice finds one?
/// None is only a warning: on a terminal the computer's keys answer.
public struct ControllerPortCheck: DoctorCheck {
    public static let check = "controller-port"
    public static let title = "Controller port"

    public let facts: PortFacts

    public init(facts: PortFacts) {
        self.facts = facts
    }

    public var finding: DoctorFinding {
        if let spec = facts.inputSpec {
            return facts.configuredPortFinding(
                Self.check, Self.title, key: "midi.inputPort", spec: spec, use: .source,
                fix: "Connect the controller, or set the right port with "
                    + "`peach settings set midi.inputPort PORT` (`peach ports` lists them; empty picks one).")
        }
        let candidates = PortChoice.controllerCandidates(among: facts.ports, excludingClient: facts.ownClient)
        guard let first = candidates.first else {
            return .warning(Self.check, Self.title,
                            found: "no controller is connected: on a terminal the computer's keys answer; without one, "
                                + "`peach train` waits for a controller as midi.portWait says",
                            advice: "Connect a MIDI keyboard or pad controller (`peach ports` lists what the "
                                + "sequencer sees); without hardware, sudo modprobe snd-virmidi gives virtual ones.")
        }
        let others = candidates.count > 1 ? " (\(candidates.count - 1) more: name one with midi.inputPort)" : ""
        return .ok(Self.check, Self.title, found: "\(first.label.terminalSafe), chosen by default\(others)")
    }
}

extension PortFacts {
    /// The verdict on a port a setting names: ok when it resolves; when it does not, a problem,
    /// or only a warning when `peach train` would wait for it.
    func configuredPortFinding(_ check: String, _ title: String, key: String, spec: String,
                               use: PortResolver.Use, fix: String) -> DoctorFinding {
        do {
            let port = try PortResolver.resolve(spec, among: ports, for: use)
            return .ok(check, title, found: "\(key) \"\(spec.terminalSafe)\" is \(port.label.terminalSafe)")
        } catch {
            let found = "\(key) \"\(spec)\" is not there: \(error)"
            return waitsForPorts
                ? .warning(check, title, found: found + "; `peach train` waits for it (midi.portWait)", advice: fix)
                : .problem(check, title, found: found, fix: fix)
        }
    }
}
