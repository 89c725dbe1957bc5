/// The amsynth bank Peach ships (config/amsynth/peach.amSynth.bank, kept equal to this by a
/// test): one preset, "Peach pitch tone", a triangle and a sine in unison through a 12 dB
/// low-pass that tracks the key, no LFO, no detune, no reverb, no distortion; 0.2 s attack
/// and 0.4 s release so no note starts or ends with a click. Compiled in, so an installed
/// peach needs no file beside it to start amsynth.
///
/// Its level leaves room for loudness offsets. amsynth ends its chain in a peak limiter
/// (`SoftLimiter.cpp`: |left| + |right| held to 0.9, after a reverb stage whose dry path doubles
/// the signal), so anything louder than its threshold sounds at it. At full sustain the note at
/// 0 dB (CC 11 = 71) sat 4.3 dB under that ceiling (BENCHMARKS.md figure 16), and +6 and +10 dB
/// both sounded +4.3 dB. amp_sustain 0.35 (−9.1 dB) puts it 13.4 dB under, so +10 dB keeps 3.5 dB
/// for a release tail overlapping the next note. amp_decay 0 makes the attack ramp straight to
/// the sustain level (`ADSR.cpp`), with no peak above it: only the level changes, not the timbre.
public enum AmsynthBank {
    /// The bank file's contents, final newline included.
    public static var fileContents: String { text + "\n" }

    static let text = """
        amSynth
        <preset> <name> Peach pitch tone
        <parameter> amp_attack 0.2
        <parameter> amp_decay 0
        <parameter> amp_sustain 0.35
        <parameter> amp_release 0.4
        <parameter> osc1_waveform 2
        <parameter> osc1_pulsewidth 0
        <parameter> osc2_waveform 0
        <parameter> osc2_detune 0
        <parameter> osc2_range 0
        <parameter> osc2_pitch 0
        <parameter> osc2_sync 0
        <parameter> osc_mix 0
        <parameter> osc_mix_mode 0
        <parameter> filter_type 0
        <parameter> filter_slope 0
        <parameter> filter_cutoff 0.5
        <parameter> filter_resonance 0
        <parameter> filter_env_amount 0
        <parameter> filter_kbd_track 1
        <parameter> filter_vel_sens 0
        <parameter> filter_attack 0
        <parameter> filter_decay 0
        <parameter> filter_sustain 1
        <parameter> filter_release 0
        <parameter> lfo_freq 0
        <parameter> lfo_waveform 0
        <parameter> freq_mod_amount 0
        <parameter> freq_mod_osc 0
        <parameter> filter_mod_amount -1
        <parameter> amp_mod_amount -1
        <parameter> amp_vel_sens 1
        <parameter> reverb_wet 0
        <parameter> reverb_roomsize 0
        <parameter> reverb_damp 0
        <parameter> reverb_width 1
        <parameter> distortion_crunch 0
        <parameter> portamento_time 0
        <parameter> keyboard_mode 0
        <parameter> master_vol 0.67
        """
}
