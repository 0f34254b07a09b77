import { getShortestPaths } from '@xstate/graph';
import type { AnyMachineSnapshot } from 'xstate';
import { afterSaleActions, type AfterSaleAction } from '../../../domain/after-sale/after-sale.actions';
import type { AfterSaleEvent, AfterSaleEventType } from '../../../domain/after-sale/after-sale.events';
import { afterSaleMachine, afterStateOf, type AfterSaleSnapshot } from '../../../domain/after-sale/after-sale.machine';
import { measureTransitionCoverage } from '../support/transition-coverage';
import { history, ref, returnAddress, submitted } from './after-sale.fixtures';

/** One sample of every event; both application types, since guards read the type from the context. */
const samples: AfterSaleEvent[] = [
  submitted(1),
  submitted(2),
  history.refunding()[1],
  history.awaitingReturn()[1],
  history.reviewRejected(1)[1],
  history.returning()[2],
  { type: 'AfterSaleReturnReceived', data: ref },
  history.returnRefused()[3],
  { type: 'AfterSalePlatformInterventionRequested', data: { ...ref, reason: '', images: [], fromAfterState: 6 } },
  { type: 'AfterSalePlatformRuledForShopper', data: { ...ref, reason: '', returnRequired: false, autoCloseAt: null } },
  { type: 'AfterSalePlatformRuledForMerchant', data: { ...ref, reason: '' } },
  { type: 'AfterSaleRefundSucceeded', data: { ...ref, refundFen: 9000, refundId: 'RF-1' } },
  { type: 'AfterSaleRefundFailed', data: { ...ref, reason: '' } },
  { type: 'AfterSaleRefundRetried', data: { ...ref, attempt: 2 } },
  { type: 'AfterSaleApplicationWithdrawn', data: ref },
  { type: 'AfterSaleReturnWithdrawn', data: ref },
  { type: 'AfterSaleAutoClosed', data: { ...ref, dueAt: '2025-03-04T02:00:00.000Z' } },
];

/** Snapshot identity for the walk: the state and what the guards read (type, where an arbitration came from). */
const identity = (s: AnyMachineSnapshot): string => {
  const { application, interventionFrom } = (s as AfterSaleSnapshot).context;
  return JSON.stringify([s.value, application?.afterType ?? null, interventionFrom]);
};

describe('the after-sale machine walked with every event', () => {
  const result = measureTransitionCoverage('after-sale', afterSaleMachine, samples, { serializeState: identity });

  it('covers every transition it defines', () => {
    expect(result.missing).toEqual([]);
    expect(result.percent).toBe(100);
  });

  it('defines the transitions of spec §4 and origin-contract §6, and no others', () => {
    expect(result.defined).toEqual([
      'awaitingReturn --AfterSaleAutoClosed--> closed', // 10 → 9 shopper did not ship back in 3 days
      'awaitingReturn --AfterSaleReturnShipped--> returning', // 10 → 3
      'notSubmitted --AfterSaleSubmitted--> underReview', // → 1
      'refundFailed --AfterSaleRefundRetried--> refunding', // 5 → 2 ops retries the refund
      'refunding --AfterSaleRefundFailed--> refundFailed', // 2 → 5
      'refunding --AfterSaleRefundSucceeded--> refunded', // 2 → 4
      'returnRefused --AfterSalePlatformInterventionRequested--> underArbitration', // 8 → 7
      'returning --AfterSaleReturnReceived--> refunding', // 3 → 2
      'returning --AfterSaleReturnRefused--> returnRefused', // 3 → 8
      'reviewRejected --AfterSaleApplicationWithdrawn--> closed', // 6 → 9 (type 1)
      'reviewRejected --AfterSaleAutoClosed--> closed', // 6 → 9
      'reviewRejected --AfterSalePlatformInterventionRequested--> underArbitration', // 6 → 7
      'reviewRejected --AfterSaleReturnWithdrawn--> closed', // 6 → 9 (type 2)
      'underArbitration --AfterSalePlatformRuledForMerchant--> closed', // 7 → 9
      'underArbitration --AfterSalePlatformRuledForShopper--> awaitingReturn', // 7 → 10 (type 2 from 6)
      'underArbitration --AfterSalePlatformRuledForShopper--> refunding', // 7 → 2
      'underReview --AfterSaleApplicationWithdrawn--> closed', // 1 → 9 (type 1)
      'underReview --AfterSaleApproved--> awaitingReturn', // 1 → 10 (type 2)
      'underReview --AfterSaleApproved--> refunding', // 1 → 2 (type 1)
      'underReview --AfterSaleAutoClosed--> closed', // 1 → 9
      'underReview --AfterSaleRejected--> reviewRejected', // 1 → 6
      'underReview --AfterSaleReturnWithdrawn--> closed', // 1 → 9 (type 2)
    ]);
  });
});

/** The event each shopper detail action sends. */
const eventOf: Record<AfterSaleAction, AfterSaleEventType> = {
  requestPlatformIntervention: 'AfterSalePlatformInterventionRequested',
  withdrawApplication: 'AfterSaleApplicationWithdrawn',
  withdrawReturn: 'AfterSaleReturnWithdrawn',
  enterReturnLogistics: 'AfterSaleReturnShipped',
};

describe('every reachable after-sale seen on the detail screen', () => {
  const reachable = getShortestPaths(afterSaleMachine, {
    events: samples,
    serializeState: (s) => identity(s as AnyMachineSnapshot),
  } as Parameters<typeof getShortestPaths>[1])
    .map((path) => path.state as AfterSaleSnapshot)
    .filter((s) => s.context.application !== null);

  it('reaches all ten afterStates', () => {
    expect([...new Set(reachable.map(afterStateOf))].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('offers exactly the shopper actions the machine accepts', () => {
    for (const snapshot of reachable) {
      const view = { afterState: afterStateOf(snapshot) ?? 0, afterType: snapshot.context.application?.afterType ?? 1 };
      const offered = afterSaleActions(view).map((action) => eventOf[action]).sort();
      const accepted = Object.values(eventOf).filter((type) => samples.some((e) => e.type === type && snapshot.can(e))).sort();
      expect({ view, offered }).toEqual({ view, offered: accepted });
    }
  });
});
