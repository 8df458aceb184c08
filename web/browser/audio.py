"""Sound effects, synthesised with the Web Audio API (no audio files): the dice, a checker put down,
a hit, and the clock's warning.

Two parts:

* pure (no browser): :data:`SOUNDS`, each sound a tuple of :class:`Tone` — an oscillator or
  band-passed noise with a start, a length, a pitch (glide) and a gain envelope — and
  :func:`noise_samples`, the white noise the noise tones filter. Tested in tests/test_sound.py.
* thin (browser): :class:`SoundPlayer` turns tones into Web Audio nodes through Pyodide's ``js``
  module. No AudioContext exists before the player's first gesture (browsers refuse to start one,
  and warn): :meth:`SoundPlayer.install` listens for the first pointerdown/keydown and creates
  (or resumes) the context then. The "sound" option turns it off (:meth:`SoundPlayer.set_enabled`).

    player = SoundPlayer(enabled=prefs.sound)
    player.install()                      # once, at start
    player.play("dice")                   # "dice", "checker", "hit", "warning"
"""

from __future__ import annotations

import time as _time
from dataclasses import dataclass
from typing import Any

WAVES = ("sine", "triangle", "square", "sawtooth", "noise")
SILENT = 0.0001  # exponential ramps cannot reach 0
NOISE_SECONDS = 0.25
NOISE_SEED = 20250601


@dataclass(frozen=True)
class Tone:
    """One voice of a sound. Times in seconds from the sound's start. ``freq``: the oscillator's
    pitch in Hz, or the centre of the band-pass filter for ``wave="noise"``; ``freq_end``: the pitch
    glides there (exponentially) by the end. The gain rises linearly to ``gain`` in ``attack`` and
    falls exponentially to silence at ``start + duration``."""

    start: float
    duration: float
    wave: str
    freq: float
    gain: float
    freq_end: float | None = None
    attack: float = 0.004
    q: float = 1.0

    @property
    def end(self) -> float:
        return self.start + self.duration


def _dice() -> tuple[Tone, ...]:
    # Two dice rattling in a cup and landing: short bright clicks getting sparser, then two knocks.
    clicks = ((0.000, 2600, 0.22), (0.035, 3300, 0.18), (0.080, 2200, 0.20), (0.115, 3000, 0.16),
              (0.170, 2500, 0.18), (0.215, 3400, 0.14))
    tones = [Tone(t, 0.022, "noise", f, g, q=3.0) for t, f, g in clicks]
    tones += [Tone(0.270, 0.060, "triangle", 190, 0.30, freq_end=120),
              Tone(0.270, 0.025, "noise", 1800, 0.22, q=2.0),
              Tone(0.330, 0.050, "triangle", 170, 0.22, freq_end=110),
              Tone(0.330, 0.020, "noise", 2000, 0.16, q=2.0)]
    return tuple(tones)


SOUNDS: dict[str, tuple[Tone, ...]] = {
    "dice": _dice(),
    # A wooden checker set down: a low knock and a short click.
    "checker": (
        Tone(0.0, 0.075, "triangle", 230, 0.38, freq_end=140),
        Tone(0.0, 0.020, "noise", 2400, 0.20, q=2.5),
    ),
    # A hit: a harder, brighter clack, then the hit checker landing on the bar.
    "hit": (
        Tone(0.0, 0.060, "triangle", 340, 0.40, freq_end=190),
        Tone(0.0, 0.030, "noise", 3200, 0.30, q=2.0),
        Tone(0.110, 0.070, "triangle", 260, 0.30, freq_end=150),
        Tone(0.110, 0.020, "noise", 2600, 0.18, q=2.5),
    ),
    # The clock's warning: two short beeps.
    "warning": (
        Tone(0.0, 0.120, "sine", 880, 0.25, attack=0.008),
        Tone(0.200, 0.120, "sine", 880, 0.25, attack=0.008),
    ),
}


def tones(name: str, volume: float = 1.0) -> tuple[Tone, ...]:
    """The tones of sound ``name`` at ``volume`` (0..1)."""
    volume = min(1.0, max(0.0, float(volume)))
    return tuple(Tone(t.start, t.duration, t.wave, t.freq, t.gain * volume, t.freq_end, t.attack, t.q)
                 for t in SOUNDS[name])


def length(name: str) -> float:
    """How long sound ``name`` lasts, in seconds."""
    return max(t.end for t in SOUNDS[name])


def noise_samples(count: int, seed: int = NOISE_SEED) -> list[float]:
    """``count`` samples of white noise in [-1, 1), the same every time (a 32-bit LCG)."""
    state = seed & 0xFFFFFFFF
    out = []
    for _ in range(count):
        state = (1664525 * state + 1013904223) & 0xFFFFFFFF
        out.append(state / 2147483648.0 - 1.0)
    return out


# :func:`noise_samples` in JavaScript, made straight into the array the buffer takes: in Python,
# with the copy to JavaScript, it took ~90 ms of the first click that plays a sound.
NOISE_JS = """(count, seed) => {
  const out = new Float32Array(count);
  let state = seed >>> 0;
  for (let i = 0; i < count; i++) {
    state = (Math.imul(1664525, state) + 1013904223) >>> 0;
    out[i] = state / 2147483648 - 1;
  }
  return out;
}"""


# --- the browser part ---------------------------------------------------------------------------


class SoundPlayer:
    """Plays :data:`SOUNDS` through Web Audio. ``window``: the browser's window (default: Pyodide's
    ``js.window``; the tests pass a fake). Everything fails silently: sound is never worth an error."""

    GESTURES = ("pointerdown", "keydown", "touchend")

    def __init__(self, enabled: bool = True, *, volume: float = 0.8, window: Any = None) -> None:
        self.enabled = bool(enabled)
        self.volume = volume
        self._window = window
        self._ctx: Any = None
        self._master: Any = None
        self._noise: Any = None
        self._proxies: list[Any] = []
        self._unlocked_at = float("-inf")

    # -- set-up ----------------------------------------------------------------------------

    def _win(self) -> Any:
        if self._window is None:
            from js import window  # Pyodide only

            self._window = window
        return self._window

    def install(self, target: Any = None) -> None:
        """Listen (on ``target``, default the document) for the player's gestures, which are the
        only moments a page may start audio."""
        try:
            from pyodide.ffi import create_proxy
        except ImportError:  # not in Pyodide (tests): plain callables
            def create_proxy(f):
                return f
        target = target if target is not None else self._win().document
        handler = create_proxy(lambda *_: self.unlock())
        self._proxies.append(handler)
        for kind in self.GESTURES:
            target.addEventListener(kind, handler, True)

    def set_enabled(self, on: bool) -> None:
        """The "sound" option. Turning it on inside a click handler also unlocks the audio."""
        self.enabled = bool(on)
        if self.enabled:
            self.unlock()

    def unlock(self) -> None:
        """Create or resume the AudioContext. Call it only from a user gesture's handler."""
        if not self.enabled:
            return
        try:
            if self._ctx is None:
                win = self._win()
                ctor = getattr(win, "AudioContext", None) or getattr(win, "webkitAudioContext", None)
                if ctor is None:
                    return
                self._ctx = ctor.new()
                self._master = self._ctx.createGain()
                self._master.gain.value = self.volume
                self._master.connect(self._ctx.destination)
            if self._ctx.state == "suspended":
                pending = self._ctx.resume()
                if pending is not None and hasattr(pending, "catch"):
                    pending.catch(lambda *_: None)  # a refused resume is not worth a console error
            self._unlocked_at = _time.monotonic()
        except Exception:  # noqa: BLE001
            self._ctx = None

    @property
    def ready(self) -> bool:
        """Sound can be played now: on, and unlocked by a gesture. A context just created or resumed
        in a gesture is still "suspended" for a moment; sounds scheduled then play as it starts.
        Later, a suspended context (the system took the audio away) waits for the next gesture
        rather than queueing sounds that would all burst out at once."""
        if not self.enabled or self._ctx is None:
            return False
        state = self._ctx.state
        return state == "running" or (state == "suspended" and _time.monotonic() - self._unlocked_at < 1.0)

    # -- playing ---------------------------------------------------------------------------

    def _noise_buffer(self) -> Any:
        if self._noise is None:
            ctx = self._ctx
            rate = int(ctx.sampleRate)
            count = int(rate * NOISE_SECONDS)
            buffer = ctx.createBuffer(1, count, rate)
            try:
                import pyodide  # noqa: F401  (in the browser)
            except ImportError:  # tests
                data = noise_samples(count)
            else:
                data = self._win().Function.new(f"return {NOISE_JS}")()(count, NOISE_SEED)
            buffer.copyToChannel(data, 0)
            self._noise = buffer
        return self._noise

    def play(self, name: str, volume: float = 1.0) -> bool:
        """Play sound ``name`` now; False (and nothing) when sound is off, not yet unlocked by a
        gesture, or unknown."""
        if not self.ready or name not in SOUNDS:
            return False
        try:
            ctx = self._ctx
            now = float(ctx.currentTime)
            for tone in tones(name, volume):
                self._voice(ctx, tone, now + tone.start)
        except Exception:  # noqa: BLE001
            return False
        return True

    def _voice(self, ctx: Any, tone: Tone, t0: float) -> None:
        t1 = t0 + tone.duration
        amp = ctx.createGain()
        amp.gain.setValueAtTime(SILENT, t0)
        amp.gain.linearRampToValueAtTime(max(tone.gain, SILENT), t0 + tone.attack)
        amp.gain.exponentialRampToValueAtTime(SILENT, t1)
        if tone.wave == "noise":
            source = ctx.createBufferSource()
            source.buffer = self._noise_buffer()
            band = ctx.createBiquadFilter()
            band.type = "bandpass"
            band.frequency.value = tone.freq
            band.Q.value = tone.q
            source.connect(band)
            band.connect(amp)
        else:
            source = ctx.createOscillator()
            source.type = tone.wave
            source.frequency.setValueAtTime(tone.freq, t0)
            if tone.freq_end:
                source.frequency.exponentialRampToValueAtTime(tone.freq_end, t1)
            source.connect(amp)
        amp.connect(self._master)
        source.start(t0)
        source.stop(t1 + 0.02)
