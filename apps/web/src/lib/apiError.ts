/** A failed API call: the HTTP status (0 when no answer arrived) and the server's message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Record<string, string>,
    /** The whole error answer, for the few that carry more than the envelope (e.g. a 409's conflicts). */
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
