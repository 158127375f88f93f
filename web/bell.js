// The rule's bell as a short sound (WebAudio), which the player can mute; the choice is kept.

const KEY = 'gamehost.muted';
let audio = null;

export function muted() {
  try { return localStorage.getItem(KEY) === '1'; } catch { return false; }
}

export function setMuted(value) {
  try { localStorage.setItem(KEY, value ? '1' : '0'); } catch { /* private mode: this page only */ }
}

/** Browsers start sound only after the player has done something: called on a click or key. */
export function unlock() {
  if (muted()) return;
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  if (!audio) audio = new Context();
  if (audio.state === 'suspended') audio.resume().catch(() => {});
}

/** Rings `times` times (at most three), unless muted. */
export function ring(times) {
  if (muted() || !audio || audio.state !== 'running') return;
  const count = Math.min(Math.max(times, 0), 3);
  for (let i = 0; i < count; i++) {
    const at = audio.currentTime + 0.02 + i * 0.22;
    const tone = audio.createOscillator();
    const gain = audio.createGain();
    tone.type = 'sine';
    tone.frequency.setValueAtTime(880, at);
    tone.frequency.exponentialRampToValueAtTime(660, at + 0.16);
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.18, at + 0.015);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.18);
    tone.connect(gain).connect(audio.destination);
    tone.start(at);
    tone.stop(at + 0.2);
  }
}
