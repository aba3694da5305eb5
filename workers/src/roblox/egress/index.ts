export { createEgress, type Egress, type EgressOptions, egressLabel } from './egress.ts'
export { EgressError } from './errors.ts'
