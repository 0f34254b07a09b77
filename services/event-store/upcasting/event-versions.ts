/**
 * THE registry of event versions and upcasters. Changing an event's data schema (domain/**\/*.events.ts) means:
 * bump its version here, add the step from the old version to `eventUpcastSteps`, regenerate the schema snapshot
 * (tests/unit/events/event-schemas.snapshot.json) and keep the golden log (tests/golden) passing.
 * Today every event is at version 1: nothing has changed shape since the log began.
 */
import { createUpcaster, type EventVersioning, type Upcaster } from './upcaster';

export const eventVersions: EventVersioning['versions'] = {};

export const eventUpcastSteps: EventVersioning['steps'] = {};

export const upcaster: Upcaster = createUpcaster({ versions: eventVersions, steps: eventUpcastSteps });

/** The version a writer stamps on a new event of `type` (metadata.schemaVersion). */
export const currentSchemaVersion = (type: string): number => upcaster.currentVersion(type);

export const upcast = upcaster.upcast;
