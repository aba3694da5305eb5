export {
  INSERT_LOG_CURSOR_KEY,
  insertLogGapAfter,
  readInsertLogCursor,
  writeInsertLogCursor,
} from './cursor.ts'
export {
  followInsertLog,
  InsertLogError,
  type InsertLogFollower,
  type InsertLogFollowerOptions,
  insertLogWriter,
  type LoggedInsert,
} from './insert-log.ts'
