const CASHIER_STEPS = ['确认订单', '微信支付', '支付成功'] as const;

/** The page's header band (spec §2: the place-order header text is 收银台) and where the shopper is. */
export function CashierHead({ step = 0 }: { step?: number }) {
  return (
    <header className="cashier-head">
      <h1>收银台</h1>
      <ol className="cashier-head__steps">
        {CASHIER_STEPS.map((title, i) => (
          <li key={title} data-active={i <= step}>
            {title}
          </li>
        ))}
      </ol>
    </header>
  );
}
