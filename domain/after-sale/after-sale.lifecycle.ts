import { machineLifecycle } from '../audit/lifecycle';
import { AfterSaleEvent, afterSaleEventTypes } from './after-sale.events';
import { afterSaleMachine, afterStateOf, type AfterSaleSnapshot } from './after-sale.machine';
import { afterStateLabels } from './after-sale.states';
import { summarizeAfterSale } from './after-sale.timeline';

/** The after-sale lifecycle for the audit timeline: `timeline(events, { lifecycles: [afterSaleLifecycle] })`. */
export const afterSaleLifecycle = machineLifecycle(afterSaleMachine, {
  name: 'after-sale',
  types: afterSaleEventTypes,
  status: (state) => {
    const afterState = afterStateOf(state as AfterSaleSnapshot);
    return afterState === null ? null : { code: afterState, name: afterStateLabels[afterState] };
  },
  summarize: (fact) => {
    const parsed = AfterSaleEvent.safeParse(fact);
    return parsed.success ? summarizeAfterSale(parsed.data) : fact.type;
  },
});
