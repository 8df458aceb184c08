"""Sound effects (web.browser.audio): the synthesis parameters, and the player against a fake Web Audio."""

from __future__ import annotations

import json
import shutil
import subprocess
from array import array

import pytest

from web.browser import audio as S


@pytest.mark.parametrize("name", ["dice", "checker", "hit", "warning"])
def test_sounds_are_short_quiet_and_well_formed(name):
    tones = S.SOUNDS[name]
    assert tones
    for t in tones:
        assert t.wave in S.WAVES
        assert t.start >= 0 and 0 < t.duration <= 0.5
        assert 0 < t.attack < t.duration
        assert 20 <= t.freq <= 8000 and (t.freq_end is None or 20 <= t.freq_end <= 8000)
        assert 0 < t.gain <= 0.5
        assert t.q > 0
    assert S.length(name) <= 0.6
    # Voices sounding together never add up to clipping.
    for moment in {t.start for t in tones}:
        assert sum(t.gain for t in tones if t.start <= moment < t.end) <= 1.0


def test_volume_scales_gains():
    loud, soft = S.tones("hit", 1.0), S.tones("hit", 0.5)
    assert [t.gain / 2 for t in loud] == pytest.approx([t.gain for t in soft])
    assert all(t.gain == 0 for t in S.tones("hit", -3))
    assert S.tones("hit", 7) == S.tones("hit", 1)


def test_the_page_makes_the_same_noise_in_javascript():
    node = shutil.which("node")
    assert node is not None, "node is missing: the set-up needs Node 20 (README)"
    script = f"const make = {S.NOISE_JS};\nconsole.log(JSON.stringify(Array.from(make(5000, {S.NOISE_SEED}))));"
    done = subprocess.run([node, "-e", script], capture_output=True, text=True, timeout=60, check=True)
    as_float32 = list(array("f", S.noise_samples(5000)))
    assert json.loads(done.stdout) == as_float32


def test_noise_is_white_and_repeatable():
    samples = S.noise_samples(20000)
    assert samples == S.noise_samples(20000)
    assert all(-1 <= x < 1 for x in samples)
    assert abs(sum(samples) / len(samples)) < 0.02
    assert S.noise_samples(10, seed=1) != S.noise_samples(10, seed=2)


# --- the player, with a fake browser ---------------------------------------------------------


class Param:
    def __init__(self, log, name):
        self.log, self.name, self.value = log, name, 0.0

    def __getattr__(self, method):
        return lambda *args: self.log.append((self.name, method, args))


class Node:
    def __init__(self, log, kind):
        self.log, self.kind = log, kind
        self.gain, self.frequency, self.Q = Param(log, kind + ".gain"), Param(log, kind + ".frequency"), Param(log, kind + ".Q")

    def connect(self, other):
        self.log.append((self.kind, "connect", other.kind))

    def start(self, t):
        self.log.append((self.kind, "start", t))

    def stop(self, t):
        self.log.append((self.kind, "stop", t))


class Buffer:
    def __init__(self, n):
        self.n, self.data = n, None

    def copyToChannel(self, data, channel):  # noqa: N802 - Web Audio's name
        self.data = data


class FakeContext:
    created = 0

    def __init__(self):
        FakeContext.created += 1
        self.state, self.currentTime, self.sampleRate = "suspended", 10.0, 8000
        self.log: list = []
        self.destination = Node(self.log, "destination")

    @classmethod
    def new(cls):
        return cls()

    def resume(self):
        self.state = "running"

    def createGain(self):  # noqa: N802
        return Node(self.log, "gain")

    def createOscillator(self):  # noqa: N802
        return Node(self.log, "osc")

    def createBufferSource(self):  # noqa: N802
        return Node(self.log, "noise")

    def createBiquadFilter(self):  # noqa: N802
        return Node(self.log, "filter")

    def createBuffer(self, channels, n, rate):  # noqa: N802
        return Buffer(n)


class FakeDocument:
    def __init__(self):
        self.listeners = []

    def addEventListener(self, kind, handler, capture):  # noqa: N802
        self.listeners.append((kind, handler))


class FakeWindow:
    AudioContext = FakeContext

    def __init__(self):
        self.document = FakeDocument()


def test_no_audio_before_a_gesture():
    FakeContext.created = 0
    player = S.SoundPlayer(window=FakeWindow())
    assert player.play("dice") is False
    assert FakeContext.created == 0


def test_a_gesture_unlocks_then_sounds_play():
    win = FakeWindow()
    player = S.SoundPlayer(window=win)
    player.install()
    kinds = [k for k, _ in win.document.listeners]
    assert set(kinds) == set(S.SoundPlayer.GESTURES)
    win.document.listeners[0][1]("event")  # the player's first click
    assert player.ready
    assert player.play("checker") is True
    log = player._ctx.log
    starts = [entry for entry in log if entry[1] == "start"]
    assert len(starts) == len(S.SOUNDS["checker"])
    assert all(t >= 10.0 for _, _, t in starts)  # scheduled from the context's current time
    assert player.play("dice") and player._noise.n == int(8000 * S.NOISE_SECONDS)
    assert player.play("nonsense") is False


def test_the_option_turns_it_off():
    FakeContext.created = 0
    player = S.SoundPlayer(enabled=False, window=FakeWindow())
    player.unlock()
    assert FakeContext.created == 0 and not player.play("hit")
    player.set_enabled(True)  # e.g. ticking the box: a click
    assert player.play("hit")
    player.set_enabled(False)
    assert not player.play("hit")


def test_no_web_audio_is_silent():
    class Old:
        document = FakeDocument()

    player = S.SoundPlayer(window=Old())
    player.unlock()
    assert not player.ready and player.play("dice") is False


def test_a_context_still_starting_accepts_sounds_but_a_stalled_one_does_not(monkeypatch):
    win = FakeWindow()
    player = S.SoundPlayer(window=win)
    monkeypatch.setattr(FakeContext, "resume", lambda self: None)  # stays "suspended", as right after a gesture
    player.unlock()
    assert player._ctx.state == "suspended"
    assert player.play("dice")  # scheduled; it sounds as the context starts
    later = S._time.monotonic() + 5
    monkeypatch.setattr(S._time, "monotonic", lambda: later)
    assert not player.play("dice")  # long after the gesture: wait for the next one
