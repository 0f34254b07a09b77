/** The shop's edges: read-your-writes waits, websocket connections and pushes, SMS codes sent and refused. */
import { counter, gauge, histogram } from './registry';

export const readYourWritesWaits = histogram('jishi_read_your_writes_wait_seconds',
  'Read-your-writes waits for the read models, by whether they reached the write in time', ['reached']);
export const readYourWritesTimeouts = counter('jishi_read_your_writes_timeouts_total',
  'Read-your-writes waits that ran out (the write is remembered with the session for the next request)');

export const websocketConnections = gauge('jishi_websocket_connections', 'Open websocket connections');
export const websocketPushes = counter('jishi_websocket_pushes_total', 'Pushes sent to websockets, by channel kind (order, collage, payment, ...)', ['channel_kind']);

/** `issued` (sent) or why it was refused: tooFrequent, clientLimited, phoneLocked, busy; `send-failed` when the provider failed. */
/** Of SMS_SENDS_TOTAL, the share sent in the sliding window when the last code was asked for (shared by the instances). */
export const smsBudgetUsed = gauge('jishi_sms_send_budget_used_ratio', 'Share of the SMS send budget (SMS_SENDS_TOTAL per SMS_SEND_WINDOW_MS) used, as of the last code asked for');
export const smsCodes = counter('jishi_sms_codes_total', 'SMS codes asked for, by result (issued, or the refusal: tooFrequent, clientLimited, phoneLocked, busy, send-failed)', ['result']);
