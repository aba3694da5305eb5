import { describe, expect, it } from 'vitest'
import { junitFailures } from './schemathesis.ts'

describe('junitFailures', () => {
  it('names the operation of each failure and error, passing ones being self-closing', () => {
    const xml = `<?xml version="1.0" encoding="utf-8"?>
<testsuites errors="1" failures="1" skipped="0" tests="4" time="1.0">
  <testsuite name="schemathesis" hostname="vm" errors="1" failures="1" skipped="0" tests="4" time="1.0">
    <testcase name="GET /api/place" time="0.1" />
    <testcase name="GET /api/stats/genres" time="0.4">
      <error type="error">Schema Error

Location: a -&gt; b &amp; &quot;c&quot;</error>
    </testcase>
    <testcase name="GET /api/users/{id}" time="0.2" />
    <testcase name="PUT /api/users/{id}" time="0.3">
      <failure type="failure" message="ST101">1. Test Case ID: x
- ST101 Server error &#x2014; [500]</failure>
    </testcase>
  </testsuite>
</testsuites>`
    expect(junitFailures(xml)).toEqual([
      { operation: 'GET /api/stats/genres', kind: 'error', text: 'Schema Error\n\nLocation: a -> b & "c"' },
      {
        operation: 'PUT /api/users/{id}',
        kind: 'failure',
        text: '1. Test Case ID: x\n- ST101 Server error — [500]',
      },
    ])
  })

  it('finds nothing in a report of passing operations', () => {
    expect(
      junitFailures('<testsuites><testsuite><testcase name="GET /a" time="1" /></testsuite></testsuites>'),
    ).toEqual([])
  })
})
