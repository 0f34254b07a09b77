/**
 * The committed record of every event type's data schema and version (event-schemas.snapshot.json), and the rule it
 * enforces: a schema may only change together with its type's version (and so with an upcaster from the old one).
 * Regenerate after a deliberate bump: `UPDATE_EVENT_SCHEMAS=1 NODE_OPTIONS=--experimental-vm-modules npx jest tests/unit/events/event-schemas.test.ts`.
 */
import { z } from 'zod';
import { eventDataSchemas } from '../../../services/event-store/upcasting/event-schemas';
import { currentSchemaVersion } from '../../../services/event-store/upcasting/event-versions';

export const SNAPSHOT_FILE = new URL('./event-schemas.snapshot.json', import.meta.url);
const REGISTRY = 'services/event-store/upcasting/event-versions.ts';
const REGENERATE = 'UPDATE_EVENT_SCHEMAS=1 NODE_OPTIONS=--experimental-vm-modules npx jest tests/unit/events/event-schemas.test.ts';

export interface SchemaEntry { version: number; schema: unknown }
export type SchemaSnapshot = Record<string, SchemaEntry>;

/** Today's schemas, keys sorted so the file diffs cleanly. */
export function currentSnapshot(): SchemaSnapshot {
  return Object.fromEntries(Object.keys(eventDataSchemas).sort().map((type) => [type, {
    version: currentSchemaVersion(type),
    schema: z.toJSONSchema(eventDataSchemas[type], { io: 'input', unrepresentable: 'any' }),
  }]));
}

/** Every way today's schemas disagree with the committed ones, as the message a developer needs. */
export function schemaDrift(committed: SchemaSnapshot, today: SchemaSnapshot): string[] {
  const problems: string[] = [];
  for (const [type, was] of Object.entries(committed)) {
    const now = today[type];
    if (!now) {
      problems.push(`event ${type} left the catalogue (services/event-store/upcasting/event-schemas.ts): its stored events still have to be read`);
    } else if (now.version < was.version) {
      problems.push(`event ${type}'s version went down from ${was.version} to ${now.version} in ${REGISTRY}`);
    } else if (now.version === was.version && JSON.stringify(now.schema) !== JSON.stringify(was.schema)) {
      problems.push(`event ${type}'s schema changed: bump its version in ${REGISTRY} and add an upcaster from version ${was.version}`);
    } else if (now.version > was.version) {
      problems.push(`event ${type} is now at version ${now.version} (snapshot: ${was.version}): regenerate the snapshot with ${REGENERATE}`);
    }
  }
  for (const type of Object.keys(today)) {
    if (!committed[type]) problems.push(`event ${type} is new: record its schema with ${REGENERATE}`);
  }
  return problems;
}
