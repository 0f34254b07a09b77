/** Every demo product seed, family by family; ids are unique across families (1001… digital, 2001… apparel, …). */
import { apparelProducts } from './apparel.data';
import { babyProducts } from './baby.data';
import { beautyProducts } from './beauty.data';
import { digitalProducts } from './digital.data';
import { disabledShopProducts } from './disabled-shop.data';
import { foodProducts } from './food.data';
import { freshProducts } from './fresh.data';
import { homeProducts } from './home.data';
import type { ProductSeed } from './product-seed';
import { shoesBagsProducts } from './shoes-bags.data';
import { sportsProducts } from './sports.data';

export const productSeeds: readonly ProductSeed[] = [
  ...digitalProducts, ...apparelProducts, ...shoesBagsProducts, ...foodProducts, ...freshProducts,
  ...homeProducts, ...sportsProducts, ...beautyProducts, ...babyProducts, ...disabledShopProducts,
];
