// SHA-256 (FIPS 180-4) in pure TypeScript: the engine may not use platform crypto
// (DESIGN.md §3), and the per-hand seed must come from a one-way function so that
// revealing one hand's seed says nothing about the match seed or other hands.

const K = new Int32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5, 0xd807aa98, 0x12835b01, 0x243185be,
  0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174, 0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa,
  0x5cb0a9dc, 0x76f988da, 0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967, 0x27b70a85,
  0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85, 0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3,
  0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070, 0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f,
  0x682e6ff3, 0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

const HEX = "0123456789abcdef";

/** UTF-8 bytes of a JS string (surrogate pairs combined, lone surrogates as U+FFFD). */
function utf8Bytes(text: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (d - 0xdc00);
        i++;
      } else c = 0xfffd;
    } else if (c >= 0xd800 && c <= 0xdfff) c = 0xfffd;
    if (c < 0x80) out.push(c);
    else if (c < 0x800) out.push(0xc0 | (c >> 6), 0x80 | (c & 63));
    else if (c < 0x10000) out.push(0xe0 | (c >> 12), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
    else out.push(0xf0 | (c >> 18), 0x80 | ((c >> 12) & 63), 0x80 | ((c >> 6) & 63), 0x80 | (c & 63));
  }
  return out;
}

/** The eight 32-bit words of SHA-256(utf8(text)). */
export function sha256Words(text: string): number[] {
  if (text.length <= 55 && isAscii(text)) return shortAscii(text);
  return general(text);
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/** One-block fast path (ASCII, at most 55 bytes): the message words are built directly. */
function shortAscii(text: string): number[] {
  const len = text.length;
  const W = new Int32Array(16); // the block, per call: the module keeps no scratch state
  for (let j = 0; j < len; j++) W[j >> 2] |= text.charCodeAt(j) << (24 - 8 * (j & 3));
  W[len >> 2] |= 0x80 << (24 - 8 * (len & 3));
  W[15] = len * 8;
  const out = INIT.slice();
  compress(out, W);
  return out;
}

const INIT: readonly number[] = [
  0x6a09e667 | 0,
  0xbb67ae85 | 0,
  0x3c6ef372 | 0,
  0xa54ff53a | 0,
  0x510e527f | 0,
  0x9b05688c | 0,
  0x1f83d9ab | 0,
  0x5be0cd19 | 0,
];

/**
 * One compression round into the eight state words `v`. `W` holds the block's 16 message words
 * and is then used as a rolling 16-word window of the message schedule (W[i] replaces W[i-16]),
 * so a call needs only a small per-call array and the module keeps no scratch state.
 */
function compress(v: number[], W: Int32Array): void {
  let a = v[0],
    b = v[1],
    c = v[2],
    d = v[3],
    e = v[4],
    f = v[5],
    g = v[6],
    h = v[7];
  for (let i = 0; i < 64; i++) {
    let w: number;
    if (i < 16) w = W[i];
    else {
      let u = W[(i - 2) & 15];
      const s1 = ((u >>> 17) | (u << 15)) ^ ((u >>> 19) | (u << 13)) ^ (u >>> 10);
      u = W[(i - 15) & 15];
      const s0 = ((u >>> 7) | (u << 25)) ^ ((u >>> 18) | (u << 14)) ^ (u >>> 3);
      w = (((s1 + W[(i - 7) & 15]) | 0) + ((s0 + W[i & 15]) | 0)) | 0;
      W[i & 15] = w;
    }
    const t1 =
      ((((((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7))) + ((e & f) ^ (~e & g))) | 0) +
        ((h + ((K[i] + w) | 0)) | 0)) |
      0;
    const t2 = ((((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10))) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
    h = g;
    g = f;
    f = e;
    e = (d + t1) | 0;
    d = c;
    c = b;
    b = a;
    a = (t1 + t2) | 0;
  }
  v[0] = (v[0] + a) | 0;
  v[1] = (v[1] + b) | 0;
  v[2] = (v[2] + c) | 0;
  v[3] = (v[3] + d) | 0;
  v[4] = (v[4] + e) | 0;
  v[5] = (v[5] + f) | 0;
  v[6] = (v[6] + g) | 0;
  v[7] = (v[7] + h) | 0;
}

function general(text: string): number[] {
  let len = 0;
  let ascii = true;
  for (let i = 0; i < text.length; i++) {
    if (text.charCodeAt(i) > 0x7f) {
      ascii = false;
      break;
    }
  }
  const bytes = ascii ? null : utf8Bytes(text);
  len = ascii ? text.length : bytes!.length;
  const total = Math.ceil((len + 9) / 64) * 64;
  const buf = new Uint8Array(total);
  if (ascii) for (let i = 0; i < len; i++) buf[i] = text.charCodeAt(i);
  else for (let i = 0; i < len; i++) buf[i] = bytes![i];
  buf[len] = 0x80;
  // 64-bit big-endian bit length; strings here are far below 2^32 bits.
  const bitLen = len * 8;
  const hi = Math.floor(bitLen / 0x100000000);
  buf[total - 8] = (hi >>> 24) & 255;
  buf[total - 7] = (hi >>> 16) & 255;
  buf[total - 6] = (hi >>> 8) & 255;
  buf[total - 5] = hi & 255;
  buf[total - 4] = (bitLen >>> 24) & 255;
  buf[total - 3] = (bitLen >>> 16) & 255;
  buf[total - 2] = (bitLen >>> 8) & 255;
  buf[total - 1] = bitLen & 255;

  const v = INIT.slice();
  const W = new Int32Array(16);
  for (let off = 0; off < total; off += 64) {
    for (let i = 0; i < 16; i++) {
      const j = off + i * 4;
      W[i] = (buf[j] << 24) | (buf[j + 1] << 16) | (buf[j + 2] << 8) | buf[j + 3];
    }
    compress(v, W);
  }
  return v;
}

const BYTE_HEX: readonly string[] = Object.freeze(Array.from({ length: 256 }, (_, i) => HEX[i >> 4] + HEX[i & 15]));

/** Lower-case hex of 32-bit words (big-endian). */
export function wordsToHex(words: ArrayLike<number>): string {
  let out = "";
  for (let i = 0; i < words.length; i++) {
    const w = words[i];
    out += BYTE_HEX[(w >>> 24) & 255] + BYTE_HEX[(w >>> 16) & 255] + BYTE_HEX[(w >>> 8) & 255] + BYTE_HEX[w & 255];
  }
  return out;
}

/** Lower-case hex SHA-256 of the UTF-8 encoding of `text`. */
export function sha256Hex(text: string): string {
  return wordsToHex(sha256Words(text));
}
