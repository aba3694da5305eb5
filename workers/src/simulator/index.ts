export type { AddressBudgetOptions, AddressUse } from './http/address-budget.ts'
export * from './model/index.ts'
export * from './server.ts'
