export {
  type HourlyDumpResult,
  hourlyDumpPath,
  hourlyRowsOf,
  previousUtcDay,
  writeHourlyDump,
} from './hourly-dump.ts'
