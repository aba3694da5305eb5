/** The configured egress cannot carry a request (proxy refused or unreachable, bad setting). */
export class EgressError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'EgressError'
  }
}
