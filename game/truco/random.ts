// Seeded randomness. No Math.random in game/: every shuffle comes from a seed string.

/** sfc32: a small, fast, well-tested 128-bit-state PRNG. Returns uint32 values. */
export interface Rng {
  nextU32(): number;
  /** Uniform float in [0, 1). */
  next(): number;
  /** Uniform integer in [0, n), without modulo bias. */
  int(n: number): number;
}

class Sfc32 implements Rng {
  private a: number;
  private b: number;
  private c: number;
  private d: number;
  constructor(a: number, b: number, c: number, d: number) {
    this.a = a | 0;
    this.b = b | 0;
    this.c = c | 0;
    this.d = d | 0;
    for (let i = 0; i < 12; i++) this.nextU32();
  }
  nextU32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    const c = (this.c << 21) | (this.c >>> 11);
    this.c = (c + t) | 0;
    return t >>> 0;
  }
  next(): number {
    return this.nextU32() / 4294967296;
  }
  int(n: number): number {
    // Rejection sampling: exact uniformity (the deal must be verifiably fair).
    const limit = 4294967296 - (4294967296 % n);
    let x = this.nextU32();
    while (x >= limit) x = this.nextU32();
    return x % n;
  }
}

export function sfc32(a: number, b: number, c: number, d: number): Rng {
  return new Sfc32(a, b, c, d);
}

/** PRNG seeded from 32-bit words (e.g. a SHA-256 digest), folded into sfc32's four state words. */
export function rngFromWords(words: ArrayLike<number>): Rng {
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  for (let i = 0; i < words.length; i += 4) {
    a ^= words[i];
    b ^= words[i + 1] ?? 0;
    c ^= words[i + 2] ?? 0;
    d ^= words[i + 3] ?? 0;
  }
  return sfc32(a, b, c, d);
}

/** PRNG seeded from a hex string (its 32-bit big-endian words, folded). */
export function rngFromHex(hex: string): Rng {
  const words: number[] = [];
  for (let i = 0; i + 8 <= hex.length; i += 8) words.push(parseInt(hex.slice(i, i + 8), 16) | 0);
  return rngFromWords(words);
}

/**
 * Cheap non-cryptographic string hash (two FNV-1a lanes) for bot randomness only,
 * where speed matters and secrecy does not.
 */
export function rngFromString(text: string): Rng {
  let h1 = 0x811c9dc5 | 0;
  let h2 = 0x9e3779b9 | 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 0x01000193);
    h2 = Math.imul(h2 ^ c, 0x5bd1e995);
    h2 ^= h2 >>> 13;
  }
  return sfc32(h1, h2, h1 ^ 0x6a09e667, h2 ^ text.length);
}

/** Fisher–Yates shuffle of a copy of `items`. */
export function shuffle<T>(items: readonly T[], rng: Rng): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    const t = out[i];
    out[i] = out[j];
    out[j] = t;
  }
  return out;
}
