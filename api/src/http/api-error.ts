export interface FieldIssue {
  readonly field: string
  readonly message: string
}

/** An error with its HTTP status and envelope code; anything else thrown is a 500 with no detail. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: readonly FieldIssue[],
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'ApiError'
  }

  static badRequest(details: readonly FieldIssue[]): ApiError {
    const first = details[0]
    return new ApiError(
      400,
      'invalid_request',
      first ? `Invalid ${first.field}: ${first.message}` : 'Invalid request',
      details,
    )
  }

  static notFound(message: string): ApiError {
    return new ApiError(404, 'not_found', message)
  }
}
