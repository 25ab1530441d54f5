// Column types shared by the table definitions: how timestamps and numerics come back
// from pg and what inserts and updates accept.
import type { ColumnType } from 'kysely';

export type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
export type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
/** numeric comes back from pg as a string to keep its precision. */
export type Numeric = ColumnType<string, number | string | undefined, number | string>;
/** A column with a database default: optional on insert. */
export type Defaulted<T> = ColumnType<T, T | undefined, T>;
