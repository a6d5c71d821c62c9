"""Synthesise the sound effects of the table (game/resources/assets/sounds/*.wav).

Run: `.venv/bin/python tools/make_sounds.py [--out DIR]`. Every effect is built from noise and
partials with numpy, from fixed seeds, and written as 16-bit mono WAV at 22050 Hz, so reruns
write byte-identical files:

- dice: three dice thrown on a board, each bouncing a few times and rattling to rest;
- hooves: a horse at the trot on turf (paired hoof falls, a little tack);
- steps: men on foot in harness, a soft tread with the chink of mail;
- charge: a gallop coming on and swelling, with a war cry of several throats;
- bowstring: the twang of the released string and the thwip of the arrow leaving;
- handgun: the crack of the charge, its boom and the roll of the echo;
- clash: blades meeting (ringing partials), a scrape and a blow on a shield;
- bolting: a horse's whinny over a flat-out gallop running away;
- wheels: a cart rolling, axles creaking behind a slow team;
- crash: a wagon striking home: a heavy thud, splintering timber and falling debris.
"""

from __future__ import annotations

import argparse
import sys
import wave
from collections.abc import Callable
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # the game package of this checkout, whatever else is installed

from game.resources import SOUNDS_DIR  # noqa: E402

OUT = SOUNDS_DIR
RATE = 22050
Wave = NDArray[np.float64]


# --- building blocks ---------------------------------------------------------------------------
def silence(seconds: float) -> Wave:
    """An empty track of this length."""
    return np.zeros(int(seconds * RATE))


def times(n: int) -> Wave:
    """The time in seconds of each of n samples."""
    return np.arange(n) / RATE


def decay(n: int, seconds: float, attack: float = 0.002) -> Wave:
    """An envelope: a short linear attack, then an exponential fall with this time constant."""
    t = times(n)
    return np.minimum(1.0, t / max(attack, 1e-6)) * np.exp(-t / seconds)


def band(x: Wave, lo: float, hi: float, soft: float = 0.25) -> Wave:
    """x filtered to the band lo..hi Hz (smooth edges, `soft` octaves wide), through the FFT."""
    spectrum = np.fft.rfft(x)
    f = np.fft.rfftfreq(len(x), 1 / RATE)
    f[0] = 1e-3
    octave = np.log2(f)
    gain = np.ones_like(f)
    if lo > 0:
        gain *= 1 / (1 + np.exp(-(octave - np.log2(lo)) / (soft / 4)))
    if hi > 0:
        gain *= 1 / (1 + np.exp((octave - np.log2(hi)) / (soft / 4)))
    return np.fft.irfft(spectrum * gain, len(x))


def formants(x: Wave, peaks: list[tuple[float, float, float]]) -> Wave:
    """x shaped by resonances (centre Hz, width Hz, gain): a vowel for a voice."""
    spectrum = np.fft.rfft(x)
    f = np.fft.rfftfreq(len(x), 1 / RATE)
    gain = np.full_like(f, 0.02)
    for centre, width, level in peaks:
        gain += level / (1 + ((f - centre) / (width / 2)) ** 2)
    return np.fft.irfft(spectrum * gain, len(x))


def add(track: Wave, sound: Wave, at: float, level: float = 1.0) -> None:
    """Mix a sound into a track starting at `at` seconds (cut at the track's end)."""
    start = int(at * RATE)
    if start < 0:
        sound, start = sound[-start:], 0
    if start >= len(track):
        return
    end = min(len(track), start + len(sound))
    track[start:end] += level * sound[: end - start]


def tone(freqs: Wave | float, n: int) -> Wave:
    """A sine whose frequency may change sample by sample."""
    f = np.broadcast_to(np.asarray(freqs, dtype=float), (n,))
    return np.sin(2 * np.pi * np.cumsum(f) / RATE)


def partials(n: int, ratios: list[float], base: float, decays: list[float], levels: list[float]) -> Wave:
    """Inharmonic ringing: each partial a decaying sine (metal, wood)."""
    t = times(n)
    out = np.zeros(n)
    for ratio, d, level in zip(ratios, decays, levels, strict=True):
        out += level * np.sin(2 * np.pi * base * ratio * t) * np.exp(-t / d)
    return out


def harmonic_voice(f0: Wave, rolloff: float = 1.0) -> Wave:
    """A buzzing source (harmonics of a gliding pitch, each 1/h**rolloff), for shouts and neighs."""
    phase = 2 * np.pi * np.cumsum(f0) / RATE
    out = np.zeros(len(f0))
    for h in range(1, 40):
        alive = (h * f0) < RATE / 2 - 500
        out += alive * np.sin(h * phase) / h**rolloff
    return out


def finish(x: Wave, peak: float) -> Wave:
    """Normalise to a peak level and fade the last 30 ms out (no click at the end)."""
    x = x - np.mean(x)
    x = x * (peak / max(1e-9, float(np.max(np.abs(x)))))
    fade = min(len(x), int(0.03 * RATE))
    x[-fade:] *= np.linspace(1.0, 0.0, fade)
    return x


def pcm(x: Wave) -> bytes:
    """16-bit little-endian samples."""
    return np.round(np.clip(x, -1.0, 1.0) * 32767).astype("<i2").tobytes()


# --- the pieces of several effects -----------------------------------------------------------
def hoof(rng: np.random.Generator, weight: float = 1.0, hard: float = 0.4) -> Wave:
    """One hoof falling on turf: a low thump, the earth's dull noise and a click of the shoe."""
    n = int(0.16 * RATE)
    t = times(n)
    pitch = 70 + 90 * np.exp(-t / 0.018) + rng.uniform(-8, 8)
    thump = tone(pitch, n) * decay(n, 0.035, 0.003)
    earth = band(rng.standard_normal(n), 120, 900) * decay(n, 0.022, 0.001)
    click = band(rng.standard_normal(n), 1800, 5000) * decay(n, 0.006, 0.0005)
    return weight * (thump + 0.5 * earth + hard * 0.35 * click)


def gallop(rng: np.random.Generator, seconds: float, stride: float, weight: float = 1.0) -> Wave:
    """A horse at the gallop: four-beat strides, three hooves close then the suspension."""
    track = silence(seconds)
    t = 0.0
    while t < seconds:
        for beat, level in ((0.0, 0.8), (0.075, 0.9), (0.15, 1.0)):
            jitter = rng.uniform(-0.008, 0.008)
            fall = hoof(rng, weight * level * rng.uniform(0.85, 1.1), 0.5)
            add(track, fall, t + beat * stride / 0.42 + jitter)
        t += stride * rng.uniform(0.97, 1.03)
    return track


def tack(rng: np.random.Generator, n: int) -> Wave:
    """A jingle of harness buckles and rings: tiny high metallic ticks."""
    out = np.zeros(n)
    for _ in range(max(1, n // 5000)):
        m = int(0.05 * RATE)
        tick = partials(m, [1.0, 1.47, 2.09], rng.uniform(3200, 4800), [0.012, 0.009, 0.006], [1.0, 0.6, 0.4])
        add(out, tick, rng.uniform(0, n / RATE), rng.uniform(0.1, 0.25))
    return out


def die_hit(rng: np.random.Generator, level: float) -> Wave:
    """A die striking a wooden board: a bright click and the board's short knock."""
    n = int(0.07 * RATE)
    click = band(rng.standard_normal(n), 2500, 9000) * decay(n, 0.004, 0.0003)
    body = partials(n, [1.0, 1.58, 2.31], rng.uniform(1100, 1700), [0.014, 0.01, 0.007], [1.0, 0.5, 0.35])
    knock = tone(rng.uniform(180, 260), n) * decay(n, 0.012, 0.001)
    return level * (click + 0.5 * body + 0.6 * knock)


def chink(rng: np.random.Generator) -> Wave:
    """Mail rings shaken: a cluster of tiny metallic ticks."""
    n = int(0.12 * RATE)
    out = np.zeros(n)
    for _ in range(6):
        m = int(0.04 * RATE)
        tick = partials(m, [1.0, 1.33, 1.91], rng.uniform(4000, 6500), [0.006, 0.005, 0.004], [1.0, 0.6, 0.5])
        add(out, tick, rng.uniform(0, 0.07), rng.uniform(0.3, 1.0))
    return out


def shout(rng: np.random.Generator, seconds: float, base: float) -> Wave:
    """One man's cry, rising and falling on an open "ah"."""
    n = int(seconds * RATE)
    t = times(n)
    shape = np.sin(np.pi * np.clip(t / seconds, 0, 1)) ** 0.6
    f0 = base * (1 + 0.25 * np.sin(np.pi * t / seconds)) * (1 + 0.012 * np.sin(2 * np.pi * 5.5 * t))
    wander = np.cumsum(rng.standard_normal(n))
    f0 *= 1 + 0.03 * band(wander / max(1.0, float(np.max(np.abs(wander)))), 0, 12)
    f0 *= 1 + 0.02 * band(rng.standard_normal(n), 20, 70)  # a hoarse, rough voice
    voice = formants(harmonic_voice(f0, 1.0), [(720, 180, 1.0), (1150, 220, 0.55), (2500, 350, 0.18)])
    breath = band(rng.standard_normal(n), 500, 3000) * 0.05
    return shape * band(voice + breath, 90, 3800)


# --- the effects ---------------------------------------------------------------------------------
def dice(rng: np.random.Generator) -> Wave:
    """Three dice thrown: each lands, bounces quicker and quicker, and rattles to a stop."""
    track = silence(0.6)
    for d in range(3):
        t = 0.02 + 0.035 * d + rng.uniform(0, 0.02)
        gap, level = rng.uniform(0.09, 0.12), 1.0
        while level > 0.06 and t < 0.5:
            add(track, die_hit(rng, level), t)
            if rng.random() < 0.45:  # a second edge touching down
                add(track, die_hit(rng, level * 0.5), t + rng.uniform(0.006, 0.015))
            t += gap
            gap *= rng.uniform(0.62, 0.78)
            level *= rng.uniform(0.6, 0.75)
            gap = max(gap, 0.012)
    return finish(track, 0.75)


def hooves(rng: np.random.Generator) -> Wave:
    """A horse at the trot: diagonal pairs of hooves (a near-flam), a little tack."""
    seconds = 1.5
    track = silence(seconds)
    t, beat = 0.02, 0.0
    while t < seconds - 0.1:
        level = 0.75 + 0.25 * np.sin(np.pi * min(1.0, t / seconds))
        add(track, hoof(rng, level * rng.uniform(0.9, 1.05)), t)
        add(track, hoof(rng, level * 0.55), t + rng.uniform(0.012, 0.022))
        beat += 1
        t += 0.19 * rng.uniform(0.96, 1.04)
    track += tack(rng, len(track)) * 0.5
    return finish(track, 0.62)


def steps(rng: np.random.Generator) -> Wave:
    """Men in harness walking: a soft tread on grass, each step with the chink of mail."""
    seconds = 1.5
    track = silence(seconds)
    t = 0.03
    while t < seconds - 0.15:
        n = int(0.14 * RATE)
        tread = band(rng.standard_normal(n), 300, 2200) * decay(n, 0.03, 0.012)
        heel = tone(95 + rng.uniform(-10, 10), n) * decay(n, 0.025, 0.004)
        add(track, 0.7 * tread + 0.6 * heel, t, rng.uniform(0.8, 1.0))
        add(track, band(chink(rng), 0, 7000), t + 0.01, 0.12)
        t += 0.36 * rng.uniform(0.92, 1.08)
    return finish(track, 0.45)


def charge(rng: np.random.Generator) -> Wave:
    """Horsemen charging: a gallop coming on louder and brighter, and a war cry swelling over it."""
    seconds = 2.8
    n = int(seconds * RATE)
    t = times(n)
    run = gallop(rng, seconds, 0.40) + 0.6 * gallop(rng, seconds, 0.43, 0.8)
    far = band(run, 0, 500)
    near = np.clip(t / (seconds * 0.75), 0, 1)
    hooves_ = (far * (1 - near) + run * near) * (0.25 + 0.75 * near)
    cry = silence(seconds)
    for base in (150, 165, 180, 195, 140, 210, 172):  # a handful of throats, none in step
        add(cry, shout(rng, rng.uniform(1.3, 1.7), base * rng.uniform(0.97, 1.03)), rng.uniform(0.85, 1.15),
            rng.uniform(0.5, 0.9))
    rumble = band(rng.standard_normal(n), 30, 160) * (0.2 + 0.6 * near) * 0.6
    return finish(hooves_ + 0.35 * cry + rumble + tack(rng, n) * near, 0.9)


def bowstring(rng: np.random.Generator) -> Wave:
    """A bow loosed: the string's twang (a plucked string) and the arrow's thwip going away."""
    seconds = 0.7
    track = silence(seconds)
    period = int(RATE / 118)
    n = int(0.7 * RATE)
    string = np.zeros(n)
    string[:period] = rng.uniform(-1, 1, period)
    for k in range(1, n // period):  # Karplus-Strong, a block of one period at a time
        cur = string[(k - 1) * period: k * period]
        prev = string[(k - 1) * period - 1: k * period - 1] if k > 1 else np.r_[0.0, cur[:-1]]
        string[k * period: (k + 1) * period] = 0.985 * 0.5 * (cur + prev)
    string = band(string, 90, 1600) * decay(n, 0.07, 0.001)
    limb = tone(85, n) * decay(n, 0.03, 0.001)
    add(track, string + 0.6 * limb, 0.0)
    m = int(0.3 * RATE)
    tm = times(m)
    whoosh = band(rng.standard_normal(m), 1800, 7500) * np.exp(-(((tm - 0.06) / 0.045) ** 2))
    flutter = 1 + 0.35 * np.sin(2 * np.pi * 38 * tm)
    add(track, whoosh * flutter, 0.015, 0.55)
    return finish(track, 0.8)


def handgun(rng: np.random.Generator) -> Wave:
    """A handgun fired: the sharp crack, the boom of the powder and its echo rolling away."""
    seconds = 1.6
    n = int(seconds * RATE)
    t = times(n)
    crack = band(rng.standard_normal(n), 1500, 0) * decay(n, 0.006, 0.0003)
    boom = band(rng.standard_normal(n), 40, 900) * decay(n, 0.09, 0.001)
    thump = tone(55 + 40 * np.exp(-t / 0.03), n) * decay(n, 0.12, 0.002)
    tail = band(rng.standard_normal(n), 50, 500) * decay(n, 0.45, 0.05) * 0.35
    blast = band(rng.standard_normal(n), 300, 4500) * decay(n, 0.025, 0.0005)
    track = 0.45 * crack + 0.8 * blast + 1.3 * boom + 1.0 * thump + tail
    for delay, level in ((0.13, 0.35), (0.29, 0.22), (0.52, 0.12)):
        echo = band(np.r_[np.zeros(int(delay * RATE)), boom[: n - int(delay * RATE)]], 60, 700)
        track += level * echo
    track = np.tanh(2.0 * track / np.max(np.abs(track)))  # the powder's punch: the body driven hard
    return finish(track, 0.95)


def clash(rng: np.random.Generator) -> Wave:
    """Melee: blade on blade twice (ringing partials), a scrape between, a blow on a shield."""
    seconds = 1.3
    track = silence(seconds)
    for at, base, level in ((0.0, 1480.0, 1.0), (0.42, 1260.0, 0.85)):
        n = int(0.9 * RATE)
        ratios = [1.0, 1.006, 2.32, 2.335, 3.71, 4.4, 5.13, 5.16, 6.9, 8.2]
        ring = partials(n, [r * rng.uniform(0.995, 1.005) for r in ratios], base * rng.uniform(0.97, 1.03),
                        [0.3, 0.28, 0.2, 0.18, 0.12, 0.1, 0.08, 0.07, 0.05, 0.04],
                        [0.5, 0.4, 1.0, 0.7, 0.7, 0.4, 0.5, 0.4, 0.3, 0.2])
        hit = band(rng.standard_normal(n), 1500, 9000) * decay(n, 0.01, 0.0005)
        add(track, ring * decay(n, 0.25, 0.001) + 1.6 * hit, at, level)
    n = int(0.2 * RATE)
    scrape = band(rng.standard_normal(n), 2500, 6000) * np.sin(np.pi * times(n) / 0.2) ** 2
    add(track, scrape, 0.2, 0.3)
    n = int(0.25 * RATE)
    shield = partials(n, [1.0, 1.7, 2.6], 190, [0.05, 0.035, 0.02], [1.0, 0.5, 0.3])
    shield += band(rng.standard_normal(n), 200, 1500) * decay(n, 0.025, 0.001)
    add(track, shield, 0.8, 0.9)
    return finish(track, 0.95)


def bolting(rng: np.random.Generator) -> Wave:
    """A horse bolting: a shrill whinny and a flat-out gallop running away."""
    seconds = 2.8
    n = int(seconds * RATE)
    t = times(n)
    run = gallop(rng, seconds, 0.33, 1.1)
    going = np.clip((t - 0.8) / (seconds - 0.8), 0, 1)
    run = run * (1 - 0.6 * going) * (1 - going) + band(run, 0, 450) * going * 0.6
    m = int(1.3 * RATE)
    tm = times(m)
    rise = np.sqrt(np.clip(tm / 0.15, 0, 1))  # up to a shriek at once, then sliding down
    glide = 480 + 720 * rise * np.exp(-np.clip(tm - 0.15, 0, None) / 0.55)
    trill = 1 + 0.1 * np.sin(2 * np.pi * (13 - 4 * tm) * tm) * np.clip(tm / 0.25, 0, 1)
    f0 = glide * trill
    amp = (np.clip(tm / 0.05, 0, 1) * np.exp(-np.clip(tm - 0.3, 0, None) / 0.4)
           * (1 - 0.45 * (0.5 + 0.5 * np.sin(2 * np.pi * 11 * tm))))
    neigh = formants(harmonic_voice(f0, 1.4), [(1100, 600, 1.0), (2400, 700, 0.5), (3800, 900, 0.2)])
    neigh += band(rng.standard_normal(m), 1500, 6000) * 0.05
    track = run
    add(track, neigh * amp, 0.05, 0.45)
    return finish(track, 0.9)


def wheels(rng: np.random.Generator) -> Wave:
    """A cart on the road: iron tyres rumbling and knocking, the axle creaking, a slow team."""
    seconds = 2.0
    n = int(seconds * RATE)
    t = times(n)
    rumble = band(rng.standard_normal(n), 35, 250) * (0.8 + 0.2 * np.sin(2 * np.pi * 1.6 * t))
    track = 0.7 * rumble
    for _ in range(14):  # stones under the wheels
        m = int(0.06 * RATE)
        knock = partials(m, [1.0, 1.9], rng.uniform(160, 320), [0.02, 0.012], [1.0, 0.4])
        add(track, knock, rng.uniform(0, seconds - 0.06), rng.uniform(0.3, 0.7))
    for at in (0.25, 1.15):  # the axle creaks: a stick-slip buzz gliding in pitch
        m = int(0.35 * RATE)
        tm = times(m)
        f0 = 230 + 90 * np.sin(np.pi * tm / 0.35)
        creak = formants(harmonic_voice(f0, 0.8), [(900, 400, 1.0), (1800, 500, 0.5)])
        add(track, band(creak, 200, 2500) * np.sin(np.pi * tm / 0.35) ** 2, at, 0.12)
    step = 0.05
    while step < seconds - 0.1:
        add(track, hoof(rng, 0.55, 0.3), step)
        step += 0.31 * rng.uniform(0.95, 1.05)
    return finish(track, 0.55)


def crash(rng: np.random.Generator) -> Wave:
    """A wagon crashing: a heavy thud, timber cracking and splintering, debris falling."""
    seconds = 2.0
    n = int(seconds * RATE)
    t = times(n)
    thud = tone(48 + 60 * np.exp(-t / 0.04), n) * decay(n, 0.18, 0.002)
    body = band(rng.standard_normal(n), 40, 600) * decay(n, 0.12, 0.001)
    track = 1.1 * thud + 0.9 * body
    for _ in range(70):  # splinters: short bright cracks, thick at first
        at = abs(rng.normal(0.0, 0.18))
        m = int(0.03 * RATE)
        snap = band(rng.standard_normal(m), rng.uniform(900, 2000), 7000)
        snap *= decay(m, rng.uniform(0.002, 0.006))
        add(track, snap, at, rng.uniform(0.2, 0.8) * np.exp(-at / 0.5))
    for _ in range(3):  # beams giving way: a lower, longer tearing crack
        m = int(0.25 * RATE)
        tear = band(rng.standard_normal(m), 300, 2500) * decay(m, 0.07, 0.01)
        add(track, tear, rng.uniform(0.02, 0.3), 0.7)
    for _ in range(12):  # boards and staves falling and knocking
        m = int(0.12 * RATE)
        board = partials(m, [1.0, 2.1, 3.3], rng.uniform(220, 480), [0.04, 0.025, 0.015], [1.0, 0.5, 0.3])
        at = rng.uniform(0.35, 1.6)
        add(track, board, at, rng.uniform(0.2, 0.5) * np.exp(-(at - 0.35) / 0.9))
    return finish(track, 0.95)


EFFECTS: dict[str, Callable[[np.random.Generator], Wave]] = {
    "dice": dice, "hooves": hooves, "steps": steps, "charge": charge, "bowstring": bowstring,
    "handgun": handgun, "clash": clash, "bolting": bolting, "wheels": wheels, "crash": crash,
}
SEEDS = {name: 1000 + i for i, name in enumerate(EFFECTS)}


def write_wav(path: Path, samples: Wave) -> None:
    """Write 16-bit mono samples as a WAV file."""
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(pcm(samples))


def main() -> None:
    """Write every effect into the output folder."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the WAV files")
    parser.add_argument("--only", nargs="*", choices=sorted(EFFECTS), help="write only these effects")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    for name in args.only or EFFECTS:
        samples = EFFECTS[name](np.random.default_rng(SEEDS[name]))
        write_wav(args.out / f"{name}.wav", samples)
        print(f"{name}.wav  {len(samples) / RATE:.2f} s")


if __name__ == "__main__":
    main()
