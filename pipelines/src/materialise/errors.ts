/** A materialisation step failed; `cause` holds the store's error. */
export class MaterialiseError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
    this.name = 'MaterialiseError'
  }
}
