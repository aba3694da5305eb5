// A worker that starts the browser's number, date and collation formatting (ICU) off the main thread.
// ICU's start-up (loading its locale and time-zone data) is some 15 ms of a desktop core the first time
// a page makes a formatter, four times that on a phone, and its caches are the renderer process's, not
// a thread's: once this worker has made one of each kind the pages use, the main thread's first
// formatters cost a fraction of a millisecond. after-paint.js starts it as soon as the page has painted;
// the formatters here are the kinds the app makes (en-US numbers, with fraction digits and percent; dates in UTC and
// in the local zone; en-GB dates; a collator).
new Intl.NumberFormat('en-US').format(1234.5)
new Intl.NumberFormat('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(0.5)
new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 }).format(0.5)
new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(0)
new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(0)
new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(0)
new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium' }).format(0)
new Intl.Collator().compare('a', 'b')
close()
