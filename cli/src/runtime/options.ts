import { InvalidArgumentError } from 'commander'

/** A commander parser for a non-negative integer option, naming the option when the value is bad. */
export function intOption(name: string, min = 0, max = Number.MAX_SAFE_INTEGER) {
  return (value: string): number => {
    if (!/^\d+$/.test(value)) throw new InvalidArgumentError(`${name} must be a whole number, got '${value}'`)
    const n = Number(value)
    if (n < min || n > max) throw new InvalidArgumentError(`${name} must be between ${min} and ${max}`)
    return n
  }
}

/** A time given as an ISO date/time or epoch milliseconds. */
export function timeOption(name: string) {
  return (value: string): number => {
    const n = /^\d+$/.test(value) ? Number(value) : Date.parse(value)
    if (!Number.isFinite(n)) {
      throw new InvalidArgumentError(`${name} must be an ISO date/time or epoch ms, got '${value}'`)
    }
    return n
  }
}
