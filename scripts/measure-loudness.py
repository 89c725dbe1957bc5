#!/usr/bin/env python3
"""Measures the loudness of each note in a WAV file rendered by a synth.

Usage: measure-loudness.py FILE.wav FROM TO
Finds the notes as stretches where the smoothed level exceeds 1% of the peak (-40 dB: a note
20 dB below the loudest still counts), and for each note at least 0.3 s long measures the RMS
level over its steady part, FROM to TO seconds after its onset (past the attack, before the
note-off), in dB of full scale. Digital silence from a synth's underruns (a recording from the
loop under emulation) neither splits a note nor counts in its level. Prints one line per note
("onset end dBFS peak-dBFS", the peak being the note's largest sample), then "floor dBFS": the
RMS between the notes (from 0.5 s after one ends to 0.1 s before the next, so release tails stay
out; digital silence counts, as -240), then a last line with just the levels.
"""
import sys

import numpy as np

from wavnotes import notes, read_mono

path, start_offset, end_offset = sys.argv[1], float(sys.argv[2]), float(sys.argv[3])
x, rate = read_mono(path)
starts, ends, zero = notes(x, rate, 0.01)
# Runs of at least 16 exact zeros are such silence, not signal: they are left out of the RMS.
run_start = np.flatnonzero(np.diff(np.concatenate(([0], zero.astype(np.int8)))) == 1)
run_end = np.flatnonzero(np.diff(np.concatenate((zero.astype(np.int8), [0]))) == -1) + 1
signal = np.ones(len(x), dtype=bool)
for a, b in zip(run_start, run_end):
    if b - a >= 16:
        signal[a:b] = False

levels = []
# The gaps between notes (and before the first), for the recording's noise floor.
gaps = np.zeros(len(x), dtype=bool)
previous_end = -int(0.5 * rate)
for start, end in zip(starts, ends):
    a, b = previous_end + int(0.5 * rate), start - int(0.1 * rate)
    if b > a:
        gaps[max(a, 0):b] = True
    previous_end = end
for start, end in zip(starts, ends):
    if (end - start) / rate < 0.3:
        continue
    a, b = start + int(start_offset * rate), min(start + int(end_offset * rate), end)
    if b <= a:
        sys.exit(f"{path}: the note at {start / rate:.3f} s ends before {start_offset} s")
    kept = x[a:b][signal[a:b]]
    if len(kept) < 0.1 * rate:
        sys.exit(f"{path}: the note at {start / rate:.3f} s has under 0.1 s of signal in its steady part")
    rms = np.sqrt(np.mean(kept ** 2))
    level = 20 * np.log10(rms + 1e-12)
    levels.append(level)
    peak = 20 * np.log10(np.abs(x[start:end]).max() + 1e-12)
    print(f"{start / rate:.3f} {end / rate:.3f} {level:.4f} {peak:.4f}")
floor = 20 * np.log10(np.sqrt(np.mean(x[gaps] ** 2)) + 1e-12) if gaps.any() else float("nan")
print(f"floor {floor:.4f}")
print(" ".join(f"{level:.6f}" for level in levels))
