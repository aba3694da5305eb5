import { columnHeader, csvText, type ExportTable, exportFileName } from '@ludex/schemas'

/** The JSON download of a chart: its title and the same table as the CSV (headers with units). */
export function chartJson(title: string, table: ExportTable): string {
  return `${JSON.stringify({ title, columns: table.columns.map(columnHeader), rows: table.rows }, null, 2)}\n`
}

/** Hands a file built in the browser to the browser's download. */
function saveFile(fileName: string, type: string, content: string): void {
  const url = URL.createObjectURL(new Blob([content], { type }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
  // After the click has handed the file over; revoking at once can cancel it in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 0)
}

export function downloadChart(
  format: 'csv' | 'json',
  name: readonly (string | number | undefined)[],
  title: string,
  table: ExportTable,
): void {
  const fileName = exportFileName(name, format)
  if (format === 'csv') saveFile(fileName, 'text/csv;charset=utf-8', csvText(table))
  else saveFile(fileName, 'application/json', chartJson(title, table))
}
