import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { protocol, REQUEST_TYPES, type RequestType } from '../../src/protocol';

const DOC = resolve(import.meta.dirname, '../../docs/extension.md');

interface DocRow {
  type: string;
  fields: string[];
  direction: string;
}

/** The rows of the table under "## Messages": `` | `type {field, optional?}` | sender → receiver … | reply | ``. */
function messageRows(markdown: string): DocRow[] {
  const section = markdown.split(/^## /m).find((part) => part.startsWith('Messages\n')) ?? '';
  return [...section.matchAll(/^\| `([^`{ ]+)(?: \{([^}]*)\})?` \| ([^|]+) \|/gm)].map(([, type, fields, direction]) => ({
    type: type!,
    fields: fields === undefined ? [] : fields.split(',').map((field) => field.trim().replace(/\?$/, '')),
    direction: direction!.trim(),
  }));
}

describe('docs/extension.md lists the protocol\'s messages', () => {
  const rows = messageRows(readFileSync(DOC, 'utf8'));

  it('every message once, and no other', () => {
    expect(rows.map((row) => row.type).sort()).toEqual([...REQUEST_TYPES].sort());
  });

  it.each(REQUEST_TYPES)('%s: its fields, sender and receiver', (type: RequestType) => {
    const { from, to, request } = protocol[type];
    const row = rows.find((candidate) => candidate.type === type);
    expect(row?.fields).toEqual(Object.keys(request));
    expect(row?.direction).toMatch(new RegExp(`^${from}\\b[^→]*→ ${to}\\b`));
  });

  it('the table is read as it is written (the check itself)', () => {
    const table = '## Messages\n\n| Request | From → to | Reply |\n|---|---|---|\n| `visit {page, revisit?}` | content → background | x |\n| `ping` | background → content (`tabs.sendMessage`) | `true` |\n\n## Popup\n\n| `extract` | a | b |\n';
    expect(messageRows(table)).toEqual([
      { type: 'visit', fields: ['page', 'revisit'], direction: 'content → background' },
      { type: 'ping', fields: [], direction: 'background → content (`tabs.sendMessage`)' },
    ]);
  });
});
