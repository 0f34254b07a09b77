/** Palettes (backgrounds, keyed by top-level category) and tints (the item's own colour). */
import type { PaletteName, TintName } from '../image-url';

export interface Palette {
  /** Gradient stops of the background, light to a little deeper. */
  from: string;
  to: string;
  /** Soft shapes behind the item. */
  blob: string;
  /** Labels and accents. */
  accent: string;
  deep: string;
}

export const palettes: Record<PaletteName, Palette> = {
  sky: { from: '#eef6ff', to: '#cfe3fb', blob: '#b7d3f7', accent: '#3b82f6', deep: '#1e3a8a' },
  rose: { from: '#fff1f3', to: '#fbd3dc', blob: '#f7b9c7', accent: '#e11d48', deep: '#881337' },
  sand: { from: '#fbf6ee', to: '#eedcc0', blob: '#e3c9a1', accent: '#b7793a', deep: '#6b4423' },
  amber: { from: '#fff8e8', to: '#fde2a9', blob: '#f9cf7c', accent: '#d97706', deep: '#7c3f06' },
  leaf: { from: '#f0fbf1', to: '#c9edcf', blob: '#a9dfb3', accent: '#16a34a', deep: '#14532d' },
  lilac: { from: '#f6f2ff', to: '#ddd2fb', blob: '#c8b7f5', accent: '#7c3aed', deep: '#4c1d95' },
  teal: { from: '#ecfbf8', to: '#c2ece4', blob: '#9edccf', accent: '#0d9488', deep: '#134e4a' },
  peach: { from: '#fff4ee', to: '#fdd5c2', blob: '#f9bc9e', accent: '#ea580c', deep: '#7c2d12' },
  lemon: { from: '#fffde8', to: '#faefb0', blob: '#f3e07e', accent: '#ca8a04', deep: '#713f12' },
  slate: { from: '#f5f7fa', to: '#dfe5ee', blob: '#c9d3e1', accent: '#475569', deep: '#1e293b' },
  red: { from: '#fff1f0', to: '#ffc9c2', blob: '#ffa99e', accent: '#e4393c', deep: '#7f1d1d' },
};

export interface Tint {
  main: string;
  dark: string;
  light: string;
}

export const tints: Record<TintName, Tint> = {
  black: { main: '#34373d', dark: '#1d1f23', light: '#5b6068' },
  white: { main: '#f7f7f5', dark: '#cfd2d6', light: '#ffffff' },
  grey: { main: '#9aa1ab', dark: '#6b7280', light: '#c7ccd3' },
  silver: { main: '#d5dae0', dark: '#a2aab4', light: '#eef1f4' },
  blue: { main: '#3d7be0', dark: '#2456a8', light: '#7fa9ee' },
  navy: { main: '#2c3e66', dark: '#1a2743', light: '#51658f' },
  sky: { main: '#8cc5f2', dark: '#5b9fd6', light: '#bfe0fa' },
  green: { main: '#3f9f66', dark: '#2b7549', light: '#78c397' },
  mint: { main: '#9fdcc4', dark: '#6cbf9f', light: '#c9eee0' },
  red: { main: '#e0463f', dark: '#a82a25', light: '#f07f79' },
  wine: { main: '#8e2a3f', dark: '#631a2b', light: '#b5566a' },
  pink: { main: '#f4a3b8', dark: '#dc7391', light: '#f9c8d5' },
  purple: { main: '#8b6fd6', dark: '#6349ad', light: '#b3a0e8' },
  yellow: { main: '#f6cf45', dark: '#d9a91a', light: '#fae38c' },
  orange: { main: '#f59032', dark: '#cc6a12', light: '#f9b677' },
  gold: { main: '#e2bd74', dark: '#b38c40', light: '#f0d9a8' },
  beige: { main: '#e9d9bf', dark: '#c7b08a', light: '#f5ecdc' },
  brown: { main: '#9a6a43', dark: '#6e4a2d', light: '#c0946d' },
  natural: { main: '#d8b384', dark: '#a98454', light: '#ecd3b0' },
};
