/**
 * The fields of a Linux `/proc/<pid>/stat` line after the command name, so index 0 is field 3 (the state
 * letter): `pid (comm) state ppid …`, where comm may hold spaces and parentheses, so the fields start
 * after the last ')'.
 */
export function procStatFields(text: string): string[] {
  return text.slice(text.lastIndexOf(')') + 2).split(' ')
}
