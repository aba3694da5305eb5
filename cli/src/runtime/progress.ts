import cliProgress from 'cli-progress'
import type { Logger } from 'pino'

export interface Progress {
  update(done: number, detail?: string): void
  stop(): void
}

/**
 * A progress bar on a terminal; elsewhere (CI, a log collector) one log line every few seconds, so long
 * work always shows that it moves and how far it is.
 */
export function createProgress(
  label: string,
  total: number,
  logger: Logger,
  stream = process.stderr,
): Progress {
  if (stream.isTTY) {
    const bar = new cliProgress.SingleBar(
      {
        format: `${label} [{bar}] {percentage}% | {value}/{total} | {rate}/s | eta {eta_formatted} {detail}`,
        hideCursor: true,
        stream,
        etaBuffer: 50,
      },
      cliProgress.Presets.shades_classic,
    )
    const started = performance.now()
    bar.start(total, 0, { rate: 0, detail: '' })
    return {
      update(done, detail = '') {
        const seconds = (performance.now() - started) / 1000
        bar.update(done, { rate: seconds > 0 ? Math.round(done / seconds) : 0, detail })
      },
      stop: () => bar.stop(),
    }
  }
  let lastLog = 0
  return {
    update(done, detail) {
      const now = performance.now()
      if (now - lastLog < 5000 && done < total) return
      lastLog = now
      logger.info({ done, total, percent: total ? Math.floor((done / total) * 100) : 100, detail }, label)
    },
    stop() {},
  }
}

export function formatDuration(ms: number): string {
  const s = ms / 1000
  if (s < 60) return `${s.toFixed(1)} s`
  const m = Math.floor(s / 60)
  return `${m} min ${Math.round(s - m * 60)} s`
}
