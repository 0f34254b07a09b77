/** Every illustration by name: the image route's only source of drawings. */
import type { Art } from '../../image-url';
import type { Illustration } from './art';
import { apparelArt } from './apparel.art';
import { careArt } from './care.art';
import { electronicsArt } from './electronics.art';
import { foodArt } from './food.art';
import { homeArt } from './home.art';
import { miscArt } from './misc.art';
import { sportsArt } from './sports.art';

export const illustrations: Record<Art, Illustration> = {
  ...electronicsArt, ...apparelArt, ...foodArt, ...homeArt, ...sportsArt, ...careArt, ...miscArt,
};
