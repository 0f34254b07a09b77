/** Every read model the storefront serves from, in one list: the runner, rebuilds and the ops CLI use it. */
import { noticesProjection } from './notices/notices.projection';
import type { Projection } from './runner/projection';

export const allProjections: readonly Projection[] = [noticesProjection];
