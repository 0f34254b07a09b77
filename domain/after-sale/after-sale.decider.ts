import type { z } from 'zod';
import { ImageList } from '../rules/images.rule';
import { ExpressCompany, Waybill } from '../rules/waybill.rule';
import type { Decider, DecideContext } from '../shared/decider';
import { fail } from '../shared/errors';
import { evolveThrough, initialSnapshot } from '../shared/machine-decider';
import type { AfterSaleCommand } from './after-sale.commands';
import type { AfterSaleContext } from './after-sale.context';
import type { AfterSaleEvent } from './after-sale.events';
import { afterSaleMachine, afterStateOf, type AfterSaleSnapshot } from './after-sale.machine';
import { AUTO_CLOSE_MS } from './after-sale.states';
import { submissionOf } from './after-sale.submit';

/**
 * The after-sale decider (DESIGN.md §4): the state is the machine snapshot; a command becomes one event, accepted
 * only when the machine can take it (`snapshot.can`), else 售后单状态已变更 (origin code 300001).
 */
type Application = NonNullable<AfterSaleContext['application']>;

const deadline = (now: Date): string => new Date(now.getTime() + AUTO_CLOSE_MS).toISOString();

function existing(state: AfterSaleSnapshot): Application {
  return state.context.application ?? fail('afterSaleNotFound');
}

function ofShopper(state: AfterSaleSnapshot, buyerUserId: number): Application {
  const application = existing(state);
  return application.buyerUserId === buyerUserId ? application : fail('afterSaleNotFound');
}

function ofMerchant(state: AfterSaleSnapshot, shopId: number): Application {
  const application = existing(state);
  return application.shopId === shopId ? application : fail('afterSaleNotFound');
}

function checked<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value);
  return result.success ? result.data : fail('afterSaleFormInvalid', result.error.issues[0].message);
}

function allowed(state: AfterSaleSnapshot, event: AfterSaleEvent): AfterSaleEvent[] {
  return state.can(event) ? [event] : fail('afterSaleStateChanged');
}

function decide(command: AfterSaleCommand, state: AfterSaleSnapshot, { now }: DecideContext): AfterSaleEvent[] {
  const ref = (a: Application) => ({ afterId: a.afterId, orderId: a.orderId });
  switch (command.type) {
    case 'SubmitAfterSale':
      if (state.context.application) fail('afterSaleAlreadySubmitted');
      return allowed(state, submissionOf(command, deadline(now), now));
    case 'ApproveAfterSale': {
      const a = ofMerchant(state, command.shopId);
      const isReturn = a.afterType === 2;
      if (isReturn && !command.returnAddress) fail('afterSaleReturnAddressRequired');
      return allowed(state, {
        type: 'AfterSaleApproved',
        data: { ...ref(a), afterType: a.afterType, returnAddress: isReturn ? command.returnAddress : null, autoCloseAt: isReturn ? deadline(now) : null },
      });
    }
    case 'RejectAfterSale': {
      const a = ofMerchant(state, command.shopId);
      return allowed(state, { type: 'AfterSaleRejected', data: { ...ref(a), reason: command.reason, autoCloseAt: deadline(now) } });
    }
    case 'EnterReturnLogistics': {
      const a = ofShopper(state, command.buyerUserId);
      const express = checked(ExpressCompany, command.express);
      const deliverFormid = checked(Waybill, command.deliverFormid);
      return allowed(state, { type: 'AfterSaleReturnShipped', data: { ...ref(a), express, deliverFormid } });
    }
    case 'ConfirmReturnReceived':
      return allowed(state, { type: 'AfterSaleReturnReceived', data: ref(ofMerchant(state, command.shopId)) });
    case 'RefuseReturnRefund':
      return allowed(state, { type: 'AfterSaleReturnRefused', data: { ...ref(ofMerchant(state, command.shopId)), reason: command.reason } });
    case 'RequestPlatformIntervention': {
      const a = ofShopper(state, command.buyerUserId);
      const from = afterStateOf(state);
      if (from !== 6 && from !== 8) return fail('afterSaleStateChanged');
      const images = checked(ImageList, command.images);
      return allowed(state, { type: 'AfterSalePlatformInterventionRequested', data: { ...ref(a), reason: command.reason.trim(), images, fromAfterState: from } });
    }
    case 'RuleOnIntervention': {
      const a = existing(state);
      if (command.ruling === 'merchant') {
        return allowed(state, { type: 'AfterSalePlatformRuledForMerchant', data: { ...ref(a), reason: command.reason } });
      }
      const returnRequired = a.afterType === 2 && state.context.interventionFrom === 6;
      return allowed(state, {
        type: 'AfterSalePlatformRuledForShopper',
        data: { ...ref(a), reason: command.reason, returnRequired, autoCloseAt: returnRequired ? deadline(now) : null },
      });
    }
    case 'RecordRefundSucceeded': {
      const a = existing(state);
      return allowed(state, { type: 'AfterSaleRefundSucceeded', data: { ...ref(a), refundFen: a.priceFen, refundId: command.refundId } });
    }
    case 'RecordRefundFailed':
      return allowed(state, { type: 'AfterSaleRefundFailed', data: { ...ref(existing(state)), reason: command.reason } });
    case 'RetryRefund': {
      const a = existing(state);
      return allowed(state, { type: 'AfterSaleRefundRetried', data: { ...ref(a), attempt: state.context.refundAttempt + 1 } });
    }
    case 'WithdrawApplication':
      return allowed(state, { type: 'AfterSaleApplicationWithdrawn', data: ref(ofShopper(state, command.buyerUserId)) });
    case 'WithdrawReturn':
      return allowed(state, { type: 'AfterSaleReturnWithdrawn', data: ref(ofShopper(state, command.buyerUserId)) });
    case 'CloseUnhandledAfterSale': {
      const a = existing(state);
      const due = state.context.autoCloseAt;
      const event: AfterSaleEvent = { type: 'AfterSaleAutoClosed', data: { ...ref(a), dueAt: command.dueAt } };
      if (due === null || due !== command.dueAt || now.getTime() < Date.parse(due) || !state.can(event)) fail('afterSaleDeadlineStale');
      return [event];
    }
    default: {
      const unexpected: never = command;
      throw new Error(`unexpected after-sale command ${JSON.stringify(unexpected)}`);
    }
  }
}

export const afterSaleDecider: Decider<AfterSaleCommand, AfterSaleEvent, AfterSaleSnapshot> = {
  initialState: initialSnapshot(afterSaleMachine),
  evolve: evolveThrough(afterSaleMachine),
  decide,
};
