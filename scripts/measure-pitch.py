#!/usr/bin/env python3
"""Measures the pitch of each note in a WAV file rendered by a synth.

Usage: measure-pitch.py [--fragments] FILE.wav
Finds the notes as stretches where the smoothed level exceeds 10% of the peak, and for each
note at least 0.6 s long measures the fundamental over its steady middle (0.25 s after the
onset to 0.1 s before the end): the strongest FFT peak between 100 and 2000 Hz of a
Hann-windowed, zero-padded segment, refined by parabolic interpolation of the log magnitude.
A synth that falls behind under emulation leaves digital silence in the recording (an
underrun): a short quiet stretch of mostly exact zeros splits no note, and the FFT takes the
longest stretch of the steady middle without such a dropout (at least 0.2 s), so a phase jump
across the gap does not smear the peak.
Prints one line per note ("onset end hz dropouts clean": how many such gaps lay inside the
steady middle, and the seconds of the stretch measured, so a caller can play a note again
whose clean stretch was short), then a last line with just the frequencies.

--fragments (for a test on a machine busy by design, never for a benchmark): when no note has a
clean stretch of 0.2 s, because the synth fell behind every few milliseconds, the median of the
estimates of every clean fragment of at least 10 ms in the loud part (0.25 s after its first
onset on) is reported as one note, if there are at least 8 fragments. Each fragment is a true
piece of the waveform (only the phase jumps across a gap), so the median holds the pitch to a
few hundredths of a cent on a synthetic tone cut every 8-25 ms; it is coarser than one clean
stretch, which is why benchmarks do not ask for it.
"""
import sys

import numpy as np

from wavnotes import notes, read_mono

arguments = sys.argv[1:]
fragments_allowed = "--fragments" in arguments
path = [a for a in arguments if a != "--fragments"][0]
x, rate = read_mono(path)
starts, ends, zero = notes(x, rate, 0.1)

def clean_parts(a, b):
    """The parts of a..b between its runs of 16 or more exact zeros (an underrun each), in
    order, and how many such runs a..b holds."""
    z = np.concatenate(([0], zero[a:b].astype(np.int8), [0]))
    run_starts = np.flatnonzero(np.diff(z) == 1)
    run_ends = np.flatnonzero(np.diff(z) == -1)
    cuts = [(a + r0, a + r1) for r0, r1 in zip(run_starts, run_ends) if r1 - r0 >= 16]
    parts, left = [], a
    for r0, r1 in cuts + [(b, b)]:
        parts.append((left, r0))
        left = r1
    return parts, len(cuts)


def longest_clean(a, b):
    """The longest part of a..b without such a run (the first of equals), and how many runs a..b holds."""
    parts, runs = clean_parts(a, b)
    best = (a, a)
    for part in parts:
        if part[1] - part[0] > best[1] - best[0]:
            best = part
    return best, runs


def fundamental(a, b):
    """The strongest peak between 100 and 2000 Hz of x[a:b], Hann-windowed and zero-padded,
    refined by parabolic interpolation of the log magnitude."""
    segment = x[a:b] * np.hanning(b - a)
    n = 1 << 20
    spectrum = np.abs(np.fft.rfft(segment, n))
    bins = np.fft.rfftfreq(n, 1 / rate)
    k = int(np.argmax(spectrum * ((bins > 100) & (bins < 2000))))
    y0, y1, y2 = np.log(spectrum[k - 1:k + 2] + 1e-12)
    return (k + 0.5 * (y0 - y2) / (y0 - 2 * y1 + y2)) * rate / n


frequencies = []
for start, end in zip(starts, ends):
    if (end - start) / rate < 0.6:
        continue
    (a, b), dropouts = longest_clean(start + int(0.25 * rate), end - int(0.1 * rate))
    if (b - a) / rate < 0.2:
        continue
    hz = fundamental(a, b)
    frequencies.append(hz)
    print(f"{start / rate:.3f} {end / rate:.3f} {hz:.4f} {dropouts} {(b - a) / rate:.3f}")
if not frequencies and fragments_allowed and starts:
    first, last = starts[0] + int(0.25 * rate), ends[-1]
    parts = []
    for start, end in zip(starts, ends):
        a, b = max(start, first), min(end, last)
        if a < b:
            parts += [(c, d) for c, d in clean_parts(a, b)[0] if d - c >= int(0.01 * rate)]
    if len(parts) >= 8:
        hz = float(np.median([fundamental(a, b) for a, b in parts]))
        frequencies.append(hz)
        print(f"{first / rate:.3f} {last / rate:.3f} {hz:.4f} {len(parts)} {sum(b - a for a, b in parts) / rate:.3f} fragments")
print(" ".join(f"{hz:.6f}" for hz in frequencies))
