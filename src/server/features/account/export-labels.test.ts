import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../../db/schema';
import { CLIENT_TABLES, EMAIL_TABLE } from './client-data';
import { EXPORT_COLUMNS, EXPORT_HEADINGS, EXPORT_SKIPPED, emailExportRow } from './export-labels';

const columnsOf = new Map(
  Object.values(schema as Record<string, unknown>)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => [getTableName(table), Object.values(getTableColumns(table)).map((c) => c.name)]),
);

describe('the readable export (issue 30)', () => {
  it.each(CLIENT_TABLES.map((entry) => [entry.table, entry] as const))(
    '%s: a Dutch heading, and a Dutch name for every exported column, each name once',
    (table, entry) => {
      expect(EXPORT_HEADINGS[table], table).toBeTruthy();
      const hidden = new Set([...(entry.omit ?? []), ...(EXPORT_SKIPPED[table] ?? [])]);
      const exported = columnsOf.get(table)!.filter((column) => !hidden.has(column));
      expect(exported.length).toBeGreaterThan(0);
      const labels = exported.map((column) => EXPORT_COLUMNS[column]);
      expect(
        exported.filter((column) => !EXPORT_COLUMNS[column]),
        table,
      ).toEqual([]);
      expect(new Set(labels).size, `two columns of ${table} under one name`).toBe(labels.length);
    },
  );

  it('gives every heading once, and e-mails without their links', () => {
    const headings = [...CLIENT_TABLES.map((e) => EXPORT_HEADINGS[e.table]), EXPORT_HEADINGS[EMAIL_TABLE]];
    expect(new Set(headings).size).toBe(headings.length);
    const row = emailExportRow({
      subject: 'Stel je wachtwoord opnieuw in',
      text: 'Dag Ines,\n\nKies een nieuw wachtwoord: https://koppel.example/herstel?token=abc123 (1 uur geldig).',
      status: 'sent',
      created_at: '2026-11-27T10:00:00+00:00',
      sent_at: '2026-11-27T10:00:05+00:00',
    });
    expect(row).toEqual({
      Onderwerp: 'Stel je wachtwoord opnieuw in',
      Status: 'sent',
      'Aangemaakt op': '2026-11-27T10:00:00+00:00',
      'Verstuurd op': '2026-11-27T10:00:05+00:00',
      Tekst: 'Dag Ines,\n\nKies een nieuw wachtwoord: [link weggelaten] (1 uur geldig).',
    });
  });
});
