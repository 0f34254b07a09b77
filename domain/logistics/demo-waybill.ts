import type { ExpressCompany } from './express-companies';

/**
 * A waybill number for a shipment nobody typed (the demo merchant, `ops ship` without --waybill): 12 digits, the
 * company's id then the order id, so shipping one order twice names the same parcel. Numeric and ≥ 8 characters as
 * domain/rules/waybill.rule.ts wants.
 */
export const demoWaybill = (orderId: number, company: ExpressCompany): string =>
  `${String(company.dictId).padStart(2, '0')}${String(orderId).padStart(10, '0').slice(-10)}`;
