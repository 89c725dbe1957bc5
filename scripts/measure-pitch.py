#!/usr/bin/env python3
"""Measures the pitch of each note in a WAV file rendered by a synth.

Usage: measure-pitch.py FILE.wav
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
"""
import sys

import numpy as np

from wavnotes import notes, read_mono

path = sys.argv[1]
x, rate = read_mono(path)
starts, ends, zero = notes(x, rate, 0.1)

def longest_clean(a, b):
    """The longest part of a..b without a run of 16 or more exact zeros, and how many such runs
    a..b holds."""
    z = np.concatenate(([0], zero[a:b].astype(np.int8), [0]))
    run_starts = np.flatnonzero(np.diff(z) == 1)
    run_ends = np.flatnonzero(np.diff(z) == -1)
    cuts = [(a + r0, a + r1) for r0, r1 in zip(run_starts, run_ends) if r1 - r0 >= 16]
    best, left = (a, a), a
    for r0, r1 in cuts + [(b, b)]:
        if r0 - left > best[1] - best[0]:
            best = (left, r0)
        left = r1
    return best, len(cuts)


frequencies = []
for start, end in zip(starts, ends):
    if (end - start) / rate < 0.6:
        continue
    (a, b), dropouts = longest_clean(start + int(0.25 * rate), end - int(0.1 * rate))
    if (b - a) / rate < 0.2:
        continue
    segment = x[a:b] * np.hanning(b - a)
    n = 1 << 20
    spectrum = np.abs(np.fft.rfft(segment, n))
    bins = np.fft.rfftfreq(n, 1 / rate)
    k = int(np.argmax(spectrum * ((bins > 100) & (bins < 2000))))
    y0, y1, y2 = np.log(spectrum[k - 1:k + 2] + 1e-12)
    hz = (k + 0.5 * (y0 - y2) / (y0 - 2 * y1 + y2)) * rate / n
    frequencies.append(hz)
    print(f"{start / rate:.3f} {end / rate:.3f} {hz:.4f} {dropouts} {(b - a) / rate:.3f}")
print(" ".join(f"{hz:.6f}" for hz in frequencies))
