/**
 * Resolves in a task of its own, soon: the work after an `await nextTask()` runs apart from the work
 * before it, so the browser can paint and handle input in between (a long task on a phone is what
 * blocks it). A message to a channel of its own, not a zero timeout, which the browser delays to 4 ms
 * once timeouts nest.
 */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel()
    channel.port1.onmessage = () => {
      channel.port1.close()
      resolve()
    }
    channel.port2.postMessage(null)
  })
}
