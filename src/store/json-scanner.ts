/**
 * Incremental scanner for a JSON object one of whose members is a long array:
 * fed text chunks split anywhere, it hands back the other members and the
 * array's elements one by one, so a large file never has to be held whole.
 * It only finds where each value starts and ends; JSON.parse checks the value.
 */

export type ScanEvent =
  | { kind: 'member'; key: string; value: unknown; line: number }
  | { kind: 'arrayStart'; key: string; line: number }
  | { kind: 'element'; index: number; value: unknown; line: number }
  /** An element longer than `maxValueChars`: skipped without being kept or parsed. */
  | { kind: 'oversized'; index: number; line: number };

export class JsonScanError extends Error {
  override name = 'JsonScanError';
  constructor(message: string, readonly line: number, readonly column: number) {
    super(`${message} at line ${line}, column ${column}`);
  }
}

type State =
  | 'start' | 'keyOrEnd' | 'key' | 'colon' | 'value' | 'memberEnd'
  | 'arrayOpen' | 'elementOrEnd' | 'element' | 'elementEnd' | 'done';

type CaptureKind = 'composite' | 'string' | 'primitive';

const QUOTE = 34;
const NEWLINE = 10;
const COMMA = 44;
const CLOSE_BRACE = 125;

/**
 * Elements the one-per-line path may leave to the scanner before it stops
 * trying: a file of Déjà Lu's layout misses once (its last line holds the
 * closing brackets too), and a file laid out otherwise stops paying for
 * failed parses after a few.
 */
const LINE_MISSES_MAX = 8;

function isBlank(c: number): boolean {
  return c === 32 || c === 9 || c === 13;
}

function isDelimiter(c: number): boolean {
  // , ] } space tab newline carriage-return
  return c === 44 || c === 93 || c === 125 || c === 32 || c === 9 || c === 10 || c === 13;
}

export class StreamedObjectScanner {
  private buffer = '';
  private pos = 0;
  /** Absolute offset of buffer[0]; consumed text is dropped from the buffer. */
  private offset = 0;
  private line = 1;
  private lineStart = 0;
  private state: State = 'start';
  private key = '';
  private elementCount = 0;
  private events: ScanEvent[] = [];
  /** A syntax error found after values not yet handed back: thrown by the next call. */
  private failure: JsonScanError | undefined;
  /** Offset in `buffer` of the next newline at or after `pos` (-1: none in the buffer), or -2 when not known. */
  private nextNewline = -2;
  /** Elements the one-per-line path tried and left to the scanner (elementOnItsLine). */
  private lineMisses = 0;

  private captureStart = -1;
  private captureKind: CaptureKind = 'primitive';
  private captureLine = 0;
  private captureColumn = 0;
  private depth = 0;
  private inString = false;
  private escaped = false;
  /** The value being captured is over the limit: its text is dropped as it is scanned. */
  private skipping = false;

  /**
   * `maxValueChars` bounds the text held for any one value: a longer array
   * element is reported as `oversized` and skipped, a longer member or key
   * makes the file unreadable. So memory stays bounded whatever the input.
   */
  constructor(private readonly arrayKey: string, private readonly maxValueChars = Infinity) {}

  push(chunk: string): ScanEvent[] {
    if (this.failure) throw this.failure;
    const keep = this.captureStart >= 0 && !this.skipping ? this.captureStart : this.pos;
    this.buffer = this.buffer.slice(keep) + chunk;
    this.offset += keep;
    this.pos -= keep;
    if (this.captureStart >= 0) this.captureStart = 0;
    this.nextNewline = -2;
    try {
      this.scan();
    } catch (error) {
      // The values before the error come first, as they would had the text
      // been cut just before it: the first problem in the file is the one
      // reported, however the file is split. The error comes with the next call.
      if (!(error instanceof JsonScanError) || this.events.length === 0) throw error;
      this.failure = error;
    }
    return this.takeEvents();
  }

  /** Whether the value being captured has grown past the limit; elements then switch to skipping. */
  private checkCaptureSize(): void {
    if (this.skipping || this.pos - this.captureStart <= this.maxValueChars) return;
    if (this.state !== 'element' && this.state !== 'elementOrEnd') {
      throw this.error(`a value longer than ${this.maxValueChars} characters`, this.captureLine, this.captureColumn);
    }
    this.skipping = true;
  }

  /** Call after the last chunk; throws if the object is incomplete. */
  end(): ScanEvent[] {
    if (this.failure) throw this.failure;
    if (this.state !== 'done') {
      const where = this.state === 'start' ? 'the file is empty' :
        this.state === 'elementOrEnd' || this.state === 'element' || this.state === 'elementEnd'
          ? `the file ends inside "${this.arrayKey}" after ${this.elementCount} element(s)`
          : 'the file ends before the closing }';
      throw this.error(`truncated: ${where}`);
    }
    return this.takeEvents();
  }

  private takeEvents(): ScanEvent[] {
    const events = this.events;
    this.events = [];
    return events;
  }

  private error(message: string, line = this.line, column = this.offset + this.pos - this.lineStart + 1): JsonScanError {
    return new JsonScanError(message, line, column);
  }

  private scan(): void {
    while (this.pos < this.buffer.length) {
      if (this.captureStart >= 0) {
        const complete = this.scanCapture();
        this.checkCaptureSize();
        if (!complete) return;
        this.finishCapture();
        continue;
      }
      const c = this.buffer.charCodeAt(this.pos);
      if (c === 32 || c === 9 || c === 13 || (c === 0xfeff && this.offset + this.pos === 0)) {
        this.pos++;
      } else if (c === NEWLINE) {
        this.pos++;
        this.newline();
      } else {
        this.token(String.fromCharCode(c));
      }
    }
  }

  private newline(): void {
    this.line++;
    this.lineStart = this.offset + this.pos;
  }

  private token(ch: string): void {
    switch (this.state) {
      case 'start':
        if (ch !== '{') throw this.error('expected a JSON object starting with {');
        this.pos++;
        this.state = 'keyOrEnd';
        return;
      case 'keyOrEnd':
      case 'key':
        if (ch === '}' && this.state === 'keyOrEnd') {
          this.pos++;
          this.state = 'done';
        } else if (ch === '"') {
          this.beginCapture(ch);
        } else {
          throw this.error('expected a member name in double quotes');
        }
        return;
      case 'colon':
        if (ch !== ':') throw this.error(`expected ':' after "${this.key}"`);
        this.pos++;
        this.state = this.key === this.arrayKey ? 'arrayOpen' : 'value';
        return;
      case 'value':
      case 'elementOrEnd':
      case 'element':
        if (ch === ']' && this.state === 'elementOrEnd') {
          this.pos++;
          this.state = 'memberEnd';
        } else if (!(ch === '{' && this.state !== 'value' && this.elementOnItsLine())) {
          this.beginCapture(ch);
        }
        return;
      case 'memberEnd':
        if (ch !== ',' && ch !== '}') throw this.error("expected ',' or '}' after a member");
        this.pos++;
        this.state = ch === ',' ? 'key' : 'done';
        return;
      case 'arrayOpen':
        if (ch !== '[') throw this.error(`"${this.arrayKey}" must be an array`);
        this.events.push({ kind: 'arrayStart', key: this.key, line: this.line });
        this.pos++;
        this.state = 'elementOrEnd';
        return;
      case 'elementEnd':
        if (ch !== ',' && ch !== ']') throw this.error(`expected ',' or ']' after element ${this.elementCount - 1} of "${this.arrayKey}"`);
        this.pos++;
        this.state = ch === ',' ? 'element' : 'memberEnd';
        return;
      case 'done':
        throw this.error('unexpected text after the closing }');
    }
  }

  /**
   * An element that is the rest of its line (less a trailing comma), as
   * Déjà Lu writes its files: parsed whole by JSON.parse, whose success means
   * the object ends exactly there, without scanning it a character at a time
   * (half the time of reading a million-page file). False leaves it to the
   * scanner; after LINE_MISSES_MAX misses (several elements a line, or one
   * element over several) the file is taken to be laid out otherwise.
   */
  private elementOnItsLine(): boolean {
    if (this.lineMisses >= LINE_MISSES_MAX) return false;
    const buffer = this.buffer;
    if (this.nextNewline === -2 || (this.nextNewline !== -1 && this.nextNewline < this.pos)) this.nextNewline = buffer.indexOf('\n', this.pos);
    if (this.nextNewline === -1) return false;
    let end = this.nextNewline;
    while (end > this.pos && isBlank(buffer.charCodeAt(end - 1))) end--;
    if (buffer.charCodeAt(end - 1) === COMMA) end--;
    if (buffer.charCodeAt(end - 1) !== CLOSE_BRACE || end - this.pos > this.maxValueChars) return this.lineMiss();
    let value: unknown;
    try {
      value = JSON.parse(buffer.slice(this.pos, end));
    } catch {
      return this.lineMiss();
    }
    this.events.push({ kind: 'element', index: this.elementCount++, value, line: this.line });
    this.pos = end;
    this.state = 'elementEnd';
    return true;
  }

  private lineMiss(): false {
    this.lineMisses++;
    return false;
  }

  private beginCapture(ch: string): void {
    if (ch === ',' || ch === ']' || ch === '}' || ch === ':') throw this.error(`expected a value, found '${ch}'`);
    this.captureStart = this.pos;
    this.captureLine = this.line;
    this.captureColumn = this.offset + this.pos - this.lineStart + 1;
    this.escaped = false;
    if (ch === '{' || ch === '[') {
      this.captureKind = 'composite';
      this.depth = 1;
      this.inString = false;
      this.pos++;
    } else if (ch === '"') {
      this.captureKind = 'string';
      this.depth = 0;
      this.inString = true;
      this.pos++;
    } else {
      this.captureKind = 'primitive';
    }
  }

  /** Advances through the captured value; true once it is complete. */
  private scanCapture(): boolean {
    const buffer = this.buffer;
    const length = buffer.length;
    let pos = this.pos;
    if (this.captureKind === 'primitive') {
      while (pos < length && !isDelimiter(buffer.charCodeAt(pos))) pos++;
      this.pos = pos;
      return pos < length;
    }
    let { depth, inString, escaped } = this;
    let complete = false;
    // Most of an export is string content: inside a string, indexOf jumps to
    // the next quote or backslash (native, ~10× a loop over each character),
    // and newlines in between are counted by indexOf too. -2: not searched yet.
    let nextBackslash = -2;
    let nextNewline = -2;
    const countLines = (until: number) => {
      if (nextNewline !== -1 && nextNewline < pos) nextNewline = buffer.indexOf('\n', pos);
      while (nextNewline !== -1 && nextNewline < until) {
        this.line++;
        this.lineStart = this.offset + nextNewline + 1;
        nextNewline = buffer.indexOf('\n', nextNewline + 1);
      }
    };
    while (pos < length) {
      if (inString && !escaped) {
        const quote = buffer.indexOf('"', pos);
        if (nextBackslash !== -1 && nextBackslash < pos) nextBackslash = buffer.indexOf('\\', pos);
        let stop = quote === -1 ? length : quote;
        if (nextBackslash !== -1 && nextBackslash < stop) stop = nextBackslash;
        countLines(stop);
        if (stop === length) {
          pos = length;
          break;
        }
        pos = stop + 1;
        if (stop !== quote) {
          escaped = true;
          continue;
        }
        inString = false;
        if (depth === 0) {
          complete = true;
          break;
        }
        continue;
      }
      const c = buffer.charCodeAt(pos++);
      if (escaped) escaped = false;
      else if (c === QUOTE) {
        inString = true;
      } else if (c === 123 || c === 91) {
        depth++;
      } else if (c === 125 || c === 93) {
        if (--depth === 0) { complete = true; break; }
      }
      if (c === NEWLINE) {
        this.line++;
        this.lineStart = this.offset + pos;
      }
    }
    this.pos = pos;
    this.depth = depth;
    this.inString = inString;
    this.escaped = escaped;
    return complete;
  }

  private finishCapture(): void {
    if (this.skipping) {
      this.captureStart = -1;
      this.skipping = false;
      this.events.push({ kind: 'oversized', index: this.elementCount++, line: this.captureLine });
      this.state = 'elementEnd';
      return;
    }
    const text = this.buffer.slice(this.captureStart, this.pos);
    this.captureStart = -1;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      throw this.error(`invalid JSON (${(error as Error).message})`, this.captureLine, this.captureColumn);
    }
    const line = this.captureLine;
    switch (this.state) {
      case 'keyOrEnd':
      case 'key':
        this.key = value as string;
        this.state = 'colon';
        return;
      case 'value':
        this.events.push({ kind: 'member', key: this.key, value, line });
        this.state = 'memberEnd';
        return;
      default:
        this.events.push({ kind: 'element', index: this.elementCount++, value, line });
        this.state = 'elementEnd';
    }
  }
}
