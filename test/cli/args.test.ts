import { describe, expect, test } from 'vitest';
import { parseArgs, UsageError } from '../../src/cli/args';

/** Every boolean flag off: what a command line without them means. */
const OFF = { html: false, passages: false, csv: false };

describe('parseArgs: what each command line means', () => {
  test.each([
    [[], { kind: 'help' }],
    [['--help'], { kind: 'help' }],
    [['-h'], { kind: 'help' }],
    [['help'], { kind: 'help' }],
    [['help', 'compare'], { kind: 'help', command: 'compare' }],
    [['compare', '--help'], { kind: 'help', command: 'compare' }],
    [['--version'], { kind: 'version' }],
    [['-V'], { kind: 'version' }],
    [['extract', 'a.html', 'b.html'], { kind: 'run', command: 'extract', flags: { ...OFF, html: false }, files: ['a.html', 'b.html'] }],
    [['fingerprint', '--html', 'a.html'], { kind: 'run', command: 'fingerprint', flags: { ...OFF, html: true }, files: ['a.html'] }],
    [['fingerprint', 'a.txt', '--html'], { kind: 'run', command: 'fingerprint', flags: { ...OFF, html: true }, files: ['a.txt'] }],
    [['compare', 'a', 'b'], { kind: 'run', command: 'compare', flags: { ...OFF, html: false }, files: ['a', 'b'] }],
    [['compare', '--html', '--pairs', 'l.tsv'], { kind: 'run', command: 'compare', flags: { ...OFF, html: true, pairs: 'l.tsv' }, files: [] }],
    [['compare', '--pairs=l.tsv'], { kind: 'run', command: 'compare', flags: { ...OFF, html: false, pairs: 'l.tsv' }, files: [] }],
    [['import-file', 'a.txt', '-o', 'out.json'], { kind: 'run', command: 'import-file', flags: { ...OFF, html: false, output: 'out.json' }, files: ['a.txt'] }],
    [['import-file', '--output=o.json', '--base-url', 'https://b.example/', 'a'], { kind: 'run', command: 'import-file', flags: { ...OFF, html: false, output: 'o.json', baseUrl: 'https://b.example/' }, files: ['a'] }],
    [['fingerprint', '--passages', 'a.txt'], { kind: 'run', command: 'fingerprint', flags: { ...OFF, passages: true }, files: ['a.txt'] }],
    [['dedup', '--csv', '--html', 'pages/'], { kind: 'run', command: 'dedup', flags: { ...OFF, csv: true, html: true }, files: ['pages/'] }],
    [['fingerprint', '--', '--odd-name.txt'], { kind: 'run', command: 'fingerprint', flags: { ...OFF, html: false }, files: ['--odd-name.txt'] }],
  ])('%j', (argv, expected) => {
    expect(parseArgs(argv)).toEqual(expected);
  });
});

describe('parseArgs: usage errors', () => {
  test.each([
    [['frobnicate'], /unknown command: frobnicate/],
    [['--verbose'], /unknown option: --verbose/],
    [['help', 'nope'], /unknown command: nope/],
    [['extract', '--html', 'a.html'], /unknown option for extract: --html/],
    [['fingerprint', '--pairs', 'x', 'a'], /unknown option for fingerprint: --pairs/],
    [['fingerprint', '-x', 'a'], /unknown option for fingerprint: -x/],
    [['fingerprint'], /needs at least one file/],
    [['dedup'], /needs at least one file/],
    [['compare', '--csv', 'a', 'b'], /unknown option for compare: --csv/],
    [['dedup', '--passages', 'a'], /unknown option for dedup: --passages/],
    [['compare', 'a'], /needs two files \(got 1\)/],
    [['compare', 'a', 'b', 'c'], /needs two files \(got 3\)/],
    [['compare', '--pairs', 'l.tsv', 'a'], /either two files or --pairs/],
    [['compare', '--pairs'], /--pairs needs a value/],
    [['compare', '--pairs', 'a', '--pairs', 'b'], /--pairs given twice/],
    [['import-file', 'a.txt'], /needs -o FILE/],
    [['import-file', '--base-url', 'not a url', '-o', 'o', 'a'], /--base-url needs an absolute URL/],
  ])('%j', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(UsageError);
    expect(() => parseArgs(argv)).toThrow(message);
  });
});
