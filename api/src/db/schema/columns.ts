import { timestamp } from 'drizzle-orm/pg-core';

/** `timestamptz` read as a `Date`: the column type of every timestamp in the schema. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
