/**
 * Test helpers other packages run against their own engines (imports vitest: never from production code).
 * The Kafka adapter's contract run lives in test/src/kafka, next to the broker harness.
 */
export {
  type BusContractOptions,
  type BusFactory,
  type BusFactoryOptions,
  type BusUnderTest,
  busContract,
  snapshot,
  snapshotSlotIndex,
  snapshotTag,
} from './bus/bus-contract.ts'
export { type ObservedEvents, observedEvents } from './bus/observed-events.ts'
export {
  type DetailsRow,
  insertDetails,
  insertSnapshots,
  openTestStore,
  type SnapshotRow,
  snapshotMaterialised,
} from './materialise/test-store.ts'
export {
  closedPort,
  landedSnapshots,
  refusedSnapshot,
  storedDeadLetterCount,
  storeRows,
} from './sink/store-failure-fixtures.ts'
