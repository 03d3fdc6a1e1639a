/** Help texts: `deja-lu --help` and `deja-lu help <command>`. */
import { FINGERPRINT_SCHEME } from '../core/scheme';
import type { Command } from './args';

export const GENERAL_USAGE = `Usage: deja-lu <command> [options] FILE…

Déjà Lu's engine on files: the same article extraction and fingerprints as
the browser extension. Output is one JSON object per line on stdout.

Commands:
  extract FILE.html…                    the article text of each page
  fingerprint [--html] DIR|FILE…        the 64-bit SimHash of each file
  compare [--html] A B                  the verdict for B after reading A
  compare [--html] --pairs LIST.tsv     the same for each pair in a list
  import-file [--html] FILE… -o OUT     an export file to import into the extension
  dedup [--html] [--csv] DIR|FILE…      clusters of near-duplicates in a corpus

Options:
  -h, --help        this help; "deja-lu help <command>" for one command
  -V, --version     the version

Files are plain UTF-8 text unless --html is given (extract always reads
HTML); an HTML file's encoding comes from its byte order mark or <meta
charset>, else UTF-8. A file that cannot be read or parsed (missing, binary,
no HTML markup with --html, no article text) gives a line
{"file": …, "error": "…"}; the other files are still processed and the exit
code is 1.

Exit codes: 0 all files processed, 1 some files failed, 2 bad command line.
`;

const COMMAND_USAGE: Record<Command, string> = {
  extract: `Usage: deja-lu extract FILE.html…

Extracts the article from each saved web page, as the extension does:
Mozilla Readability, then the text of each block element (paragraph,
heading, list item, table cell…) with whitespace collapsed, blocks separated
by a blank line. When Readability finds no article, the text of the whole
page body is used.

Output, one line per file:
  {"file":"page.html","title":"…","text":"…"}
`,
  fingerprint: `Usage: deja-lu fingerprint [--html] [--passages] DIR|FILE…

The fingerprint the extension stores for each file's text. A directory stands
for every file below it, in name order. From 8 files and about 16 MB of text
on (3 MB of Chinese, 1 MB of HTML with --html), the work is spread over every
core; the output is the same.

  --html        the files are web pages: extract the article first
  --passages    add "passages" (the passage fingerprints, hex), "words" and
                "cjkChars" (the text's length): what dedup needs to find
                partial copies

Output, one line per file:
  {"file":"a.txt","simhash":"<16 hex digits>","blocks":[b0,b1,b2,b3],"chars":N,"scheme":${FINGERPRINT_SCHEME}}
blocks are the four 16-bit parts of the SimHash, most significant first (the
extension's index keys); chars counts Unicode code points of the text; scheme
is the version of the fingerprint rules they were computed with
(docs/detection.md, "Fingerprint schemes").
`,
  compare: `Usage: deja-lu compare [--html] A B
       deja-lu compare [--html] --pairs LIST.tsv

The verdict the extension would show on page B after the user had read page
A: "duplicate", "partial", "quote" (one holds a passage of the other),
"different" or "too_short" (too little text to judge either way: a text
under the minimum length counts only by passages found in the other), and the
Hamming distance between the two fingerprints. (The extension ignores quotes
between pages of one site and of text many pages share.)

  --html          the files are web pages: extract the articles first
  --pairs LIST    compare each pair in LIST: one pair per line, path A, a
                  TAB, path B; further columns are ignored. Relative paths
                  resolve against LIST's folder. Blank lines and lines
                  starting with "#" are skipped, and so is a first line whose
                  first two fields are not both existing files (a header).
                  A list left with no pair to compare is an error.

Output, one line per pair:
  {"a":"A","b":"B","distance":N,"verdict":"duplicate"}
A pair with a file that cannot be used gives {"a","b","file","error"}.
Each file is read and fingerprinted once per run, however many pairs use it.
`,
  'import-file': `Usage: deja-lu import-file [--html] [--base-url URL] FILE… -o OUT.json

Writes OUT.json in the extension's history export format, one page per file
(source "author"), so that importing it on the History page makes the
extension recognise reposts of your own articles.

  --html            the files are web pages: extract the articles first
  -o, --output OUT  the export file to write (replaced when complete)
  --base-url URL    a file's address is its path relative to the current
                    folder resolved against URL: with https://blog.example/,
                    posts/a.html becomes https://blog.example/posts/a.html

A page's address is the canonical URL it declares (<link rel=canonical> or
og:url), else the one from --base-url, else the file:// URL of its path.
The title is the article's, else the file name.

Output, one line per file:
  {"file":"a.html","url":"https://…","title":"…","fingerprint":"<16 hex>"}
`,
  dedup: `Usage: deja-lu dedup [--html] [--csv] DIR|FILE…

Finds the near-duplicates inside a corpus: every group of texts the
extension would call copies of each other, and the partial copies (a text
holding a large part of a longer one).

Each argument is a folder (every file below it is a document), a .jsonl file
of lines printed by "deja-lu fingerprint" (precomputed: only the fingerprints
are kept in memory, about 24 bytes per line; lines made with --passages also
give partial copies), or a document file.

  --html    the documents are web pages: extract the articles first
  --csv     print CSV (cluster,kind,file,of,distance) instead of JSON lines

Output, one line per group of copies, then one per partial copy:
  {"kind":"duplicates","cluster":1,"files":["a.txt","b.txt"],"distances":[0,2]}
  {"kind":"partial","file":"part.txt","of":"whole.txt","distance":17}
distances are to the group's first file. A summary goes to stderr, with a
progress line while it runs when stderr is a terminal.
`,
};

export function usageOf(command?: Command): string {
  return command === undefined ? GENERAL_USAGE : COMMAND_USAGE[command];
}
