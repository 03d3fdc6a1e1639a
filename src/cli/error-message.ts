/** The message of anything thrown, for an `"error"` field. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}
