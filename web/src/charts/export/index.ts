export { type ChartExport, chartTable } from './chart-table.ts'
export { chartJson, downloadChart } from './download.ts'
export { DOWNLOAD_CSV, DOWNLOAD_JSON, ExportMenu } from './ExportMenu.tsx'
