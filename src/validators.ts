import { MessageError } from './messaging';
import { MAX_URL_LENGTH } from './store/page';

/**
 * Small validators, composed into the shape of each message in
 * src/protocol.ts. A content script runs in pages we do not control, so
 * nothing it sends is trusted: each validator checks one value and returns it
 * typed, or throws a MessageError naming the value (`page.url`) and the
 * problem.
 */
export type Validator<T> = (value: unknown, name: string) => T;

/** Field name → validator; what `object` checks and `Infer` types. */
export type Shape = Readonly<Record<string, Validator<unknown>>>;

type OptionalKeys<S extends Shape> = { [K in keyof S]: undefined extends ReturnType<S[K]> ? K : never }[keyof S];
type Simplify<T> = { [K in keyof T]: T[K] } & {};

/** The object a shape validates to: a field whose validator may return `undefined` is optional. */
export type Infer<S extends Shape> = Simplify<
  { [K in Exclude<keyof S, OptionalKeys<S>>]: ReturnType<S[K]> } & { [K in OptionalKeys<S>]?: Exclude<ReturnType<S[K]>, undefined> }
>;

/** A string of at most `maxChars` UTF-16 units. */
export function string(maxChars: number): Validator<string> {
  return (value, name) => {
    if (typeof value !== 'string') throw new MessageError(`${name} must be a string`);
    if (value.length > maxChars) throw new MessageError(`${name} is longer than ${maxChars} characters`);
    return value;
  };
}

/** An http(s) address no longer than the history keeps. */
export const httpUrl: Validator<string> = (value, name) => {
  const url = string(MAX_URL_LENGTH)(value, name);
  if (!/^https?:\/\/./i.test(url)) throw new MessageError(`${name} must be an http(s) URL`);
  return url;
};

export const boolean: Validator<boolean> = (value, name) => {
  if (typeof value !== 'boolean') throw new MessageError(`${name} must be true or false`);
  return value;
};

/** Tab ids and the like. */
export const nonNegativeInteger: Validator<number> = (value, name) => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new MessageError(`${name} must be a non-negative integer`);
  return value;
};

/** A finite time in ms since the epoch. */
export const time: Validator<number> = (value, name) => {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new MessageError(`${name} must be a time in ms since the epoch`);
  return value;
};

export function oneOf<T extends string>(allowed: readonly T[]): Validator<T> {
  return (value, name) => {
    if (!allowed.includes(value as T)) throw new MessageError(`${name} must be one of ${allowed.join(', ')}`);
    return value as T;
  };
}

/** An array of at most `maxItems` values, each checked by `validate`. */
export function arrayOf<T>(validate: Validator<T>, maxItems: number): Validator<T[]> {
  return (value, name) => {
    if (!Array.isArray(value)) throw new MessageError(`${name} must be an array`);
    if (value.length > maxItems) throw new MessageError(`${name} must have at most ${maxItems} items`);
    return value.map((item, index) => validate(item, `${name}[${index}]`));
  };
}

/** A field that may be left out; `null` counts as left out, and is dropped. */
export function optional<T>(validate: Validator<T>): Validator<T | undefined> {
  return (value, name) => (value === undefined || value === null ? undefined : validate(value, name));
}

/** A flag that is either set (`true`) or left out: `false` and `null` count as left out. */
export const flag: Validator<true | undefined> = (value, name) => {
  if (value === undefined || value === null || value === false) return undefined;
  if (value !== true) throw new MessageError(`${name} must be true when present`);
  return true;
};

export function record(value: unknown, name: string): Record<string, unknown> {
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw new MessageError(`${name} must be an object`);
  return value as Record<string, unknown>;
}

/** The fields of `shape` read from `input`, in the shape's order; unknown fields and left-out optional ones are dropped. */
export function readFields<S extends Shape>(shape: S, input: Record<string, unknown>, prefix = ''): Infer<S> {
  const output: Record<string, unknown> = {};
  for (const [key, validate] of Object.entries(shape)) {
    const field = validate(input[key], `${prefix}${key}`);
    if (field !== undefined) output[key] = field;
  }
  return output as Infer<S>;
}

/** An object with the fields of `shape`, named `name.field` in errors. */
export function object<S extends Shape>(shape: S): Validator<Infer<S>> {
  return (value, name) => readFields(shape, record(value, name), `${name}.`);
}

/**
 * An object of the declared type `T`, with a validator for each of its
 * fields: a field added to `T` without one is a type error.
 */
export function objectOf<T extends object>(shape: { [K in keyof T]-?: Validator<T[K]> }): Validator<T> {
  return object(shape as Shape) as Validator<T>;
}
