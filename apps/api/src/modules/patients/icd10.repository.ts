import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { and, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { icd10Codes } from '../../db/schema.ts';

export const bundledIcd10File = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../reference-data/icd10cm/icd10cm-pt.tsv',
);

export type Icd10Row = { code: string; description: string };

/** Codes are stored with the dot after the third character, as clinicians write them. */
export const dotted = (code: string) => {
  const bare = code.replace('.', '').toUpperCase();
  return bare.length > 3 ? `${bare.slice(0, 3)}.${bare.slice(3)}` : bare;
};

/**
 * Reads our TSV (`code<TAB>description`) or the official CMS release files: the code list
 * (`A000    Cholera due to …`) and the order file (`00001 A00     0 short… long…`, billable codes only).
 */
export function parseIcd10File(text: string): Icd10Row[] {
  const rows: Icd10Row[] = [];
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim() || line.startsWith('code\t')) continue;
    const tsv = /^([A-Z][0-9][0-9A-Z](?:\.[0-9A-Z]{1,4})?)\t(.+)$/.exec(line);
    const order = /^\d{5} ([A-Z][0-9A-Z]{2,6})\s+([01]) .{60} (.+)$/.exec(line);
    const codes = /^([A-Z][0-9][0-9A-Z]{1,5})\s+(.+)$/.exec(line);
    if (tsv) rows.push({ code: dotted(tsv[1]!), description: tsv[2]!.trim() });
    else if (order) {
      if (order[2] === '1') rows.push({ code: dotted(order[1]!), description: order[3]!.trim() });
    } else if (codes) rows.push({ code: dotted(codes[1]!), description: codes[2]!.trim() });
  }
  return rows;
}

export async function importIcd10(db: DbOrTx, rows: Icd10Row[]): Promise<number> {
  const batchSize = 1000;
  for (let i = 0; i < rows.length; i += batchSize) {
    await db
      .insert(icd10Codes)
      .values(rows.slice(i, i + batchSize))
      .onConflictDoUpdate({ target: icd10Codes.code, set: { description: sql`excluded.description` } });
  }
  return rows.length;
}

/** Loads the bundled physical-therapy subset the first time the database starts. */
export async function loadBundledIcd10IfEmpty(db: DbOrTx): Promise<void> {
  const [row] = await db.select({ n: count() }).from(icd10Codes);
  if ((row?.n ?? 0) > 0) return;
  await importIcd10(db, parseIcd10File(readFileSync(bundledIcd10File, 'utf8')));
}

/**
 * Ranked search: the exact code first, then codes starting with the term, then descriptions starting with it,
 * then descriptions holding every word (closest by trigram similarity first). An empty term lists codes in order.
 */
async function searchIcd10(db: DbOrTx, search: string, page: number, pageSize: number) {
  const term = search.trim();
  const codeTerm = dotted(term.replace(/\s+/g, ''));
  const words = term.toLowerCase().split(/\s+/).filter(Boolean);
  const codeLike = `${codeTerm.replace(/[\\%_]/g, '')}%`;
  const wordsMatch = words.length
    ? and(...words.map((w) => ilike(icd10Codes.description, `%${w.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)))
    : sql`true`;
  const where = term ? or(ilike(icd10Codes.code, codeLike), wordsMatch) : sql`true`;
  const startsLike = `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const rank = sql`case
    when upper(${icd10Codes.code}) = ${codeTerm} then 0
    when ${icd10Codes.code} ilike ${codeLike} then 1
    when ${icd10Codes.description} ilike ${startsLike} then 2
    else 3 end`;
  const [rows, [total]] = await Promise.all([
    db
      .select({ code: icd10Codes.code, description: icd10Codes.description })
      .from(icd10Codes)
      .where(where)
      .orderBy(rank, sql`similarity(${icd10Codes.description}, ${term}) desc`, icd10Codes.code)
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(icd10Codes).where(where),
  ]);
  return { rows, count: total?.n ?? 0 };
}

async function findIcd10(db: DbOrTx, code: string) {
  const [row] = await db.select().from(icd10Codes).where(eq(icd10Codes.code, code)).limit(1);
  return row;
}

/** The ICD-10 list, global reference data that belongs to no clinic. */
export const createIcd10Repository = (db: DbOrTx) => ({
  search: (search: string, page: number, pageSize: number) => searchIcd10(db, search, page, pageSize),
  find: (code: string) => findIcd10(db, code),
});
