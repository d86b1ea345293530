import { jsonb, numeric, PgDialect, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { rowJsonArgs } from './json-text';

const dialect = new PgDialect();
const notes = pgTable('notes', {
  id: text('id').primaryKey(),
  written_at: timestamp('written_at', { withTimezone: true, mode: 'date' }).notNull(),
  body: text('body_text'),
});

describe('rowJsonArgs', () => {
  it('names each field as drizzle keys it, in the schema order, a timestamp as toISOString writes it', () => {
    const { sql } = dialect.sqlToQuery(rowJsonArgs(notes));
    expect(sql).toBe(
      `'id', "notes"."id", 'written_at', to_char("notes"."written_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'body', "notes"."body_text"`,
    );
  });

  it('leaves out the fields asked', () => {
    expect(dialect.sqlToQuery(rowJsonArgs(notes, ['body', 'written_at'])).sql).toBe(`'id', "notes"."id"`);
  });

  it('refuses a column whose JSON in PostgreSQL differs from drizzle’s value', () => {
    const amounts = pgTable('amounts', { id: text('id'), total: numeric('total') });
    expect(() => rowJsonArgs(amounts)).toThrow(/total \(PgNumeric\)/);
    const documents = pgTable('documents', { data: jsonb('data') });
    expect(() => rowJsonArgs(documents)).toThrow(/data \(PgJsonb\)/);
  });
});
