export class BusClosedError extends Error {
  constructor(
    readonly topic: string,
    options?: { cause?: unknown },
  ) {
    super(`The bus is closed: cannot publish to ${topic}`, options)
    this.name = 'BusClosedError'
  }
}

export class DuplicateSubscriptionError extends Error {
  constructor(
    readonly topic: string,
    readonly group: string,
    options?: { cause?: unknown },
  ) {
    super(`Group ${group} already consumes ${topic} in this process`, options)
    this.name = 'DuplicateSubscriptionError'
  }
}
