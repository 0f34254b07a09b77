/**
 * The checkout's deps for one request (issue 28): the shopper's facts from the read models, or — when the request
 * came in with writes of its session the read models had not applied (request.readModelsBehind, set by
 * read-your-writes.ts on the 'decide-on-streams' routes) — folded from the streams. Only the shopper's facts change
 * source: goods, prices and activities stay the catalogue read models' (not this shopper's writes), and stock is
 * decided on each SKU's stream anyway.
 */
import type { FastifyRequest } from 'fastify';
import type { CheckoutDeps } from '../../checkout/checkout.deps';
import { streamShopperFacts } from '../../checkout/shopper-facts.streams';

export type CheckoutDepsFor = (request: FastifyRequest) => CheckoutDeps;

export function checkoutDepsFor(deps: CheckoutDeps): CheckoutDepsFor {
  return (request) => {
    const behind = request.readModelsBehind;
    if (!behind) return deps;
    return { ...deps, shopper: streamShopperFacts(deps, Object.keys(behind)) };
  };
}
