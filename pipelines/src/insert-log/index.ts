export {
  followInsertLog,
  InsertLogError,
  type InsertLogFollower,
  type InsertLogFollowerOptions,
  insertLogWriter,
  type LoggedInsert,
} from './insert-log.ts'
