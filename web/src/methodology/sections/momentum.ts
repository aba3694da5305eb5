import {
  MOMENTUM_CHANGE_THRESHOLD,
  MOMENTUM_LABEL_TEXT,
  MOMENTUM_MIN_CCU,
  MOMENTUM_MIN_DAYS,
  MOMENTUM_WINDOW_DAYS,
} from '@ludex/schemas'
import type { MethodologySection } from '../section.ts'

const pct = `${Math.round(MOMENTUM_CHANGE_THRESHOLD * 100)} %`
const { rising, stable, declining } = MOMENTUM_LABEL_TEXT

/** Momentum (issue 20.3); the numbers are the ones the API computes with (@ludex/schemas). */
export const momentumSection: MethodologySection = {
  id: 'momentum',
  title: 'Momentum',
  computed: [
    `A label, ${rising}, ${stable} or ${declining}, from the trend of the daily average CCU: the mean of the daily averages of the last ${MOMENTUM_WINDOW_DAYS} complete days against the mean of the ${MOMENTUM_WINDOW_DAYS} days before them. Every day weighs the same.`,
    `The change is (recent − earlier) ÷ the earlier mean, where the earlier mean counts as at least ${MOMENTUM_MIN_CCU} players. A change of +${pct} or more is ${rising}, −${pct} or less is ${declining}, anything between is ${stable}.`,
    `No label is given when either period has fewer than ${MOMENTUM_MIN_DAYS} days with data, or when both means are below ${MOMENTUM_MIN_CCU} CCU: a handful of players moves by tens of percent by chance.`,
  ],
  samples: [
    'The 10-minute concurrent-user samples of each experience, averaged per day (a day runs from 01:00 to 01:00 UTC) in the day rollups. A day\u2019s average is the mean of the samples the day has, however many were polled.',
  ],
  delay: [
    'The label moves once a day, shortly after 01:00 UTC when the day that just ended is rolled up; the day in progress is never used.',
  ],
  pitfalls: [
    'A one-day event (an update, a feature on the front page) lifts one day in seven: enough to read as Rising for a week, then as Declining the week after.',
    'Weekly rhythms cancel out, since both periods hold every day of the week once; holidays and school terms do not.',
    `Days missing from the polling (an outage) shrink a period\u2019s sample; with fewer than ${MOMENTUM_MIN_DAYS} days left it gets no label rather than a guess.`,
    `The ${MOMENTUM_MIN_CCU}-player floor means that a game growing from 0 to ${MOMENTUM_MIN_CCU * 2} players shows +200 %, not an infinite rise.`,
  ],
}
