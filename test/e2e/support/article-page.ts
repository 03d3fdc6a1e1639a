/** English article pages made from a text's paragraphs, served by the fixture server (server.ts). */
import type { GeneratedResponse } from './server';

/** A text's paragraphs, between blank lines. */
export const paragraphs = (text: string): string[] => text.split(/\n\s*\n/).map((p) => p.trim()).filter((p) => p.length > 0);

/** A text's lines, each a paragraph of its own: a forum page's short lines stay apart, as `<br>` keeps them. */
export const lines = (text: string): string[] => text.split('\n').map((line) => line.trim()).filter((line) => line.length > 0);

const escape = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');

/** A page whose `<article>` holds `title` and a `<p>` per paragraph of `body`. */
export function articlePage(title: string, body: readonly string[]): () => GeneratedResponse {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escape(title)}</title></head>
<body><article><h1>${escape(title)}</h1>${body.map((p) => `<p>${escape(p)}</p>`).join('\n')}</article></body></html>`;
  return () => ({ contentType: 'text/html; charset=utf-8', body: html });
}
