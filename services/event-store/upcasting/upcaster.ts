/**
 * Schema evolution (issue 31 §1): every event type has a current version (1 unless registered otherwise) and, for
 * each older version still in the log, a step that rewrites its data one version up. Readers upcast what they read,
 * so deciders, projections and the audit only ever see today's shape; the store keeps what was written (the hash
 * chain covers the stored form, never the upcast one).
 */
import type { EventMetadata, RecordedEvent } from '../event-store.port';

/** Rewrites the data of an event stored at version `n` to its shape at version `n + 1`. */
export type UpcastStep = (data: unknown, metadata: EventMetadata) => unknown;

export interface EventVersioning {
  /** Current version per event type; a type not listed is at version 1. */
  readonly versions: Readonly<Record<string, number>>;
  /** steps[type][n]: version n → n + 1; one for every version from the oldest stored up to the current one. */
  readonly steps: Readonly<Record<string, Readonly<Record<number, UpcastStep>>>>;
}

export interface Upcaster {
  /** The version writers stamp on a new event of `type`. */
  currentVersion(type: string): number;
  /** The event at today's version; the same object when it already is (no allocation on the hot read paths). */
  upcast<Event extends RecordedEvent>(event: Event): Event;
}

export const DEFAULT_VERSION = 1;

export class UnknownEventVersionError extends Error {
  constructor(readonly type: string, readonly stored: number, readonly current: number) {
    super(stored > current
      ? `${type} stored at version ${stored}, newer than this build knows (${current}): deploy the newer code before reading it`
      : `${type} stored at version ${stored} has no upcaster to version ${stored + 1} (current ${current})`);
    this.name = 'UnknownEventVersionError';
  }
}

export function createUpcaster({ versions, steps }: EventVersioning): Upcaster {
  assertChains(versions, steps);
  const currentVersion = (type: string): number => versions[type] ?? DEFAULT_VERSION;
  return {
    currentVersion,
    upcast<Event extends RecordedEvent>(event: Event): Event {
      const current = versions[event.type] ?? DEFAULT_VERSION;
      // rows written before versions existed carry none: they are version 1, like every event of that time
      const stored = event.metadata.schemaVersion ?? DEFAULT_VERSION;
      if (stored === current) return event;
      if (stored > current) throw new UnknownEventVersionError(event.type, stored, current);
      let data = event.data;
      for (let version = stored; version < current; version += 1) {
        const step = steps[event.type]?.[version];
        if (!step) throw new UnknownEventVersionError(event.type, version, current);
        data = step(data, event.metadata);
      }
      // chainHash is carried over untouched: it links the stored event, which verifyChain reads from the store itself
      return { ...event, data, metadata: { ...event.metadata, schemaVersion: current } };
    },
  };
}

/** A type above version 1 must reach its current version from version 1 without a gap: checked when the registry loads. */
function assertChains(versions: EventVersioning['versions'], steps: EventVersioning['steps']): void {
  for (const [type, current] of Object.entries(versions)) {
    if (!Number.isInteger(current) || current < 0) throw new Error(`event ${type}: version ${current} is not a whole number`);
    const own = steps[type] ?? {};
    const oldest = Math.min(DEFAULT_VERSION, ...Object.keys(own).map(Number));
    for (let version = oldest; version < current; version += 1) {
      if (!own[version]) throw new Error(`event ${type} is at version ${current} but has no upcaster from version ${version}`);
    }
  }
  for (const [type, own] of Object.entries(steps)) {
    const current = versions[type] ?? DEFAULT_VERSION;
    for (const from of Object.keys(own).map(Number)) {
      if (from >= current) throw new Error(`event ${type}: upcaster from version ${from} but the current version is ${current}`);
    }
  }
}
