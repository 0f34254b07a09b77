/**
 * A small seeded PRNG (mulberry32) keyed by a name: each product draws from its own sequence, so adding a product
 * never changes another one's stock or sales. No Math.random anywhere in the seed.
 */
export type Random = () => number;

function hash(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i += 1) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

export function randomFor(name: string): Random {
  let state = hash(name);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** An integer in [min, max]. */
export const between = (random: Random, min: number, max: number): number => min + Math.floor(random() * (max - min + 1));
