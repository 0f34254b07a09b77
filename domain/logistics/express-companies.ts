/**
 * Express companies (GET /order/getExpressSelect → `[{dictId, dictName}]`, origin-contract §6 "express company dict").
 * `dictId` is what orders and after-sales store and what the tracking lookup takes; `code` is the short name ops type
 * (`npm run ops -- ship <orderId> --express SF`). Ids are stable: never renumber, only append.
 */
export interface ExpressCompany {
  dictId: number;
  code: string;
  dictName: string;
}

export const expressCompanies: readonly ExpressCompany[] = [
  { dictId: 1, code: 'SF', dictName: '顺丰速运' },
  { dictId: 2, code: 'ZTO', dictName: '中通快递' },
  { dictId: 3, code: 'YTO', dictName: '圆通速递' },
  { dictId: 4, code: 'YD', dictName: '韵达快递' },
  { dictId: 5, code: 'STO', dictName: '申通快递' },
  { dictId: 6, code: 'EMS', dictName: 'EMS' },
  { dictId: 7, code: 'JD', dictName: '京东物流' },
  { dictId: 8, code: 'JTSD', dictName: '极兔速递' },
  { dictId: 9, code: 'DBL', dictName: '德邦快递' },
  { dictId: 10, code: 'YZPY', dictName: '邮政快递包裹' },
];

/** By dict id (`7`, `'7'`) or code (`'SF'`, case-insensitive); undefined when neither. */
export function findExpressCompany(key: number | string): ExpressCompany | undefined {
  const text = String(key).trim();
  if (/^\d+$/.test(text)) return expressCompanies.find((c) => c.dictId === Number(text));
  const code = text.toUpperCase();
  return expressCompanies.find((c) => c.code === code);
}
