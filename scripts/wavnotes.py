"""The notes of a WAV file rendered by a synth, for measure-pitch.py and measure-loudness.py."""
import os
import sys
import wave

import numpy as np


def read_mono(path):
    """The samples (mono, -1…1) and the rate; exits when the file is silent or empty."""
    with wave.open(path) as w:
        rate, channels = w.getframerate(), w.getnchannels()
        # A recording stopped before its header was rewritten claims the largest size: read what is there.
        frames = min(w.getnframes(), os.path.getsize(path) // (2 * channels))
        x = np.frombuffer(w.readframes(frames), dtype=np.int16).reshape(-1, channels).mean(axis=1) / 32768
    if len(x) == 0 or np.abs(x).max() == 0:
        sys.exit(f"{path}: silent or empty")
    return x, rate


def notes(x, rate, threshold):
    """(starts, ends, zero): stretches where the level smoothed over 10 ms exceeds `threshold`
    of its peak, and which samples are exact zeros. A synth that falls behind under emulation
    leaves digital silence in a recording from the loop (an underrun): a quiet stretch shorter
    than 0.5 s that is mostly exact zeros splits no note."""
    envelope = np.convolve(np.abs(x), np.ones(rate // 100) / (rate // 100), mode="same")
    loud = envelope > threshold * envelope.max()
    edges = np.flatnonzero(np.diff(loud.astype(np.int8)))
    starts = [0] if loud[0] else []
    starts += [e + 1 for e in edges if not loud[e]]
    ends = [e + 1 for e in edges if loud[e]] + ([len(x)] if loud[-1] else [])
    zero = x == 0
    i = 0
    while i + 1 < len(starts):
        gap = slice(ends[i], starts[i + 1])
        if (starts[i + 1] - ends[i]) < 0.5 * rate and zero[gap].mean() >= 0.5:
            ends[i] = ends[i + 1]
            del starts[i + 1], ends[i + 1]
        else:
            i += 1
    return starts, ends, zero
