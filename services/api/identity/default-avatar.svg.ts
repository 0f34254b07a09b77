/** The default avatar of a new shopper: a head-and-shoulders figure on a colour picked from the user id. */
const PALETTE = ['#e4393c', '#f08c00', '#2f9e44', '#1971c2', '#7048e8', '#c2255c', '#0c8599', '#5c940d'] as const;

export function defaultAvatarSvg(userId: number): string {
  const colour = PALETTE[userId % PALETTE.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">` +
    `<rect width="120" height="120" rx="60" fill="${colour}"/>` +
    `<circle cx="60" cy="47" r="21" fill="#fff" fill-opacity="0.92"/>` +
    `<path d="M22 104c4-22 20-34 38-34s34 12 38 34a60 60 0 0 1-76 0z" fill="#fff" fill-opacity="0.92"/>` +
    `</svg>`;
}
