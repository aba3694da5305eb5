import { DataDirInUseError } from '../runtime/data-dir/lock.ts'
import { LocalAdminError } from '../runtime/local-admin/client.ts'
import { UserCommandError } from '../runtime/users.ts'

/** Exit codes of a command that did not run: the data dir is held by another process (as a refused start). */
export const REFUSED_EXIT_CODE = 2

/**
 * Wraps a one-shot command's action so that the refusals people meet read as one line on stderr, not a
 * stack trace: a data dir held by another process (exit code 2, with what would work), and a `ludex
 * user` change the accounts refuse (exit code 1). Anything else is a crash and stays one.
 */
export function withRefusals<A extends unknown[]>(
  command: string,
  action: (...args: A) => Promise<void>,
): (...args: A) => Promise<void> {
  return async (...args: A) => {
    try {
      await action(...args)
    } catch (err) {
      if (err instanceof DataDirInUseError) {
        console.error(`ludex ${command}: ${err.message}`)
        process.exitCode = REFUSED_EXIT_CODE
        return
      }
      if (err instanceof UserCommandError || err instanceof LocalAdminError) {
        console.error(`ludex ${command}: ${err.message}`)
        process.exitCode = 1
        return
      }
      throw err
    }
  }
}
